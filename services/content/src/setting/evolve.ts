import type { SettingEvent } from './events';

export type SettingState = { exists: false } | { exists: true; value: string; description: string | null };

export const initialState = (): SettingState => ({ exists: false });

export function evolve(_state: SettingState, event: SettingEvent): SettingState {
  switch (event.type) {
    case 'SettingChanged':
      return { exists: true, value: event.data.value, description: event.data.description };
  }
}
