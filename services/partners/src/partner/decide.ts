import type { PartnerStatus, PartnerType } from '@12yards/api';
import { Conflict, NotFound, type Decider } from '@12yards/platform';
import { detailKeys, type PartnerDetails, type PartnerEvent } from './events';
import { evolve, initialState, type PartnerState } from './evolve';

export type PartnerCommand =
  | { type: 'SubmitApplication'; id: string; details: PartnerDetails; source: 'public' | 'admin'; at: Date }
  /** The admin's edit: a status, new details, or both. */
  | { type: 'UpdatePartner'; id: string; status?: PartnerStatus; details?: EditedDetails; at: Date }
  | { type: 'RecordContractCreated'; id: string; contractId: string; at: Date }
  | {
      type: 'RecordContractEnded';
      id: string;
      contractId: string;
      reason: 'ContractEnded' | 'ContractDeleted';
      at: Date;
    };

/** The admin form's details; an omitted type keeps the partner's type. */
export type EditedDetails = Omit<PartnerDetails, 'type'> & { type?: PartnerType };

export const lockedMessage = (activeContracts: number) =>
  `This partner's status is locked to Partner while it has active contracts (${activeContracts}); ` +
  'it can be changed once they have ended';

const sameDetails = (a: PartnerDetails, b: PartnerDetails) => detailKeys.every((k) => a[k] === b[k]);

export function decide(command: PartnerCommand, state: PartnerState): PartnerEvent[] {
  const at = command.at.toISOString();
  if (command.type === 'SubmitApplication') {
    if (state.exists) return []; // the same application twice changes nothing
    return [
      {
        type: 'PartnerApplicationSubmitted',
        data: { id: command.id, ...command.details, status: 'Pending', source: command.source, at },
      },
    ];
  }
  if (!state.exists) throw new NotFound(`No partner with id ${command.id}`);
  const active = state.activeContractIds.length;

  switch (command.type) {
    case 'UpdatePartner': {
      const statusChanges = command.status !== undefined && command.status !== state.status;
      // Checked before anything is decided, so a refused request writes nothing at all.
      if (statusChanges && active > 0) throw new Conflict(lockedMessage(active));
      const events: PartnerEvent[] = [];
      const details = command.details && {
        ...command.details,
        type: command.details.type ?? state.details.type,
      };
      if (details && !sameDetails(details, state.details)) {
        events.push({ type: 'PartnerDetailsChanged', data: { id: command.id, ...details, at } });
      }
      if (statusChanges) {
        events.push({
          type: 'PartnerStatusChanged',
          data: { id: command.id, status: command.status!, previousStatus: state.status, at },
        });
      }
      return events;
    }
    case 'RecordContractCreated':
      if (state.activeContractIds.includes(command.contractId)) return []; // already counted: a redelivery
      return [
        {
          type: 'PartnerPromoted',
          data: {
            id: command.id,
            contractId: command.contractId,
            status: 'Partner',
            previousStatus: state.status,
            activeContracts: active + 1,
            statusLocked: true,
            at,
          },
        },
      ];
    case 'RecordContractEnded':
      if (!state.activeContractIds.includes(command.contractId)) return []; // unknown or already ended
      return [
        {
          type: 'PartnerContractEnded',
          data: {
            id: command.id,
            contractId: command.contractId,
            reason: command.reason,
            activeContracts: active - 1,
            statusLocked: active - 1 > 0,
            at,
          },
        },
      ];
  }
}

export const partnerDecider: Decider<PartnerState, PartnerCommand, PartnerEvent> = {
  initialState,
  decide,
  evolve,
};
