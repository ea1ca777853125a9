import { z } from 'zod';
import { defineEvent } from './define';

const contractRef = z.object({ contractId: z.string().min(1), partnerId: z.string().min(1) });
/** Partners locks and unlocks a partner by them; the gateway tells admins live. */
const consumers = ['partners', 'gateway'] as const;

export const contractCreated = defineEvent({
  type: 'ContractCreated',
  version: 1,
  producer: 'contracts',
  consumers,
  description:
    'A contract was created for a partner: the partner is promoted and locked while it has active contracts.',
  data: contractRef,
});
export const contractReactivated = defineEvent({
  type: 'ContractReactivated',
  version: 1,
  producer: 'contracts',
  consumers,
  description: 'An ended contract became active again (its end date moved to today or later).',
  data: contractRef,
});
export const contractEnded = defineEvent({
  type: 'ContractEnded',
  version: 1,
  producer: 'contracts',
  consumers,
  description: "A contract's end date passed: it no longer holds its partner's lock.",
  data: contractRef,
});
export const contractDeleted = defineEvent({
  type: 'ContractDeleted',
  version: 1,
  producer: 'contracts',
  consumers,
  description: "An admin deleted a contract: it no longer holds its partner's lock.",
  data: contractRef,
});

export const contractDocumentGenerated = defineEvent({
  type: 'ContractDocumentGenerated',
  version: 1,
  producer: 'contracts',
  consumers: ['gateway'],
  description:
    "A contract's document (.docx) was generated: admins are told live. It changes no partner: partners ignores it.",
  data: contractRef.extend({ fileName: z.string().min(1) }),
});

export const contractsEvents = [
  contractCreated,
  contractReactivated,
  contractEnded,
  contractDeleted,
  contractDocumentGenerated,
] as const;
