import type { UploadEvent } from './events';

export type UploadState = { status: 'none' } | { status: 'stored'; keys: string[] } | { status: 'removed' };

export const initialState = (): UploadState => ({ status: 'none' });

export function evolve(state: UploadState, event: UploadEvent): UploadState {
  switch (event.type) {
    case 'MediaUploaded': {
      const keys = [event.data.key, ...event.data.variants.map((v) => v.key)];
      return { status: 'stored', keys: [...new Set(keys)] };
    }
    case 'MediaUploadRemoved':
      return { status: 'removed' };
  }
}
