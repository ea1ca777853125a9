import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Download, Pencil, Plus, Wand2 } from 'lucide-react';
import {
  apiRequest,
  contractForm,
  endDateFor,
  type Contract,
  type ContractFields,
  type ContractInput,
  type Partner,
} from '@12yards/api';
import {
  Button,
  Card,
  CardContent,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Input,
  Textarea,
} from '@12yards/ui';
import { toastError, toastSuccess, useAdminMutation } from '../../lib/api';
import { serverMessage } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { useSession } from '../../lib/session';
import { ConfirmDelete } from '../../components/ConfirmDelete';
import { useDenied } from '../../lib/permissions';
import { HistorySection } from '../../components/HistorySection';
import { useEditConflict, type ConflictField } from '../../components/EditConflict';
import { Field } from '../../components/Field';
import { Loading } from '../../components/QueryState';
import { ContractStatusBadge, localToday } from './badges';
import { TemplateInUseNote } from '../templates/in-use';
import { FormDialog } from '../../kit/FormDialog';

export const contractsKey = (partnerId: string) => ['/api/admin/partners', partnerId, 'contracts'];
/** The partners list and action counts (PartnersTab's PARTNERS_KEY, ACTION_COUNTS_KEY), read again after a delete. */
const PARTNER_KEYS = [['/api/partners'], ['/api/admin/partner-action-counts']];

export function ContractsDialog({ partner, onClose }: { partner: Partner | null; onClose: () => void }) {
  return (
    <Dialog open={partner !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-4xl">
        {partner && <ContractManagement partner={partner} />}
      </DialogContent>
    </Dialog>
  );
}

function ContractManagement({ partner }: { partner: Partner }) {
  const contracts = useQuery<Contract[]>({ queryKey: contractsKey(partner.id) });
  const [editing, setEditing] = useState<Contract | 'new' | 'generate' | null>(null);
  // The partners service unlocks the partner's status once no active contract is left: read the partner again.
  const remove = useAdminMutation<Contract>({
    mutationFn: (write, c) =>
      write('DELETE', `/api/admin/contracts/${c.id}`, undefined, { version: c.version }),
    invalidate: [contractsKey(partner.id), ...PARTNER_KEYS],
    success: 'Contract deleted successfully',
    failure: 'Failed to delete contract',
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>Contract Management</DialogTitle>
        <DialogDescription>
          Contracts of <bdi>{partner.name}</bdi>.
        </DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setEditing('new')}>
          <Plus aria-hidden="true" />
          Add Contract
        </Button>
        <Button variant="outline" onClick={() => setEditing('generate')}>
          <Wand2 aria-hidden="true" />
          Generate from Template
        </Button>
      </div>
      {contracts.isPending ? (
        <Loading text="Loading contracts..." />
      ) : contracts.isError ? (
        <p className="text-sm text-destructive">Failed to load contracts</p>
      ) : contracts.data.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">No contracts yet.</p>
      ) : (
        <ul className="grid gap-3">
          {contracts.data.map((c) => (
            <li key={c.id}>
              <ContractCard
                contract={c}
                onEdit={() => setEditing(c)}
                onDelete={() => remove.mutate(c)}
                deleting={remove.isPending}
              />
            </li>
          ))}
        </ul>
      )}
      <ContractFormDialog
        partnerId={partner.id}
        contract={editing}
        prefill={fromApplication(partner)}
        onClose={() => setEditing(null)}
      />
    </>
  );
}

function Item({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="break-words text-sm" dir="auto">
        {value === '' ? '-' : value}
      </dd>
    </div>
  );
}

function ContractCard({
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
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Item label="Company" value={c.companyName} />
          <Item label="Registration Number" value={c.registrationNumber} />
          <Item label="Address" value={c.companyAddress} />
          <Item label="Platform" value={c.platformName} />
          <Item label="Client Name" value={c.clientName} />
          <Item label="Client Email" value={c.clientEmail} />
          <Item label="Client Position" value={c.clientPosition} />
          <Item label="Client Phone" value={c.clientTelephone} />
          <Item label="Length" value={`${c.lengthMonths} months`} />
          <Item label="Start Date" value={formatDate(c.startDate)} />
          <Item label="End Date" value={formatDate(c.endDate)} />
          <Item label="Setup Fee" value={c.setupFee} />
          <Item label="Penalty Fee per Month" value={c.penaltyFeePerMonth} />
          <Item label="Revenue Share" value={`${c.revenueSharePercent}%`} />
          <Item label="Polls per Month" value={c.pollsPerMonth} />
          <Item label="Auctions per Month" value={c.auctionsPerMonth} />
          <Item label="Articles per Week" value={c.articlesPerWeek} />
          <Item label="Quizzes per Month" value={c.quizPerMonth} />
        </dl>
      </CardContent>
    </Card>
  );
}

