import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Eye, FileText, Plus } from 'lucide-react';
import {
  adminPartnerInput,
  membershipTypeLabels,
  partnerStatuses,
  type AdminPartnerInput,
  type Partner,
  type PartnerActionCount,
} from '@12yards/api';
import {
  Badge,
  Button,
  Card,
  CardContent,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Textarea,
  cn,
} from '@12yards/ui';
import type { z } from 'zod';
import { useAdminMutation } from '../lib/api';
import { Field } from '../components/Field';
import { Empty, Loading, LoadError, TabHeader } from '../components/QueryState';
import { ListSearch } from '../components/ListSearch';
import { FilteredEmpty, FilterSelect, ListToolbar, useListFilters } from '../components/ListFilters';
import { LoadMore } from '../components/LoadMore';
import { ShowingOnly } from '../components/ShowingOnly';
import { usePagedList } from '../lib/pages';
import { PartnerStatusBadge, TypeBadge } from './partners/badges';
import { PartnerDetailsDialog } from './partners/PartnerDetailsDialog';
import { ContractsDialog } from './partners/ContractsDialog';

export const PARTNERS_KEY = ['/api/partners'];
export const ACTION_COUNTS_KEY = ['/api/admin/partner-action-counts'];

const STATUS_FILTER = partnerStatuses.map((s) => ({ value: s, label: s }));
// The type badge's texts (SPEC section 2).
const TYPE_FILTER = [
  { value: 'club', label: 'Football Club' },
  { value: 'influencer', label: 'Influencer' },
] as const;

function noMatch({ q, status, type }: { q?: string; status?: string; type?: string }) {
  if (!q) return 'No applications match these filters.';
  return status || type
    ? `No applications match "${q}" with these filters.`
    : `No applications match "${q}".`;
}

export function PartnersTab() {
  const filters = useListFilters<'status' | 'type' | 'overdue' | 'id'>(PARTNERS_KEY, {
    status: partnerStatuses,
    type: TYPE_FILTER.map((t) => t.value),
    overdue: ['true'],
    id: 'any',
  });
  const partners = usePagedList<Partner>(filters.key);
  const counts = useQuery<PartnerActionCount[]>({ queryKey: ACTION_COUNTS_KEY });
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<string | null>(null);
  const [contractsOf, setContractsOf] = useState<string | null>(null);

  const countsOf = (id: string) => counts.data?.find((c) => c.partnerId === id);
  const openCount = (id: string) => countsOf(id)?.openActionsCount ?? 0;
  const byId = (id: string | null) => partners.items.find((p) => p.id === id) ?? null;

  return (
    <section>
      <TabHeader
        title="Partner Applications"
        description="Clubs and influencers who applied, with notes and contracts."
      >
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Application
        </Button>
      </TabHeader>
      <ListToolbar label="Applications">
        <ListSearch
          key={filters.searchGeneration}
          label="Search applications"
          placeholder="Name, email or club"
          onSearch={filters.setQ}
        />
        <FilterSelect
          label="Status"
          allLabel="All Statuses"
          value={filters.values.status}
          options={STATUS_FILTER}
          onChange={(v) => filters.set('status', v)}
        />
        <FilterSelect
          label="Type"
          allLabel="All Types"
          value={filters.values.type}
          options={TYPE_FILTER}
          onChange={(v) => filters.set('type', v)}
        />
      </ListToolbar>
      {filters.values.overdue && (
        <ShowingOnly onShowAll={() => filters.set('overdue', '')}>
          Showing only partners with overdue action items.
        </ShowingOnly>
      )}
      {filters.values.id && (
        <ShowingOnly onShowAll={() => filters.set('id', '')}>Showing only one partner.</ShowingOnly>
      )}
      {partners.isPending ? (
        <Loading text="Loading partners..." />
      ) : partners.isError ? (
        <LoadError what="partners" error={partners.error} onRetry={() => void partners.refetch()} />
      ) : partners.items.length === 0 ? (
        filters.active ? (
          <FilteredEmpty onClear={filters.clear}>{noMatch(filters.values)}</FilteredEmpty>
        ) : (
          <Empty>No partner applications yet.</Empty>
        )
      ) : (
        <>
          <ul
            className={cn('grid gap-3 md:grid-cols-2', partners.isPlaceholderData && 'opacity-60')}
            aria-busy={partners.isPlaceholderData}
          >
            {partners.items.map((p) => {
              const open = openCount(p.id);
              const overdue = countsOf(p.id)?.overdueActionsCount ?? 0;
              return (
                <li key={p.id}>
                  <Card className="h-full">
                    <CardContent className="flex h-full flex-col gap-3 p-4">
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <div className="min-w-0">
                          <h3 className="truncate text-lg font-semibold">
                            <bdi>{p.name}</bdi>
                          </h3>
                          <p className="truncate text-sm text-muted-foreground">
                            <bdi>{p.email}</bdi>
                          </p>
                        </div>
                        <PartnerStatusBadge status={p.status} />
                      </div>
                      <div className="flex flex-wrap gap-2">
                        <TypeBadge type={p.type} />
                        {open > 0 && <Badge variant="destructive">{open} Open Actions</Badge>}
                        {overdue > 0 && <Badge variant="warning">{overdue} Overdue</Badge>}
                      </div>
                      <CardDetails partner={p} />
                      <div className="mt-auto flex gap-2">
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => setViewing(p.id)}
                          aria-label={`View ${p.name}`}
                        >
                          <Eye aria-hidden="true" />
                          View
                        </Button>
                        <Button
                          variant="outline"
                          size="sm"
                          onClick={() => setContractsOf(p.id)}
                          aria-label={`Contracts of ${p.name}`}
                        >
                          <FileText aria-hidden="true" />
                          Contracts
                        </Button>
                      </div>
                    </CardContent>
                  </Card>
                </li>
              );
            })}
          </ul>
          <LoadMore list={partners} />
        </>
      )}
      <AddApplicationDialog open={adding} onClose={() => setAdding(false)} />
      <PartnerDetailsDialog partner={byId(viewing)} onClose={() => setViewing(null)} />
      <ContractsDialog partner={byId(contractsOf)} onClose={() => setContractsOf(null)} />
    </section>
  );
}

