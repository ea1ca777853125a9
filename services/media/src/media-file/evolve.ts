import type { MediaFileEvent } from './events';

export type MediaFileState =
  | { status: 'none' }
  | { status: 'active'; uploadId: string | null; altText: string | null }
  | { status: 'deleted' };

export const initialState = (): MediaFileState => ({ status: 'none' });

export function evolve(state: MediaFileState, event: MediaFileEvent): MediaFileState {
  switch (event.type) {
    case 'MediaFileAdded':
      return { status: 'active', uploadId: event.data.uploadId, altText: event.data.altText };
    case 'MediaFileDescribed':
      return state.status === 'active' ? { ...state, altText: event.data.altText } : state;
    case 'MediaFileDeleted':
      return { status: 'deleted' };
  }
}
