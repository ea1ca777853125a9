import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Clock, Download, FileSearch, ShieldX } from 'lucide-react';
import {
  apiRequest,
  privacyErasureResult,
  privacyExport,
  privacyExportQuery,
  privacyRetention,
  privacyRetentionRequest,
  recordsSummary,
  type PrivacyErasureResult,
  type PrivacyExport,
  type PrivacyRetention,
} from '@12yards/api';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  Button,
  Card,
  CardContent,
  Input,
} from '@12yards/ui';
import { toastError, useAdminMutation } from '../lib/api';
import { failureWithReason, httpStatus, serverMessage } from '../lib/errors';
import { useDenied } from '../lib/permissions';
import { recheckSessionOn401 } from '../lib/session';
import { DeniedButton } from '../components/DeniedButton';
import { Field } from '../components/Field';
import { TabHeader } from '../components/QueryState';

const EXPORT_FAILED = 'Failed to export personal data';
const ERASE_FAILED = 'Failed to erase personal data';
/** What else the erasure changes: the lists and history that showed the person. */
const SHOWING_PEOPLE = [
  ['/api/admin/partners'],
  ['/api/admin/contacts'],
  ['/api/admin/contracts'],
  ['/api/admin/activity'],
];
const SERVICE_NAMES: Record<string, string> = {
  partners: 'Applications and messages',
  contracts: 'Contracts and documents',
};
const serviceName = (service: string) => SERVICE_NAMES[service] ?? service;

/** A failure in words: a refusal's reason, or the service that did not answer (503). */
function failureText(failure: string, err: unknown): string {
  const why = httpStatus(err) === 503 ? serverMessage(err) : null;
  return why ? `${failure}. ${why}` : failureWithReason(failure, err);
}

async function fetchExport(email: string): Promise<PrivacyExport> {
  const res = await apiRequest('GET', `/api/admin/privacy/export?${new URLSearchParams({ email })}`);
  return privacyExport.parse(await res.json());
}

/** Saves the export as a JSON file the person can be sent. */
function download(exported: PrivacyExport) {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(exported, null, 2)], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = `personal-data-${exported.email}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

const shown = (value: unknown) => (value === true ? 'Yes' : value === false ? 'No' : String(value));

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
              {exportDenied ? (
                <DeniedButton reason={exportDenied} label="Export" size="sm">
                  <FileSearch aria-hidden="true" />
                  Export
                </DeniedButton>
              ) : (
                <Button type="submit" variant="outline" disabled={exporting || erase.isPending}>
                  <FileSearch aria-hidden="true" />
                  Export
                </Button>
              )}
              {eraseDenied ? (
                <DeniedButton reason={eraseDenied} label="Erase" size="sm" destructive>
                  <ShieldX aria-hidden="true" />
                  Erase
                </DeniedButton>
              ) : (
                <Button
                  type="button"
                  variant="outline"
                  className="text-destructive hover:text-destructive"
                  disabled={exporting || erase.isPending}
                  onClick={() => void onErase()}
                >
                  <ShieldX aria-hidden="true" />
                  Erase
                </Button>
              )}
            </div>
          </form>
        </CardContent>
      </Card>

      {result && <ErasureResult result={result} />}
      {exported && <ExportView exported={exported} />}
      <RetentionSetting />

      <AlertDialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Erase personal data?</AlertDialogTitle>
            <AlertDialogDescription>
              {confirming?.nothingHeld ? (
                <>
                  Nothing is held about <bdi>{confirming.email}</bdi>.
                </>
              ) : (
                <>
                  This will erase for good everything held about <bdi>{confirming?.email}</bdi>:{' '}
                  {confirming?.summary}. These records will read &quot;Erased personal data&quot; everywhere,
                  history included. This cannot be undone.
                </>
              )}
            </AlertDialogDescription>
          </AlertDialogHeader>
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
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction onClick={() => confirming && erase.mutate(confirming.email)}>
              Erase
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}

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
            {denied ? (
              <DeniedButton reason={denied} label="Save retention period" size="sm">
                <Clock aria-hidden="true" />
                Save
              </DeniedButton>
            ) : (
              <Button
                type="submit"
                variant="outline"
                aria-label="Save retention period"
                disabled={save.isPending || !current}
              >
                <Clock aria-hidden="true" />
                Save
              </Button>
            )}
          </form>
        </CardContent>
      </Card>
    </section>
  );
}

/** What each service erased, and the erasure's message. */
function ErasureResult({ result }: { result: PrivacyErasureResult }) {
  return (
    <Card role="status" className="mb-4">
      <CardContent className="p-4">
        <h3 className="font-semibold">{result.message}</h3>
        <ul className="mt-2 text-sm text-muted-foreground">
          {result.services.map((s) => (
            <li key={s.service}>
              {serviceName(s.service)}: {s.erased.length ? recordsSummary(s.erased) : 'nothing held'}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** The export as a person reads it, per service, with the JSON to download or read. */
function ExportView({ exported }: { exported: PrivacyExport }) {
  return (
    <section aria-labelledby="privacy-export-heading" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="privacy-export-heading" className="text-lg font-semibold">
            Held about <bdi>{exported.email}</bdi>
          </h3>
          <p className="text-sm text-muted-foreground">{exported.summary}</p>
          {exported.services.map(
            (s) =>
              s.retentionMonths !== undefined && (
                <p key={s.service} className="text-sm text-muted-foreground">
                  Retention ({serviceName(s.service).toLowerCase()}): applications that never became partners
                  and messages are erased automatically {s.retentionMonths} months after their last change.
                </p>
              ),
          )}
        </div>
        <Button variant="outline" size="sm" onClick={() => download(exported)}>
          <Download aria-hidden="true" />
          Download JSON
        </Button>
      </div>
      {exported.services
        .filter((s) => s.records.length > 0)
        .map((s) => (
          <div key={s.service} className="grid gap-2">
            <h4 className="font-semibold">{serviceName(s.service)}</h4>
            {s.records.map((record) => (
              <Card key={`${record.kind}:${record.id}`}>
                <CardContent className="p-4">
                  <p className="font-medium">
                    <bdi>{record.title}</bdi>
                  </p>
                  <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                    {Object.entries(record.fields).map(([label, value]) => (
                      <div key={label} className="contents">
                        <dt className="text-muted-foreground">{label}</dt>
                        <dd className="break-words">
                          <bdi>{shown(value)}</bdi>
                        </dd>
                      </div>
                    ))}
                  </dl>
                </CardContent>
              </Card>
            ))}
          </div>
        ))}
      <details>
        <summary className="cursor-pointer text-sm font-medium">The export as JSON</summary>
        <pre tabIndex={0} className="mt-2 max-h-96 overflow-auto rounded-md bg-background p-3 text-xs">
          {JSON.stringify(exported, null, 2)}
        </pre>
      </details>
    </section>
  );
}
