import {
  erasedFields,
  normalisedEmail,
  type PersonalDataHolder,
  type PersonalRecord,
  type ReadModels,
} from '@12yards/platform';
import { actionRows } from './action/projection';
import { contactRows } from './contact/projection';
import { partnerStreamId } from './partner/events';
import { partnerRows } from './partner/projection';
import { contactStreamId } from './contact/events';
import { APPLICANT_FIELDS, CONTACT_FIELDS } from './personal-data';

/** Rows whose email is this one (compared trimmed and in lower case). */
async function withEmail<T extends { id: string; email: string }>(
  rows: { find(o: { search: { fields: 'email'[]; text: string } }): Promise<T[]> },
  email: string,
): Promise<T[]> {
  const found = await rows.find({ search: { fields: ['email'], text: email } });
  return found.filter((row) => normalisedEmail(row.email) === email);
}

/**
 * What the partners service holds about a person: their applications (with the actions and notes about them, under
 * the same key) and the messages they sent.
 */
export function partnersPersonalDataHolder(models: ReadModels): PersonalDataHolder {
  const partners = partnerRows(models);
  const actions = actionRows(models);
  const contacts = contactRows(models);
  return {
    async find(email) {
      const records: PersonalRecord[] = [];
      for (const partner of await withEmail(partners, email)) {
        const subject = partnerStreamId(partner.id);
        records.push({ kind: 'application', id: partner.id, subject });
        for (const action of await actions.find({ where: { partnerId: partner.id } }))
          records.push({ kind: 'action', id: action.id, subject });
      }
      for (const contact of await withEmail(contacts, email))
        records.push({ kind: 'contact-message', id: contact.id, subject: contactStreamId(contact.id) });
      return records;
    },
    async scrub(records) {
      for (const { kind, id } of records) {
        if (kind === 'application') {
          const row = await partners.get(id);
          if (row) await partners.update(id, erasedFields(row, APPLICANT_FIELDS));
        } else if (kind === 'action') {
          const row = await actions.get(id);
          if (row) await actions.update(id, erasedFields(row, ['actionText', 'notes']));
        } else if (kind === 'contact-message') {
          const row = await contacts.get(id);
          if (row) await contacts.update(id, erasedFields(row, CONTACT_FIELDS));
        }
      }
    },
  };
}
