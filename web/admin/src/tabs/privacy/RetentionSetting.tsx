import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { apiRequest, privacyRetention, privacyRetentionRequest, type PrivacyRetention } from '@12yards/api';
import { Card, CardContent, Input } from '@12yards/ui';
import { useAdminMutation } from '../../lib/api';
import { failureWithReason } from '../../lib/errors';
import { useDenied } from '../../lib/permissions';
import { Field } from '../../components/Field';
import { RoleButton } from '../../kit/RoleButton';

const RETENTION_PATH = '/api/admin/privacy/retention';
const RETENTION_FAILED = 'Failed to save the retention period';

/**
 * The retention period (issue 26 item 4): how many months after their last change applications that never became
 * partners and contact messages are erased automatically; an admin changes it, an editor reads it.
 */
export function RetentionSetting() {
  const denied = useDenied('put', RETENTION_PATH);
  const [months, setMonths] = useState('');
  const [error, setError] = useState<string>();
  const query = useQuery<PrivacyRetention>({
    queryKey: [RETENTION_PATH],
    queryFn: async () => privacyRetention.parse(await (await apiRequest('GET', RETENTION_PATH)).json()),
  });
  const save = useAdminMutation<number, PrivacyRetention>({
    mutationFn: async (write, value) =>
      privacyRetention.parse(await write('PUT', RETENTION_PATH, { months: value })),
    invalidate: [[RETENTION_PATH]],
    success: 'Retention period saved',
    failure: (err) => failureWithReason(RETENTION_FAILED, err),
    onSuccess: () => setMonths(''),
  });

  function onSave(e: React.FormEvent) {
    e.preventDefault();
    // Checked as the server checks it: a whole number of months, 1 to 600.
    const parsed = privacyRetentionRequest.safeParse({
      months: months.trim() === '' ? undefined : Number(months),
    });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    if (parsed.success) save.mutate(parsed.data.months);
  }

  const current = query.data;
  return (
    <section aria-labelledby="privacy-retention-heading" className="mt-4">
      <Card>
        <CardContent className="grid gap-3 p-4">
          <h3 id="privacy-retention-heading" className="font-semibold">
            Retention period
          </h3>
          {query.isError ? (
            <p className="text-sm text-destructive">Failed to load the retention period</p>
          ) : !current ? (
            <p className="text-sm text-muted-foreground">Loading the retention period…</p>
          ) : (
            <p className="text-sm text-muted-foreground">
              Applications that never became partners and contact messages are erased automatically{' '}
              {current.months} months after their last change.{' '}
              {current.changedAt
                ? `Set by ${current.changedBy ?? 'an admin'} on ${current.changedAt.slice(0, 10)}.`
                : 'This is the default.'}
            </p>
          )}
          <form noValidate onSubmit={onSave} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field label="Months after the last change" error={error} className="sm:w-64">
              <Input
                type="number"
                inputMode="numeric"
                min={1}
                max={600}
                step={1}
                value={months}
                placeholder={current ? String(current.months) : undefined}
                onChange={(e) => setMonths(e.target.value)}
                disabled={denied !== undefined}
              />
            </Field>
            <RoleButton
              denied={denied}
              label="Save retention period"
              size="sm"
              type="submit"
              disabled={save.isPending || !current}
            >
              <Clock aria-hidden="true" />
              Save
            </RoleButton>
          </form>
        </CardContent>
      </Card>
    </section>
  );
}
