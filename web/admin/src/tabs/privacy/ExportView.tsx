import { Download } from 'lucide-react';
import { recordsSummary, type PrivacyErasureResult, type PrivacyExport } from '@12yards/api';
import { Button, Card, CardContent } from '@12yards/ui';

const SERVICE_NAMES: Record<string, string> = {
  partners: 'Applications and messages',
  contracts: 'Contracts and documents',
};
const serviceName = (service: string) => SERVICE_NAMES[service] ?? service;

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

/** What each service erased, and the erasure's message. */
export function ErasureResult({ result }: { result: PrivacyErasureResult }) {
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
export function ExportView({ exported }: { exported: PrivacyExport }) {
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