/** A document job that ended failed; its message is the server's reason. */
class DocumentJobFailed extends Error {}

interface DocumentJob {
  state: string;
  statusUrl: string;
  downloadUrl?: string;
  error?: { message: string };
}

/** The .docx: at once, or (202) after polling the job until it is done. */
export async function fetchDocument(contractId: string, csrfToken: string, pollMs = 1000): Promise<Blob> {
  const res = await apiRequest('POST', `/api/admin/contracts/${contractId}/generate-document`, undefined, {
    csrfToken,
  });
  if (res.status !== 202) return res.blob();
  let job = (await res.json()) as DocumentJob;
  for (let i = 0; i < 120; i++) {
    if (job.state === 'failed')
      throw new DocumentJobFailed(job.error?.message ?? 'Failed to generate contract document');
    if (job.state === 'completed' && job.downloadUrl)
      return (await apiRequest('GET', job.downloadUrl)).blob();
    await new Promise((r) => setTimeout(r, pollMs));
    job = (await (await apiRequest('GET', job.statusUrl)).json()) as DocumentJob;
  }
  throw new Error('The contract document took too long');
}

export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const NUMBER_FIELDS = [
  ['revenueSharePercent', 'Revenue Share (%)', 0, 50],
  ['pollsPerMonth', 'Polls per Month', 0, undefined],
  ['auctionsPerMonth', 'Auctions per Month', 0, undefined],
  ['articlesPerWeek', 'Articles per Week', 0, undefined],
  ['quizPerMonth', 'Quizzes per Month', 0, undefined],
] as const;

const blank = (partnerId: string): ContractInput => ({
  partnerId,
  companyName: '',
  registrationNumber: '',
  companyAddress: '',
  clientName: '',
  clientEmail: '',
  clientTelephone: '',
  clientPosition: '',
  startDate: '',
  endDate: '',
  lengthMonths: '',
  platformName: '12Yards',
  revenueSharePercent: 0,
  pollsPerMonth: 0,
  auctionsPerMonth: 0,
  articlesPerWeek: 0,
  quizPerMonth: 0,
  setupFee: '',
  penaltyFeePerMonth: '',
});

function toForm(c: Contract): ContractInput {
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    templateId: _t,
    endedAt: _e,
    ...fields
  } = c as Contract & { templateId?: unknown };
  return fields;
}

/**
 * What "Generate from Template" starts from: the application's names, email and position, a 12-month term from today
 * (as the server's own prefill); the admin fills in what an application does not have.
 */
function fromApplication(p: Partner): Partial<ContractInput> {
  const startDate = localToday();
  return {
    companyName: p.organization || p.knownAs || p.name,
    clientName: p.name,
    clientEmail: p.email,
    clientPosition: p.position ?? '',
    startDate,
    lengthMonths: 12,
    endDate: endDateFor(startDate, 12),
  };
}

/** The fields of the form as it names them, for a conflict with someone else's save. */
const CONTRACT_FIELDS: ConflictField<ContractInput>[] = (
  [
    ['companyName', 'Company Name'],
    ['registrationNumber', 'Registration Number'],
    ['companyAddress', 'Company Address'],
    ['clientName', 'Client Name'],
    ['clientEmail', 'Client Email'],
    ['clientTelephone', 'Client Phone'],
    ['clientPosition', 'Client Position'],
    ['startDate', 'Start Date'],
    ['lengthMonths', 'Contract Length (months)'],
    ['endDate', 'End Date'],
    ['platformName', 'Platform Name'],
    ['setupFee', 'Setup Fee'],
    ['penaltyFeePerMonth', 'Penalty Fee per Month'],
    ...NUMBER_FIELDS,
  ] as const
).map(([name, label]) => ({ name, label }));

