import { z } from 'zod';
import { contactStatuses, partnerStatuses, partnerTypes } from '../partners';
import { defineEvent } from './define';

const status = z.enum(partnerStatuses);
/** What the contracts service keeps of a partner (its list and document show these). */
const details = {
  name: z.string(),
  email: z.string(),
  type: z.enum(partnerTypes),
  organization: z.string().nullable(),
  position: z.string().nullable(),
  knownAs: z.string().nullable(),
  webAddress: z.string().nullable(),
};
/** Version 1 (the partners topic before 2026-11-24) named the partner `id`; version 2 names it `partnerId`. */
const renameId = <D extends { id: string }>({ id, ...rest }: D) => ({ partnerId: id, ...rest });

/** Contracts keeps its view of partners from them; the gateway tells admins live. */
const consumers = ['contracts', 'gateway'] as const;

export const partnerApplicationSubmittedV1 = defineEvent({
  type: 'PartnerApplicationSubmitted',
  version: 1,
  producer: 'partners',
  consumers,
  description: 'A partner application was received (public form or admin). Superseded by version 2.',
  data: z.object({ id: z.string().min(1), ...details, status }),
  upcast: renameId,
});
export const partnerApplicationSubmitted = defineEvent({
  type: 'PartnerApplicationSubmitted',
  version: 2,
  producer: 'partners',
  consumers,
  description: 'A partner application was received (public form or admin): the partner now exists.',
  data: z.object({ partnerId: z.string().min(1), ...details, status }),
});

export const partnerDetailsChangedV1 = defineEvent({
  type: 'PartnerDetailsChanged',
  version: 1,
  producer: 'partners',
  consumers,
  description: "An admin edited a partner's details. Superseded by version 2.",
  data: z.object({ id: z.string().min(1), ...details }),
  upcast: renameId,
});
export const partnerDetailsChanged = defineEvent({
  type: 'PartnerDetailsChanged',
  version: 2,
  producer: 'partners',
  consumers,
  description: "An admin edited a partner's details: every detail after the edit.",
  data: z.object({ partnerId: z.string().min(1), ...details }),
});

export const partnerStatusChangedV1 = defineEvent({
  type: 'PartnerStatusChanged',
  version: 1,
  producer: 'partners',
  consumers,
  description: "A partner's status changed. Superseded by version 2.",
  data: z.object({ id: z.string().min(1), status }),
  upcast: renameId,
});
export const partnerStatusChanged = defineEvent({
  type: 'PartnerStatusChanged',
  version: 2,
  producer: 'partners',
  consumers,
  description: "A partner's status changed (by an admin, or to Partner when a contract was created for it).",
  data: z.object({ partnerId: z.string().min(1), status }),
});

/**
 * Contact messages: read by the gateway for the admins' live updates (a toast names the sender). Version 1 carried the
 * subject too, which no consumer reads (issue 26: integration events carry no personal data a consumer does not need).
 */
export const contactMessageReceivedV1 = defineEvent({
  type: 'ContactMessageReceived',
  version: 1,
  producer: 'partners',
  consumers: ['gateway'],
  description: 'A visitor sent a message through the contact form. Superseded by version 2.',
  data: z.object({ contactId: z.string().min(1), name: z.string(), subject: z.string() }),
  upcast: ({ subject: _unread, ...rest }) => rest,
});
export const contactMessageReceived = defineEvent({
  type: 'ContactMessageReceived',
  version: 2,
  producer: 'partners',
  consumers: ['gateway'],
  description:
    "A visitor sent a message through the contact form: its id and who sent it (for the admins' toast).",
  data: z.object({ contactId: z.string().min(1), name: z.string() }),
});
export const contactStatusChanged = defineEvent({
  type: 'ContactStatusChanged',
  version: 1,
  producer: 'partners',
  consumers: ['gateway'],
  description: 'An admin marked a contact message read, unread or responded.',
  data: z.object({ contactId: z.string().min(1), status: z.enum(contactStatuses) }),
});

/** The retention sweep erased applications that never became partners: consumers erase what they keep of them. */
export const applicationsExpired = defineEvent({
  type: 'ApplicationsExpired',
  version: 1,
  producer: 'partners',
  consumers: ['contracts'],
  description:
    'Applications that never became partners were erased after the retention period: the contracts service erases its record of each partner named.',
  data: z.object({ partnerIds: z.array(z.string().min(1)).min(1) }),
});

export const partnersEvents = [
  partnerApplicationSubmittedV1,
  partnerApplicationSubmitted,
  partnerDetailsChangedV1,
  partnerDetailsChanged,
  partnerStatusChangedV1,
  partnerStatusChanged,
  contactMessageReceivedV1,
  contactMessageReceived,
  contactStatusChanged,
  applicationsExpired,
] as const;
