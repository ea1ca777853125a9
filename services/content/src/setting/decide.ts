import type { Decider } from '@12yards/platform';
import type { SettingEvent } from './events';
import { evolve, initialState, type SettingState } from './evolve';

export type SettingCommand =
  /** The admin's change; an absent description keeps the one the setting has. Creates the setting when new. */
  | { type: 'ChangeSetting'; key: string; value: string; description?: string; at: Date }
  /** Start-up seeding: sets the value only when the setting has never had one. */
  | { type: 'DefineSettingDefault'; key: string; value: string; description: string; at: Date };

export function decide(command: SettingCommand, state: SettingState): SettingEvent[] {
  const at = command.at.toISOString();
  switch (command.type) {
    case 'DefineSettingDefault':
      if (state.exists) return [];
      return [
        {
          type: 'SettingChanged',
          data: {
            key: command.key,
            value: command.value,
            description: command.description,
            previousValue: null,
            at,
          },
        },
      ];
    case 'ChangeSetting': {
      const previous = state.exists ? state : { value: null, description: null };
      const description = command.description ?? previous.description;
      if (state.exists && state.value === command.value && state.description === description) return [];
      return [
        {
          type: 'SettingChanged',
          data: { key: command.key, value: command.value, description, previousValue: previous.value, at },
        },
      ];
    }
  }
}

export const settingDecider: Decider<SettingState, SettingCommand, SettingEvent> = {
  initialState,
  decide,
  evolve,
};
