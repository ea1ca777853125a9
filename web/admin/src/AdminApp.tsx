import { LayoutDashboard } from 'lucide-react';
import './admin.css';

/**
 * The admin panel exposed to the shell as 'admin/AdminApp'. It renders inside the shell's router, QueryClient
 * and toaster (shared singletons). Skeleton until the admin issue fills in the tabs.
 */
export default function AdminApp() {
  return (
    <main className="min-h-dvh bg-muted">
      <header className="border-b border-border bg-background">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
          <LayoutDashboard className="size-6 text-primary" aria-hidden="true" />
          <h1 className="text-xl font-bold">Admin Dashboard</h1>
        </div>
      </header>
      <p className="mx-auto max-w-7xl px-4 py-10 text-muted-foreground sm:px-6" data-testid="admin-remote-loaded">
        The admin panel is loading its tabs.
      </p>
    </main>
  );
}
