import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2 } from 'lucide-react';
import type { ServiceState, ServiceStatus } from '@12yards/api';
import { Badge, Button, Card, CardContent } from '@12yards/ui';
import { useAdminMutation } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { HISTORY_KEY } from '../lib/history';
import { ResourceList } from '../kit/ResourceList';
import { HistorySection } from '../components/HistorySection';

export const STATUS_KEY = ['/api/service-status'];

export function StatusTab() {
  const statuses = useQuery<ServiceStatus[]>({ queryKey: STATUS_KEY });
  const toggle = useAdminMutation<{ id: string; status: ServiceState; version?: number }>({
    mutationFn: (write, { id, status, version }) =>
      write('PUT', `/api/admin/service-status/${id}`, { status }, { version }),
    invalidate: [STATUS_KEY, HISTORY_KEY],
    success: 'Service status updated successfully',
    failure: 'Failed to update service status',
  });

  return (
    <ResourceList
      title="Service Status"
      description="What the public status page shows for each service."
      query={statuses}
      items={statuses.data ?? []}
      texts={{
        loading: 'Loading service statuses...',
        errorWhat: 'service statuses',
        empty: 'No services found',
      }}
      layout="pairs"
      render={(s) => {
        const operational = s.status === 'operational';
        return (
          <Card className={operational ? undefined : 'border-destructive/50'}>
            <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="flex items-start gap-3">
                {operational ? (
                  <CheckCircle2 className="mt-0.5 size-6 text-primary" aria-hidden="true" />
                ) : (
                  <AlertTriangle className="mt-0.5 size-6 text-destructive" aria-hidden="true" />
                )}
                <div>
                  <h3 className="font-semibold">{s.serviceName}</h3>
                  {operational ? (
                    <Badge variant="success">Fully Operational</Badge>
                  ) : (
                    <Badge variant="destructive">Issue under investigation</Badge>
                  )}
                  <p className="mt-1 text-xs text-muted-foreground">
                    Last updated {formatDateTime(s.lastUpdated)}
                  </p>
                </div>
              </div>
              <Button
                variant={operational ? 'outline' : 'default'}
                className={
                  operational ? 'border-destructive/60 text-destructive hover:text-destructive' : undefined
                }
                size="sm"
                disabled={toggle.isPending}
                onClick={() =>
                  toggle.mutate({
                    id: s.id,
                    status: operational ? 'issue' : 'operational',
                    version: s.version,
                  })
                }
                aria-label={`${operational ? 'Mark as Issue' : 'Mark as Operational'}: ${s.serviceName}`}
              >
                {operational ? 'Mark as Issue' : 'Mark as Operational'}
              </Button>
              <HistorySection
                entityType="service-status"
                id={s.id}
                name={s.serviceName}
                className="basis-full"
              />
            </CardContent>
          </Card>
        );
      }}
    />
  );
}
