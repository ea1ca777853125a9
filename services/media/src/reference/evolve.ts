import type { ReferenceEvent } from './events';

export type ReferenceState = { uploadId: string | null };

export const initialState = (): ReferenceState => ({ uploadId: null });

export function evolve(_state: ReferenceState, event: ReferenceEvent): ReferenceState {
  return { uploadId: event.data.uploadId };
}
