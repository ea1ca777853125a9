import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Pencil } from 'lucide-react';
import type { Contract } from '@12yards/api';
import { Button, Card, CardContent } from '@12yards/ui';
import { toastError, toastSuccess } from '../../lib/api';
import { serverMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useDenied } from '../../lib/permissions';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { Details } from '../../kit/Details';
import { ContractStatusBadge } from './badges';
import { DocumentJobFailed, fetchDocument, saveBlob } from './contract-document';
import { contractsKey } from './keys';

export function ContractCard({
  contract: c,
  onEdit,
  onDelete,
  deleting,
}: {
  contract: Contract;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  const { csrfToken } = useSession();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const deniedDelete = useDenied('delete', '/api/admin/contracts/{id}');
  // Why the last document failed (the server's message, e.g. 'Document generation failed: ...'); the toast keeps
  // SPEC's text, this line under the card says why.
  const [failure, setFailure] = useState<string | null>(null);
  async function generateDocument() {
    setBusy(true);
    setFailure(null);
    try {
      const blob = await fetchDocument(c.id, csrfToken);
      saveBlob(blob, `contract-${c.id}.docx`);
      toastSuccess('Contract document generated successfully');
      // The generation is an event of the contract: its version (the If-Match of an edit) and history moved on.
      void queryClient.invalidateQueries({ queryKey: contractsKey(c.partnerId) });
    } catch (err) {
      toastError('Failed to generate contract document');
      setFailure(err instanceof DocumentJobFailed ? err.message : serverMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card>
      <CardContent className="grid gap-4 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div>
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-lg font-semibold">
                <bdi>{c.companyName}</bdi>
              </h3>
              <ContractStatusBadge endedAt={c.endedAt} startDate={c.startDate} />
            </div>
            <p className="text-sm text-muted-foreground">
              <bdi>{c.platformName}</bdi> · {formatDate(c.startDate)} to {formatDate(c.endDate)}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              onClick={generateDocument}
              disabled={busy}
              aria-label={`Generate document for ${c.companyName}`}
            >
              <Download aria-hidden="true" />
              {busy ? 'Generating...' : 'Generate'}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={onEdit}
              aria-label={`Edit contract of ${c.companyName}`}
            >
              <Pencil aria-hidden="true" />
              Edit Contract
            </Button>
            <ConfirmDelete
              what="contract of"
              name={c.companyName}
              quoted={false}
              onConfirm={onDelete}
              disabled={deleting}
              denied={deniedDelete}
              withText
            />
          </div>
        </div>
        {failure && (
          <p role="alert" className="text-sm text-destructive" dir="auto">
            {failure}
          </p>
        )}
        <Details
          className="sm:grid-cols-2 lg:grid-cols-4"
          items={[
            ['Company', c.companyName],
            ['Registration Number', c.registrationNumber],
            ['Address', c.companyAddress],
            ['Platform', c.platformName],
            ['Client Name', c.clientName],
            ['Client Email', c.clientEmail],
            ['Client Position', c.clientPosition],
            ['Client Phone', c.clientTelephone],
            ['Length', `${c.lengthMonths} months`],
            ['Start Date', formatDate(c.startDate)],
            ['End Date', formatDate(c.endDate)],
            ['Setup Fee', c.setupFee],
            ['Penalty Fee per Month', c.penaltyFeePerMonth],
            ['Revenue Share', `${c.revenueSharePercent}%`],
            ['Polls per Month', c.pollsPerMonth],
            ['Auctions per Month', c.auctionsPerMonth],
            ['Articles per Week', c.articlesPerWeek],
            ['Quizzes per Month', c.quizPerMonth],
          ]}
        />
      </CardContent>
    </Card>
  );
}
