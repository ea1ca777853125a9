import { fold } from '@12yards/platform';
import { decide, settingDecider } from '../src/setting/decide';
import type { SettingEvent } from '../src/setting/events';
import { initialState } from '../src/setting/evolve';

const at = new Date('2026-11-22T10:00:00.000Z');
const iso = at.toISOString();
const seeded: SettingEvent = {
  type: 'SettingChanged',
  data: { key: 'show_app_gallery', value: 'true', description: 'Show it', previousValue: null, at: iso },
};

describe('setting decide/evolve', () => {
  it('Given no setting, when its default is defined, then SettingChanged has no previous value', () => {
    expect(
      decide(
        { type: 'DefineSettingDefault', key: 'show_app_gallery', value: 'true', description: 'Show it', at },
        initialState(),
      ),
    ).toEqual([seeded]);
  });

  it('Given a setting the admin changed, when the default is defined again (a restart), then nothing is decided', () => {
    const state = fold(settingDecider, [
      seeded,
      { ...seeded, data: { ...seeded.data, value: 'false', previousValue: 'true' } },
    ]);
    expect(
      decide(
        { type: 'DefineSettingDefault', key: 'show_app_gallery', value: 'true', description: 'Show it', at },
        state,
      ),
    ).toEqual([]);
    expect(state).toEqual({ exists: true, value: 'false', description: 'Show it' });
  });

  it('Given a setting, when its value changes without a description, then the description is kept', () => {
    expect(
      decide(
        { type: 'ChangeSetting', key: 'show_app_gallery', value: 'false', at },
        fold(settingDecider, [seeded]),
      ),
    ).toEqual([
      {
        type: 'SettingChanged',
        data: {
          key: 'show_app_gallery',
          value: 'false',
          description: 'Show it',
          previousValue: 'true',
          at: iso,
        },
      },
    ]);
  });

  it('Given a setting, when the same value and description are set, then nothing is decided', () => {
    const state = fold(settingDecider, [seeded]);
    expect(decide({ type: 'ChangeSetting', key: 'show_app_gallery', value: 'true', at }, state)).toEqual([]);
    expect(
      decide(
        { type: 'ChangeSetting', key: 'show_app_gallery', value: 'true', description: 'Show it', at },
        state,
      ),
    ).toEqual([]);
  });

  it('Given a setting, when only the description changes, then SettingChanged records it', () => {
    const events = decide(
      { type: 'ChangeSetting', key: 'show_app_gallery', value: 'true', description: 'Gallery switch', at },
      fold(settingDecider, [seeded]),
    );
    expect(events).toEqual([
      {
        type: 'SettingChanged',
        data: {
          key: 'show_app_gallery',
          value: 'true',
          description: 'Gallery switch',
          previousValue: 'true',
          at: iso,
        },
      },
    ]);
  });

  it('Given no setting, when the admin sets a new key, then it is created', () => {
    expect(decide({ type: 'ChangeSetting', key: 'motd', value: 'hello', at }, initialState())).toEqual([
      {
        type: 'SettingChanged',
        data: { key: 'motd', value: 'hello', description: null, previousValue: null, at: iso },
      },
    ]);
  });
});
