import { lazy, Suspense, type ComponentType } from 'react';
import { Link } from 'react-router';
import { Seo } from '../components/Seo';
import { PageSpinner } from '../components/PageSpinner';
import { ErrorBoundary } from '../lib/error-boundary';

export const ADMIN_REMOTE = { name: 'admin', entry: '/admin-app/remoteEntry.js', type: 'module' } as const;

// The remote is registered at runtime, only when this route renders: a static `remotes` entry would make every
// public page fetch the admin's remoteEntry.js (DESIGN.md "Web"). The runtime, and the shell's copies of the shared
// singletons it hands the remote (lib/admin-shared.ts), are themselves lazy: public pages carry neither.
const AdminApp = lazy(async () => {
  const [{ createInstance }, { adminShared }] = await Promise.all([
    import('@module-federation/runtime'),
    import('../lib/admin-shared'),
  ]);
  const federation = createInstance({
    name: 'shell',
    remotes: [ADMIN_REMOTE],
    shared: adminShared,
    // The shell's copies are loaded already: the remote must use them, never its own.
    shareStrategy: 'loaded-first',
  });
  const mod = await federation.loadRemote<{ default: ComponentType }>('admin/AdminApp');
  if (!mod) throw new Error('The admin panel could not be loaded.');
  return mod;
});

function RemoteLoadError() {
  return (
    <div role="alert" className="mx-auto max-w-md px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">The admin panel could not be loaded</h1>
      <p className="mt-2 text-muted-foreground">Check your connection and reload the page.</p>
      <Link to="/" className="mt-6 inline-block font-semibold text-primary underline">
        Back to home
      </Link>
    </div>
  );
}

export default function AdminRoute() {
  return (
    <>
      <Seo title="Admin Dashboard" description="12Yards administration." path="/admin12YardsDB" noindex />
      <ErrorBoundary fallback={<RemoteLoadError />}>
        <Suspense fallback={<PageSpinner label="Loading admin panel..." />}>
          <AdminApp />
        </Suspense>
      </ErrorBoundary>
    </>
  );
}