/** SPEC section 2: what a card shows of each type; the message is the influencer's additional info. */
function cardDetails(p: Partner): [label: string, value: string | undefined][] {
  return p.type === 'influencer'
    ? [
        ['Known As', p.knownAs],
        ['Twitter', p.twitterAccount],
        ['Instagram', p.instagramAccount],
        ['TikTok', p.tiktokAccount],
        ['Facebook', p.facebookAccount],
        ['Total Followers', p.totalFollowers],
        ['Additional Info', p.message],
      ]
    : [
        ['Organization', p.organization],
        ['Message', p.message],
      ];
}

const LONG_TEXT = new Set(['Additional Info', 'Message']);

/** The card's filled details as a compact list; the long texts span the card, clamped to three lines. */
function CardDetails({ partner }: { partner: Partner }) {
  const filled = cardDetails(partner).filter(([, value]) => value?.trim());
  if (filled.length === 0) return null;
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      {filled.map(([label, value]) => {
        const long = LONG_TEXT.has(label);
        return (
          <div key={label} className={long ? 'col-span-2 min-w-0' : 'min-w-0'}>
            <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
            <dd className={cn('break-words', long && 'line-clamp-3 whitespace-pre-line')} dir="auto">
              {value}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

type AdminPartnerFields = z.output<typeof adminPartnerInput>;
const emptyApplication: AdminPartnerInput = { name: '', email: '', type: 'club' };

export function AddApplicationDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useForm<AdminPartnerInput, unknown, AdminPartnerFields>({
    resolver: zodResolver(adminPartnerInput),
    defaultValues: emptyApplication,
  });
  const { register, control, handleSubmit, reset, formState } = form;
  const { errors } = formState;
  const type = useWatch({ control, name: 'type' });
  const close = () => {
    reset(emptyApplication);
    onClose();
  };
  const create = useAdminMutation<AdminPartnerFields>({
    mutationFn: (write, body) => write('POST', '/api/admin/partners', body),
    invalidate: [PARTNERS_KEY],
    success: 'Partner application created successfully',
    failure: 'Failed to create partner application',
    onSuccess: close,
  });

  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add Application</DialogTitle>
          <DialogDescription>Name, type and email are required.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={handleSubmit((body) => create.mutate(body))} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="Name" required error={errors.name?.message}>
              <Input {...register('name')} />
            </Field>
            <Field label="Email" required error={errors.email?.message}>
              <Input type="email" {...register('email')} />
            </Field>
            <Field label="Type" required error={errors.type?.message}>
              <Controller
                control={control}
                name="type"
                render={({ field }) => (
                  <Select value={field.value ?? 'club'} onValueChange={field.onChange}>
                    <SelectTrigger aria-label="Type">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="club">Football Club</SelectItem>
                      <SelectItem value="influencer">Influencer</SelectItem>
                    </SelectContent>
                  </Select>
                )}
              />
            </Field>
            {type === 'influencer' ? (
              <>
                <Field label="Known As">
                  <Input {...register('knownAs')} />
                </Field>
                <Field label="Twitter">
                  <Input {...register('twitterAccount')} />
                </Field>
                <Field label="Instagram">
                  <Input {...register('instagramAccount')} />
                </Field>
                <Field label="TikTok">
                  <Input {...register('tiktokAccount')} />
                </Field>
                <Field label="Facebook">
                  <Input {...register('facebookAccount')} />
                </Field>
                <Field label="Total Followers">
                  <Input {...register('totalFollowers')} />
                </Field>
              </>
            ) : (
              <>
                <Field label="Club Name" error={errors.organization?.message}>
                  <Input {...register('organization')} />
                </Field>
                <Field label="Position" error={errors.position?.message}>
                  <Input {...register('position')} />
                </Field>
                <Field label="Website" error={errors.webAddress?.message}>
                  <Input type="url" placeholder="https://" {...register('webAddress')} />
                </Field>
                <Field label="Target Members">
                  <Input {...register('targetMembers')} />
                </Field>
                <Field label="Membership Type" error={errors.membershipType?.message}>
                  <Controller
                    control={control}
                    name="membershipType"
                    render={({ field }) => (
                      <Select value={field.value || undefined} onValueChange={field.onChange}>
                        <SelectTrigger aria-label="Membership Type">
                          <SelectValue placeholder="Choose..." />
                        </SelectTrigger>
                        <SelectContent>
                          {Object.entries(membershipTypeLabels).map(([value, label]) => (
                            <SelectItem key={value} value={value}>
                              {label}
                            </SelectItem>
                          ))}
                        </SelectContent>
                      </Select>
                    )}
                  />
                </Field>
              </>
            )}
          </div>
          <Field
            label={type === 'influencer' ? 'Additional Info' : 'Message'}
            error={errors.message?.message}
          >
            <Textarea rows={3} {...register('message')} />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Saving...' : 'Create Application'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
