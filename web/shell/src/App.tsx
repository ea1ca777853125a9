import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PublicLayout } from './components/PublicLayout';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';
import { PageSpinner } from './components/PageSpinner';
import { RouteErrorBoundary } from './components/RouteErrorBoundary';
import { ScrollToTop } from './components/ScrollToTop';

// Only the home page is in the entry chunk; every other route is fetched when visited.
const NewsPage = lazy(() => import('./pages/NewsPage'));
const StatusPage = lazy(() => import('./pages/StatusPage'));
const PrivacyPolicyPage = lazy(() => import('./pages/PrivacyPolicyPage'));
const TermsOfServicePage = lazy(() => import('./pages/TermsOfServicePage'));
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
