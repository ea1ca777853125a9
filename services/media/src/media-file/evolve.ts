import type { MediaFileEvent } from './events';

export type MediaFileState =
  { status: 'none' } | { status: 'active'; uploadId: string | null } | { status: 'deleted' };

export const initialState = (): MediaFileState => ({ status: 'none' });

export function evolve(_state: MediaFileState, event: MediaFileEvent): MediaFileState {
  switch (event.type) {
    case 'MediaFileAdded':
      return { status: 'active', uploadId: event.data.uploadId };
    case 'MediaFileDeleted':
      return { status: 'deleted' };
  }
}
