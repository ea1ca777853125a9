import { Conflict, NotFound, type Decider } from '@12yards/platform';
import type { MediaUploaded, UploadEvent } from './events';
import { evolve, initialState, type UploadState } from './evolve';

export type UploadCommand =
  | ({ type: 'RecordUpload' } & Omit<MediaUploaded['data'], 'at'> & { at: Date })
  | { type: 'RemoveUpload'; id: string; at: Date };

export function decide(command: UploadCommand, state: UploadState): UploadEvent[] {
  switch (command.type) {
    case 'RecordUpload': {
      if (state.status !== 'none') throw new Conflict(`Upload ${command.id} already exists`);
      const { type: _type, at, ...data } = command;
      return [{ type: 'MediaUploaded', data: { ...data, at: at.toISOString() } }];
    }
    case 'RemoveUpload':
      if (state.status === 'none') throw new NotFound(`No upload with id ${command.id}`);
      if (state.status === 'removed') return [];
      return [
        {
          type: 'MediaUploadRemoved',
          data: { id: command.id, keys: state.keys, at: command.at.toISOString() },
        },
      ];
  }
}

export const uploadDecider: Decider<UploadState, UploadCommand, UploadEvent> = {
  initialState,
  decide,
  evolve,
};
