import type { Decider } from '@12yards/platform';
import type { ReferenceEvent } from './events';
import { evolve, initialState, type ReferenceState } from './evolve';

export type ReferenceCommand = { type: 'SetReference'; source: string; uploadId: string | null; at: Date };

export function decide(command: ReferenceCommand, state: ReferenceState): ReferenceEvent[] {
  if (command.uploadId === state.uploadId) return []; // an edit that kept the image changes nothing here
  return [
    {
      type: 'MediaReferenceChanged',
      data: {
        source: command.source,
        uploadId: command.uploadId,
        previousUploadId: state.uploadId,
        at: command.at.toISOString(),
      },
    },
  ];
}

export const referenceDecider: Decider<ReferenceState, ReferenceCommand, ReferenceEvent> = {
  initialState,
  decide,
  evolve,
};
