import {
  dayOf,
  normalisedEmail,
  personalDataHolder,
  rowKind,
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
 * the same key) and the messages they sent; erased in place, or described for an export.
 */
export function partnersPersonalDataHolder(models: ReadModels): PersonalDataHolder {
  const partners = partnerRows(models);
  const actions = actionRows(models);
  const contacts = contactRows(models);
  const find = async (email: string) => {
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
  };
  return personalDataHolder(find, {
    application: rowKind({
      rows: partners,
      personal: APPLICANT_FIELDS,
      title: (row) => `Application (${row.type}), received ${dayOf(row.createdAt)}`,
      labels: {
        name: 'Name',
        email: 'Email',
        type: 'Type',
        organization: 'Organisation',
        position: 'Position',
        knownAs: 'Known as',
        webAddress: 'Web address',
        targetMembers: 'Target members',
        membershipType: 'Membership type',
        message: 'Message',
        twitterAccount: 'Twitter account',
        instagramAccount: 'Instagram account',
        tiktokAccount: 'TikTok account',
        facebookAccount: 'Facebook account',
        totalFollowers: 'Total followers',
        status: 'Status',
        createdAt: 'Received',
      },
    }),
    action: rowKind({
      rows: actions,
      personal: ['actionText', 'notes'],
      title: (row) => `Action item about their application, created ${dayOf(row.createdAt)}`,
      labels: {
        actionText: 'Action',
        dueDate: 'Due date',
        notes: 'Notes',
        isCompleted: 'Completed',
        completedAt: 'Completed at',
        createdAt: 'Created',
        partnerId: 'About application',
      },
    }),
    'contact-message': rowKind({
      rows: contacts,
      personal: CONTACT_FIELDS,
      title: (row) => `Message "${row.subject}", received ${dayOf(row.createdAt)}`,
      labels: {
        name: 'Name',
        email: 'Email',
        subject: 'Subject',
        message: 'Message',
        status: 'Status',
        createdAt: 'Received',
      },
    }),
  });
}
