import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileSearch, ShieldX } from 'lucide-react';
import {
  apiRequest,
  privacyErasureResult,
  privacyExport,
  privacyExportQuery,
  type PrivacyErasureResult,
  type PrivacyExport,
} from '@12yards/api';
import { Card, CardContent, Input } from '@12yards/ui';
import { toastError, useAdminMutation } from '../lib/api';
import { failureWithReason, httpStatus, serverMessage } from '../lib/errors';
import { useDenied } from '../lib/permissions';
import { recheckSessionOn401 } from '../lib/session';
import { Field } from '../components/Field';
import { TabHeader } from '../components/QueryState';
import { ConfirmDialog } from '../kit/ConfirmDialog';
import { RoleButton } from '../kit/RoleButton';
import { ErasureResult, ExportView } from './privacy/ExportView';
import { RetentionSetting } from './privacy/RetentionSetting';

const EXPORT_FAILED = 'Failed to export personal data';
const ERASE_FAILED = 'Failed to erase personal data';
/** What else the erasure changes: the lists and history that showed the person. */
const SHOWING_PEOPLE = [
  ['/api/admin/partners'],
  ['/api/admin/contacts'],
  ['/api/admin/contracts'],
  ['/api/admin/activity'],
];
/** A failure in words: a refusal's reason, or the service that did not answer (503). */
function failureText(failure: string, err: unknown): string {
  const why = httpStatus(err) === 503 ? serverMessage(err) : null;
  return why ? `${failure}. ${why}` : failureWithReason(failure, err);
}

async function fetchExport(email: string): Promise<PrivacyExport> {
  const res = await apiRequest('GET', `/api/admin/privacy/export?${new URLSearchParams({ email })}`);
  return privacyExport.parse(await res.json());
}

/**
 * Personal data of people who are not users (applicants, senders of messages, contract clients), by their email:
 * Export shows everything every service holds about them and downloads it as JSON; Erase, after a confirmation naming
 * what will be erased, erases it for good in every service and shows what each erased. The admin role only.
 */
export function PrivacyTab() {
  const queryClient = useQueryClient();
  const exportDenied = useDenied('get', '/api/admin/privacy/export');
  const eraseDenied = useDenied('post', '/api/admin/privacy/erasure');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [exported, setExported] = useState<PrivacyExport | null>(null);
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState<PrivacyExport | null>(null);
  const [result, setResult] = useState<PrivacyErasureResult | null>(null);

  const erase = useAdminMutation<string, PrivacyErasureResult>({
    mutationFn: async (write, address) =>
      privacyErasureResult.parse(await write('POST', '/api/admin/privacy/erasure', { email: address })),
    invalidate: SHOWING_PEOPLE,
    failure: (err) => failureText(ERASE_FAILED, err),
    onSuccess: (erased) => {
      setResult(erased);
      setExported(null);
    },
  });

  /** The email typed, checked as the server checks it; undefined (with the message shown) when it is no email. */
  const checkedEmail = () => {
    const parsed = privacyExportQuery.safeParse({ email });
    setError(parsed.success ? undefined : parsed.error.issues[0]?.message);
    return parsed.success ? parsed.data.email : undefined;
  };

  /** The export of the email typed, or undefined (a toast said why). */
  const exportOf = async (address: string) => {
    setExporting(true);
    try {
      return await fetchExport(address);
    } catch (err) {
      toastError(failureText(EXPORT_FAILED, err));
      recheckSessionOn401(queryClient, err);
      return undefined;
    } finally {
      setExporting(false);
    }
  };

  async function onExport(e: React.FormEvent) {
    e.preventDefault();
    const address = checkedEmail();
    if (!address) return;
    const found = await exportOf(address);
    if (found) {
      setExported(found);
      setResult(null);
    }
  }

  async function onErase() {
    const address = checkedEmail();
    if (!address) return;
    // The confirmation names what will be erased: the export of this email, read now.
    const found = await exportOf(address);
    if (found) setConfirming(found);
  }

  const busy = exporting || erase.isPending;

  return (
    <section>
      <TabHeader
        title="Privacy"
        description="Everything held about an applicant, the sender of a message or a contract client, by their email: export it for them, or erase it for good."
      />
      <Card className="mb-4">
        <CardContent className="p-4">
          <form noValidate onSubmit={onExport} className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <Field label="Email address" error={error} className="flex-1">
              <Input
                type="email"
                autoComplete="off"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </Field>
            <div className="flex gap-2">
              <RoleButton denied={exportDenied} label="Export" size="sm" type="submit" disabled={busy}>
                <FileSearch aria-hidden="true" />
                Export
              </RoleButton>
              <RoleButton
                denied={eraseDenied}
                label="Erase"
                size="sm"
                destructive
                type="button"
                disabled={busy}
                onClick={() => void onErase()}
              >
                <ShieldX aria-hidden="true" />
                Erase
              </RoleButton>
            </div>
          </form>
        </CardContent>
      </Card>

      {result && <ErasureResult result={result} />}
      {exported && <ExportView exported={exported} />}
      <RetentionSetting />

      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Erase personal data?"
        description={
          confirming?.nothingHeld ? (
            <>
              Nothing is held about <bdi>{confirming.email}</bdi>.
            </>
          ) : (
            <>
              This will erase for good everything held about <bdi>{confirming?.email}</bdi>:{' '}
              {confirming?.summary}. These records will read &quot;Erased personal data&quot; everywhere,
              history included. This cannot be undone.
            </>
          )
        }
        action="Erase"
        onConfirm={() => confirming && erase.mutate(confirming.email)}
      >
        {confirming && !confirming.nothingHeld && (
          <ul className="max-h-48 list-disc overflow-y-auto pl-5 text-sm">
            {confirming.services
              .flatMap((s) => s.records)
              .map((record) => (
                <li key={`${record.kind}:${record.id}`}>
                  <bdi>{record.title}</bdi>
                </li>
              ))}
          </ul>
        )}
      </ConfirmDialog>
    </section>
  );
}
