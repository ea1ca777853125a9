import { Conflict, NotFound, type Decider } from '@12yards/platform';
import type { MediaFileAdded, MediaFileEvent } from './events';
import { evolve, initialState, type MediaFileState } from './evolve';

export type MediaFileCommand =
  | ({ type: 'AddMediaFile' } & Omit<MediaFileAdded['data'], 'at'> & { at: Date })
  | { type: 'DescribeMediaFile'; id: string; altText: string | null; at: Date }
  | { type: 'DeleteMediaFile'; id: string; at: Date };

export function decide(command: MediaFileCommand, state: MediaFileState): MediaFileEvent[] {
  switch (command.type) {
    case 'AddMediaFile': {
      if (state.status !== 'none') throw new Conflict(`Media file ${command.id} already exists`);
      const { type: _type, at, ...data } = command;
      return [{ type: 'MediaFileAdded', data: { ...data, at: at.toISOString() } }];
    }
    case 'DescribeMediaFile':
      if (state.status !== 'active') throw new NotFound(`No media file with id ${command.id}`);
      if (state.altText === command.altText) return [];
      return [
        {
          type: 'MediaFileDescribed',
          data: { id: command.id, altText: command.altText, at: command.at.toISOString() },
        },
      ];
    case 'DeleteMediaFile':
      if (state.status !== 'active') throw new NotFound(`No media file with id ${command.id}`);
      return [
        {
          type: 'MediaFileDeleted',
          data: { id: command.id, uploadId: state.uploadId, at: command.at.toISOString() },
        },
      ];
  }
}

export const mediaFileDecider: Decider<MediaFileState, MediaFileCommand, MediaFileEvent> = {
  initialState,
  decide,
  evolve,
};
