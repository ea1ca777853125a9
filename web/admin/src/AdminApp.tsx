import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LayoutDashboard, LogOut } from 'lucide-react';
import { apiRequest, getQueryFn, type SessionResponse } from '@12yards/api';
import { Button, Tabs, TabsContent, TabsList, TabsTrigger, Toaster } from '@12yards/ui';
import { ME_KEY, SessionContext, useSession } from './lib/session';
import { CountBadge, countDescription, LiveProvider, tabCount, useLiveUpdates } from './lib/live';
import { useUnreadMessages } from './lib/unread';
import { Loading, LoadError } from './components/QueryState';
import { DashboardTab } from './tabs/DashboardTab';
import { NewsTab } from './tabs/NewsTab';
import { PartnersTab } from './tabs/PartnersTab';
import { ContactsTab } from './tabs/ContactsTab';
import { FaqsTab } from './tabs/FaqsTab';
import { MediaTab } from './tabs/MediaTab';
import { GalleryTab } from './tabs/GalleryTab';
import { StatusTab } from './tabs/StatusTab';
import { TemplatesTab } from './tabs/TemplatesTab';
import { SettingsTab } from './tabs/SettingsTab';
import { ActivityTab } from './tabs/ActivityTab';
import { TrashTab } from './tabs/TrashTab';
import { PrivacyTab } from './tabs/PrivacyTab';

export const LOGIN_PATH = '/admin-login';

export const TABS = [
  { value: 'dashboard', label: 'Dashboard', Component: DashboardTab },
  { value: 'news', label: 'News', Component: NewsTab },
  { value: 'partners', label: 'Applications', Component: PartnersTab },
  { value: 'contacts', label: 'Messages', Component: ContactsTab },
  { value: 'faqs', label: 'FAQs', Component: FaqsTab },
  { value: 'media', label: 'Media', Component: MediaTab },
  { value: 'app-gallery', label: 'App Gallery', Component: GalleryTab },
  { value: 'status', label: 'Service Status', Component: StatusTab },
  { value: 'templates', label: 'Templates', Component: TemplatesTab },
  { value: 'settings', label: 'Settings', Component: SettingsTab },
  { value: 'activity', label: 'Recent activity', Component: ActivityTab },
  { value: 'trash', label: 'Trash', Component: TrashTab },
  { value: 'privacy', label: 'Privacy', Component: PrivacyTab },
] as const;

/**
 * The admin panel, exposed to the shell as 'admin/AdminApp' (src/expose.tsx adds its stylesheet). It renders
 * inside the host's router and QueryClient (shared singletons) and brings its own toast viewport: the admin
 * bundles its own @12yards/ui, whose toast store is not the shell's.
 */
export default function AdminApp() {
  return (
    <>
      <title>Admin Dashboard</title>
      <meta name="robots" content="noindex, nofollow" />
      <AdminGate>
        <Dashboard />
      </AdminGate>
      <Toaster />
    </>
  );
}

/** Asks the gateway who is signed in; no session (401) goes to the login page. */
export function AdminGate({ children }: { children: React.ReactNode }) {
  const me = useQuery<SessionResponse | null>({
    queryKey: ME_KEY,
    queryFn: getQueryFn<SessionResponse>({ on401: 'returnNull' }),
    staleTime: 0,
  });
  // A cached 'no session' (from before a login) is not trusted while the check runs again.
  if (me.isPending || (me.isFetching && !me.data)) return <Loading text="Checking your session..." />;
  if (me.isError) {
    return (
      <div className="mx-auto max-w-xl p-6">
        <LoadError what="your session" error={me.error} onRetry={() => void me.refetch()} />
      </div>
    );
  }
  if (!me.data) return <Navigate to={LOGIN_PATH} replace />;
  return <SessionContext.Provider value={me.data}>{children}</SessionContext.Provider>;
}

function Dashboard() {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = TABS.some((t) => t.value === requested) ? requested! : 'dashboard';
  const live = useLiveUpdates(tab);
  const unreadMessages = useUnreadMessages(live.connected);

  async function logout() {
    try {
      await apiRequest('POST', '/api/auth/logout', undefined, { csrfToken: session.csrfToken });
    } catch {
      // The session may already be gone; leaving the panel is what matters.
    }
    queryClient.setQueryData(ME_KEY, null);
    navigate(LOGIN_PATH, { replace: true });
  }

  return (
    <div className="min-h-dvh bg-muted">
      <header className="bg-night text-white shadow">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <div className="flex items-center gap-3">
            <LayoutDashboard className="size-7 text-accent" aria-hidden="true" />
            <div>
              <h1 className="text-xl font-bold tracking-tight sm:text-2xl">Admin Dashboard</h1>
              <p className="text-xs text-slate-300">
                Signed in as <bdi>{session.user.username}</bdi> ({session.user.role})
              </p>
            </div>
          </div>
          <Button
            variant="outline"
            className="border-white/40 bg-transparent text-white hover:bg-white/10"
            onClick={logout}
          >
            <LogOut aria-hidden="true" />
            Logout
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6" data-live={live.connected ? 'on' : 'off'}>
        <Tabs
          value={tab}
          onValueChange={(value) =>
            // Only the tab: a list's filters in the address (a dashboard figure's link) belong to that list.
            setParams(new URLSearchParams({ tab: value }))
          }
        >
          <TabsList
            aria-label="Admin sections"
            // A phone gets one row that scrolls sideways instead of four rows of tabs.
            className="w-full justify-start bg-background shadow-sm max-sm:flex-nowrap max-sm:overflow-x-auto"
          >
            {TABS.map((t) => (
              <TabsTrigger
                key={t.value}
                value={t.value}
                className="shrink-0 data-[state=active]:bg-primary data-[state=active]:text-primary-foreground"
                {...countDescription(t.value, tabCount(t.value, live.unseen, unreadMessages))}
              >
                {t.label}
                <CountBadge tab={t.value} count={tabCount(t.value, live.unseen, unreadMessages)} />
              </TabsTrigger>
            ))}
          </TabsList>
          <LiveProvider value={live}>
            {TABS.map(({ value, Component }) => (
              <TabsContent key={value} value={value}>
                <Component />
              </TabsContent>
            ))}
          </LiveProvider>
        </Tabs>
      </main>
    </div>
  );
}
