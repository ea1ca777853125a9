import {
  erasedFields,
  normalisedEmail,
  type EventStore,
  type ObjectStore,
  type PersonalDataHolder,
  type PersonalRecord,
  type ReadModels,
} from '@12yards/platform';
import { contractRows } from './contract/projection';
import { streamId as contractStreamId, type ContractDocumentGenerated } from './contract/events';
import { documentKey } from './document/job';
import { partnerRows } from './partner-view/projection';
import { streamId as partnerViewStreamId } from './partner-view/events';
import { CLIENT_FIELDS, PARTNER_FIELDS } from './personal-data';

const sameEmail = (value: unknown, email: string) =>
  typeof value === 'string' && normalisedEmail(value) === email;

/**
 * What the contracts service holds about a person: its record of them as a partner, the contracts whose client
 * they are or that were made with them, and the documents generated for those contracts.
 */
export function contractsPersonalDataHolder(deps: {
  models: ReadModels;
  events: EventStore;
  objects: ObjectStore;
}): PersonalDataHolder {
  const partners = partnerRows(deps.models);
  const contracts = contractRows(deps.models);
  return {
    async find(email) {
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
    },
    async scrub(records) {
      for (const { kind, id } of records) {
        if (kind === 'partner-record') {
          const row = await partners.get(id);
          if (row) await partners.update(id, erasedFields(row, PARTNER_FIELDS));
        } else if (kind === 'contract') {
          const row = await contracts.get(id);
          if (row) await contracts.update(id, erasedFields(row, CLIENT_FIELDS));
        } else if (kind === 'document') {
          await deps.objects.delete(id);
        }
      }
    },
  };
}
