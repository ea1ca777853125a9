import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PublicLayout } from './components/PublicLayout';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PageSpinner } from './components/PageSpinner';
import { RouteErrorBoundary } from './components/RouteErrorBoundary';
import { ScrollToTop } from './components/ScrollToTop';
import { staticPart } from './lib/static-island';

// Only the home page is in the entry chunk; every other route is fetched when visited.
const NewsPage = lazy(() => import('./pages/NewsPage'));
const StatusPage = lazy(() => import('./pages/StatusPage'));
// The legal pages are text and links: served as HTML, kept as they are when the page hydrates (no page code
// fetched), their code fetched when the browser renders one itself (a visitor arriving from another page).
const PrivacyPolicyPage = staticPart('privacy-policy', () =>
  import('./pages/PrivacyPolicyPage').then((m) => m.default),
);
const TermsOfServicePage = staticPart('terms-of-service', () =>
  import('./pages/TermsOfServicePage').then((m) => m.default),
);
const PartnerConsolePage = lazy(() => import('./pages/PartnerConsolePage'));
const AdminLoginPage = lazy(() => import('./pages/AdminLoginPage'));
const AdminRoute = lazy(() => import('./pages/AdminRoute'));

export function App() {
  return (
    <>
      <ScrollToTop />
      {/* The public pages have their own boundary inside the layout; this one covers the standalone routes. */}
      <RouteErrorBoundary>
        <Suspense fallback={<PageSpinner />}>
          <Routes>
            <Route element={<PublicLayout />}>
              <Route index element={<HomePage />} />
              <Route path="news" element={<NewsPage />} />
              <Route path="status" element={<StatusPage />} />
              <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
              <Route path="terms-of-service" element={<TermsOfServicePage />} />
              <Route path="*" element={<NotFoundPage />} />
            </Route>
            <Route path="partner-console" element={<PartnerConsolePage />} />
            <Route path="admin-login" element={<AdminLoginPage />} />
            <Route path="admin12YardsDB/*" element={<AdminRoute />} />
          </Routes>
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}
