import {
  dayOf,
  ERASED_PERSONAL_DATA,
  eraseRecords,
  normalisedEmail,
  personalDataHolder,
  rowKind,
  type EventStore,
  type ObjectStore,
  type PersonalDataHolder,
  type PersonalRecord,
  type ReadModels,
  type ServiceContext,
} from '@12yards/platform';
import { contractRows } from './contract/projection';
import { streamId as contractStreamId, type ContractDocumentGenerated } from './contract/events';
import { documentKey } from './document/job';
import { partnerRows } from './partner-view/projection';
import { streamId as partnerViewStreamId } from './partner-view/events';
import { CLIENT_FIELDS, PARTNER_FIELDS } from './personal-data';

const sameEmail = (value: unknown, email: string) =>
  typeof value === 'string' && normalisedEmail(value) === email;

/** A generated document's event, found by its object key (contract-documents/<contract>/<job>.docx). */
async function generatedDocument(events: EventStore, key: string) {
  const [, contractId, file] = key.split('/');
  if (!contractId || !file) return null;
  for (const event of await events.read(contractStreamId(contractId)))
    if (event.type === 'ContractDocumentGenerated') {
      const { data } = event as unknown as ContractDocumentGenerated;
      if (documentKey(data.contractId, data.jobId) === key) return data;
    }
  return null;
}

/**
 * What the contracts service holds about a person: its record of them as a partner, the contracts whose client
 * they are or that were made with them, and the documents generated for those contracts; erased in place, or
 * described for an export.
 */
export function contractsPersonalDataHolder(deps: {
  models: ReadModels;
  events: EventStore;
  objects: ObjectStore;
}): PersonalDataHolder {
  const partners = partnerRows(deps.models);
  const contracts = contractRows(deps.models);
  const find = async (email: string) => {
    const records: PersonalRecord[] = [];
    const partnerIds = new Set<string>();
    const byEmail = await partners.find({ search: { fields: ['email'], text: email } });
    for (const partner of byEmail.filter((p) => sameEmail(p.email, email))) {
      partnerIds.add(partner.id);
      records.push({ kind: 'partner-record', id: partner.id, subject: partnerViewStreamId(partner.id) });
    }
    const theirs = new Map<string, string>();
    for (const c of await contracts.find({ search: { fields: ['clientEmail'], text: email } }))
      if (sameEmail(c.clientEmail, email)) theirs.set(c.id, c.id);
    for (const partnerId of partnerIds)
      for (const c of await contracts.find({ where: { partnerId } })) theirs.set(c.id, c.id);
    for (const id of theirs.keys()) {
      records.push({ kind: 'contract', id, subject: contractStreamId(id) });
      for (const event of await deps.events.read(contractStreamId(id)))
        if (event.type === 'ContractDocumentGenerated') {
          const { jobId } = (event as unknown as ContractDocumentGenerated).data;
          records.push({ kind: 'document', id: documentKey(id, jobId) });
        }
    }
    // Already erased: nothing of the person is left to find (the rows read "Erased personal data").
    return records;
  };
  return personalDataHolder(find, {
    'partner-record': rowKind({
      rows: partners,
      personal: PARTNER_FIELDS,
      title: () => 'Partner record (as the contracts service keeps it)',
      labels: {
        name: 'Name',
        email: 'Email',
        organization: 'Organisation',
        position: 'Position',
        knownAs: 'Known as',
        webAddress: 'Web address',
      },
    }),
    contract: rowKind({
      rows: contracts,
      personal: CLIENT_FIELDS,
      title: (row) => `Contract with ${row.companyName}, ${row.startDate} to ${row.endDate}`,
      labels: {
        clientName: 'Client name',
        clientEmail: 'Client email',
        clientTelephone: 'Client phone',
        clientPosition: 'Client position',
        companyName: 'Company name',
        registrationNumber: 'Registration number',
        companyAddress: 'Company address',
        startDate: 'Start date',
        endDate: 'End date',
        createdAt: 'Created',
        updatedAt: 'Last changed',
      },
    }),
    document: {
      async scrub(key) {
        await deps.objects.delete(key);
      },
      async describe(key) {
        const generated = await generatedDocument(deps.events, key);
        return (
          generated && {
            title: `Generated document ${generated.fileName}, ${dayOf(generated.generatedAt)}`,
            fields: { 'File name': generated.fileName, Generated: generated.generatedAt },
          }
        );
      },
    },
  });
}

/**
 * The partners service's retention sweep erased these applications (ApplicationsExpired): this service erases its own
 * record of each (its key deleted, the partner view's fields replaced), recorded as PersonalDataExpired with the ids.
 * A record already erased, or never kept, is passed by, so a redelivered message erases nothing twice. Answers how
 * many records were erased.
 */
export async function expirePartnerRecords(
  ctx: ServiceContext<'jobs' | 'objects'>,
  partnerIds: readonly string[],
): Promise<number> {
  const rows = partnerRows(ctx.infra.readModels);
  const records: PersonalRecord[] = [];
  for (const id of partnerIds) {
    const row = await rows.get(id);
    if (!row || row.email === ERASED_PERSONAL_DATA) continue;
    records.push({ kind: 'partner-record', id, subject: partnerViewStreamId(id) });
  }
  if (records.length === 0) return 0;
  const holder = contractsPersonalDataHolder({
    models: ctx.infra.readModels,
    events: ctx.infra.eventStore,
    objects: ctx.infra.objects,
  });
  const counts = await eraseRecords(ctx, holder, records, {
    streamId: 'privacy-retention-contracts',
    type: 'PersonalDataExpired',
    data: { source: 'ApplicationsExpired', records: records.map(({ kind, id }) => ({ kind, id })) },
    actor: 'retention-sweep',
  });
  ctx.logger.info({ erased: counts }, "expired applicants' partner records erased");
  return records.length;
}

/**
 * A deleted contract leaves every screen and the erasure's search (its row is removed), so its client's personal data
 * goes with it, as "Delete for good" takes content's text (issue 26): the documents generated for it are deleted, and
 * its key, so its client fields read "Erased personal data" in its history and every copy of its events; the WAL is
 * emptied of the removed row's pages.
 */
export async function eraseDeletedContract(
  ctx: Pick<ServiceContext<'objects'>, 'subjectKeys' | 'infra'>,
  contractId: string,
): Promise<void> {
  const { eventStore, objects } = ctx.infra;
  for (const event of await eventStore.read(contractStreamId(contractId)))
    if (event.type === 'ContractDocumentGenerated') {
      const { jobId } = (event as unknown as ContractDocumentGenerated).data;
      await objects.delete(documentKey(contractId, jobId));
    }
  await ctx.subjectKeys?.erase(contractStreamId(contractId));
  await ctx.infra.subjectKeys.compact?.();
}
