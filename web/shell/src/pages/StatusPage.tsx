import { Link } from 'react-router';
import { CheckCircle2, AlertTriangle, HelpCircle, Loader2 } from 'lucide-react';
import { DEFAULT_SERVICES, type ServiceStatus } from '@12yards/api';
import { Badge, Card, CardContent, CardHeader, CardTitle } from '@12yards/ui';
import { Seo } from '../components/Seo';
import { useServiceStatus } from '../lib/queries';
import { useSiteActions } from '../components/site-actions';
import { formatDateTime } from '../lib/dates';
import { useTimeZone } from '../lib/render-context';

type Row = Pick<ServiceStatus, 'id' | 'serviceName' | 'status'> & {
  description?: string | null;
  /** Absent for the default rows, which have no real update time. */
  lastUpdated?: string;
};

export function statusLabel(status: string): string {
  if (status === 'operational') return 'Fully Operational';
  if (status === 'issue') return 'Issue under investigation';
  return 'Checking Status';
}

function StatusBadge({ status }: { status: string }) {
  if (status === 'operational')
    return (
      <Badge variant="success">
        <CheckCircle2 className="size-3.5" aria-hidden="true" /> {statusLabel(status)}
      </Badge>
    );
  if (status === 'issue')
    return (
      <Badge variant="warning">
        <AlertTriangle className="size-3.5" aria-hidden="true" /> {statusLabel(status)}
      </Badge>
    );
  return (
    <Badge variant="outline">
      <HelpCircle className="size-3.5" aria-hidden="true" /> {statusLabel(status)}
    </Badge>
  );
}

export default function StatusPage() {
  const { data, isLoading, isError } = useServiceStatus();
  const { scrollThenOpen } = useSiteActions();
  const timeZone = useTimeZone();
  // When the server returns none, the four core services are shown as operational (SPEC section 2). When it
  // cannot be reached, their state is unknown: they are listed as 'Checking Status', never claimed operational.
  const rows: Row[] =
    data && data.length > 0
      ? data
      : DEFAULT_SERVICES.map((serviceName) => ({
          id: serviceName,
          serviceName,
          status: isError ? 'unknown' : 'operational',
        }));
  const allGood = rows.every((r) => r.status === 'operational');
  // Only a service reported with an issue makes the summary say so; one whose state is unknown reads as its badge.
  const someIssue = rows.some((r) => r.status === 'issue');

  return (
    <div className="bg-muted">
      <Seo
        title="Service Status | 12Yards"
        description="Live status of the 12Yards apps and services: Android, iOS, points and rewards, and auctions."
        path="/status"
      />
      <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Service Status</h1>
        <p className="mt-2 text-muted-foreground">The current state of every 12Yards service.</p>

        {/* The card's title is an h3 (CardTitle): this keeps the outline without a skipped level. */}
        <h2 className="sr-only">Services</h2>
        <Card className="mt-8">
          <CardHeader className="border-b border-border">
            <CardTitle className="flex items-center gap-2 text-base">
              {isLoading ? (
                <>
                  <Loader2 className="size-5 animate-spin" aria-hidden="true" /> Checking Status
                </>
              ) : isError ? (
                <>
                  <HelpCircle className="size-5 text-muted-foreground" aria-hidden="true" /> Live status could
                  not be loaded
                </>
              ) : allGood ? (
                <>
                  <CheckCircle2 className="size-5 text-primary" aria-hidden="true" /> All systems operational
                </>
              ) : someIssue ? (
                <>
                  <AlertTriangle className="size-5 text-warning-foreground" aria-hidden="true" /> Some
                  services have issues
                </>
              ) : (
                <>
                  <HelpCircle className="size-5 text-muted-foreground" aria-hidden="true" /> Checking Status
                </>
              )}
            </CardTitle>
          </CardHeader>
          <CardContent className="p-0">
            <ul className="divide-y divide-border">
              {rows.map((r) => (
                <li
                  key={r.id}
                  className="flex flex-col items-start gap-2 px-6 py-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div>
                    <p className="font-semibold">{r.serviceName}</p>
                    {r.description && <p className="text-sm text-muted-foreground">{r.description}</p>}
                    {r.lastUpdated && (
                      <p className="text-xs text-muted-foreground">
                        Last updated:{' '}
                        <time dateTime={r.lastUpdated}>{formatDateTime(r.lastUpdated, timeZone)}</time>
                      </p>
                    )}
                  </div>
                  {isLoading ? <StatusBadge status="checking" /> : <StatusBadge status={r.status} />}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>

        <p className="mt-8 text-center text-sm text-muted-foreground">
          Having trouble that is not listed here?{' '}
          <Link
            to="/#contact"
            onClick={(e) => {
              e.preventDefault();
              scrollThenOpen('contact');
            }}
            className="font-semibold text-primary underline-offset-2 hover:underline"
          >
            Contact us
          </Link>
          .
        </p>
      </div>
    </div>
  );
}