/** Add Contract and Edit Contract share this form (SPEC section 5 limits via the shared schema). */
export function ContractFormDialog({
  partnerId,
  contract,
  prefill,
  onClose,
}: {
  partnerId: string;
  /** 'generate': a new contract from the latest template, the form prefilled with `prefill`. */
  contract: Contract | 'new' | 'generate' | null;
  prefill?: Partial<ContractInput>;
  onClose: () => void;
}) {
  const generating = contract === 'generate';
  const isNew = contract === 'new' || generating;
  const form = useForm<ContractInput, unknown, ContractFields>({
    resolver: zodResolver(contractForm),
    defaultValues: blank(partnerId),
  });
  const { register, handleSubmit, reset, formState } = form;
  const errors = formState.errors as Partial<Record<string, { message?: string }>>;
  useEffect(() => {
    if (contract)
      reset(
        contract === 'new'
          ? blank(partnerId)
          : generating
            ? { ...blank(partnerId), ...prefill }
            : toForm(contract),
      );
    // prefill is read when the form opens (it is made anew on each render of its caller)
  }, [contract, partnerId, reset]);

  const conflict = useEditConflict({
    entity: generating ? 'new' : contract,
    form,
    toForm,
    fields: CONTRACT_FIELDS,
    listKey: contractsKey(partnerId),
    what: 'contract',
  });
  const save = useAdminMutation<ContractFields>({
    mutationFn: (write, body) =>
      generating
        ? write('POST', '/api/admin/contracts/generate', { ...body, partnerId })
        : isNew
          ? write('POST', '/api/admin/contracts', body)
          : write('PUT', `/api/admin/contracts/${conflict.entity!.id}`, body, { version: conflict.version }),
    invalidate: [contractsKey(partnerId), ['/api/partners']],
    success: isNew ? 'Contract created successfully' : 'Contract updated successfully',
    failure: generating
      ? (err) => serverMessage(err) ?? 'Failed to generate contract'
      : isNew
        ? 'Failed to create contract'
        : 'Failed to update contract',
    onSuccess: onClose,
    onStale: conflict.onStale,
  });

  const text = (name: keyof ContractInput, label: string, type = 'text', placeholder?: string) => (
    <Field label={label} required error={errors[name]?.message}>
      <Input type={type} placeholder={placeholder} {...register(name)} />
    </Field>
  );

  return (
    <FormDialog
      open={contract !== null}
      onClose={onClose}
      className="max-w-3xl"
      title={generating ? 'Generate from Template' : isNew ? 'Add Contract' : 'Edit Contract'}
      description={
        <>
          {generating && 'Prefilled from the application; fill in what it does not have. '}
          {generating && <TemplateInUseNote />}
          Every field is required. Revenue share is 0 to 50 percent.
        </>
      }
      onSubmit={handleSubmit((body) => save.mutate(body))}
      submit={generating ? 'Generate Contract' : isNew ? 'Create Contract' : 'Update Contract'}
      pending={save.isPending}
      after={
        contract &&
        contract !== 'new' &&
        contract !== 'generate' && (
          <HistorySection entityType="contract" id={contract.id} name={contract.companyName} />
        )
      }
    >
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Company</legend>
        {text('companyName', 'Company Name')}
        {text('registrationNumber', 'Registration Number')}
        <Field
          label="Company Address"
          required
          error={errors.companyAddress?.message}
          className="sm:col-span-2"
        >
          <Textarea rows={2} className="min-h-16" {...register('companyAddress')} />
        </Field>
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-2 font-semibold">Client</legend>
        {text('clientName', 'Client Name')}
        {text('clientEmail', 'Client Email', 'email')}
        {text('clientTelephone', 'Client Phone', 'tel')}
        {text('clientPosition', 'Client Position')}
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-2 font-semibold">Term</legend>
        {text('startDate', 'Start Date', 'date')}
        <Field label="Contract Length (months)" required error={errors.lengthMonths?.message}>
          <Input type="number" min={1} step={1} {...register('lengthMonths')} />
        </Field>
        {text('endDate', 'End Date', 'date')}
        {text('platformName', 'Platform Name')}
        {text('setupFee', 'Setup Fee', 'text', '£0.00')}
        {text('penaltyFeePerMonth', 'Penalty Fee per Month', 'text', '£0.00')}
      </fieldset>
      <fieldset className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <legend className="mb-2 font-semibold">Revenue and Quotas</legend>
        {NUMBER_FIELDS.map(([name, label, min, max]) => (
          <Field key={name} label={label} error={errors[name]?.message}>
            <Input type="number" min={min} max={max} step={1} {...register(name)} />
          </Field>
        ))}
      </fieldset>
      {conflict.panel}
    </FormDialog>
  );
}
