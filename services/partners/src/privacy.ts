import {
  dayOf,
  ERASED_PERSONAL_DATA,
  normalisedEmail,
  personalDataHolder,
  rowKind,
  type EventStore,
  type PersonalDataHolder,
  type PersonalRecord,
  type ReadModels,
  type RetentionSource,
  type StoredEvent,
} from '@12yards/platform';
import { actionStreamId } from './action/events';
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

/** When an event happened on the service's clock (its data's `at`; else when it was stored). */
const happenedAt = (event: StoredEvent | undefined): string | null =>
  event ? (((event.data as { at?: unknown }).at as string | undefined) ?? event.occurredAt) : null;

/** When a stream last changed (its newest event), or null when it has none. */
async function lastChange(events: EventStore, streamId: string): Promise<string | null> {
  return happenedAt((await events.read(streamId)).at(-1));
}

/**
 * What the partners service keeps only for a while: applications that never became partners (with the actions about
 * them) and contact messages, whose last change (their own, or an action's) is before the cutoff. Erased ones are
 * left alone.
 */
export function partnersRetention(models: ReadModels, events: EventStore): RetentionSource {
  const partners = partnerRows(models);
  const actions = actionRows(models);
  const contacts = contactRows(models);
  const before = (at: string | null, cutoff: Date) => at !== null && Date.parse(at) < cutoff.getTime();
  return {
    async expired(cutoff) {
      const records: PersonalRecord[] = [];
      for (const partner of await partners.find({ where: { status: { $ne: 'Partner' } } })) {
        if (partner.email === ERASED_PERSONAL_DATA) continue;
        const subject = partnerStreamId(partner.id);
        const stream = await events.read(subject);
        if (stream.some((e) => e.type === 'PartnerPromoted')) continue; // became a partner once
        const about = await actions.find({ where: { partnerId: partner.id } });
        const changes = [happenedAt(stream.at(-1))];
        for (const action of about) changes.push(await lastChange(events, actionStreamId(action.id)));
        if (!changes.every((at) => before(at, cutoff))) continue;
        records.push({ kind: 'application', id: partner.id, subject });
        for (const action of about) records.push({ kind: 'action', id: action.id, subject });
      }
      for (const contact of await contacts.find()) {
        if (contact.email === ERASED_PERSONAL_DATA) continue;
        const subject = contactStreamId(contact.id);
        if (before(await lastChange(events, subject), cutoff))
          records.push({ kind: 'contact-message', id: contact.id, subject });
      }
      return records;
    },
  };
}
