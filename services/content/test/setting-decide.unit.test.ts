import { DeciderSpecification } from '@12yards/platform/testing';
import { settingDecider } from '../src/setting/decide';
import type { SettingEvent } from '../src/setting/events';

const at = new Date('2026-11-22T10:00:00.000Z');
const iso = at.toISOString();
const seeded: SettingEvent = {
  type: 'SettingChanged',
  data: { key: 'show_app_gallery', value: 'true', description: 'Show it', previousValue: null, at: iso },
};
const defineDefault = {
  type: 'DefineSettingDefault',
  key: 'show_app_gallery',
  value: 'true',
  description: 'Show it',
  at,
} as const;
const given = DeciderSpecification.for(settingDecider);

describe('setting decide/evolve', () => {
  it('Given no setting, when its default is defined, then SettingChanged has no previous value', () => {
    given([]).when(defineDefault).then([seeded]);
  });

  it('Given a setting the admin changed, when the default is defined again (a restart), then nothing is decided', () => {
    const changed = given([
      seeded,
      { ...seeded, data: { ...seeded.data, value: 'false', previousValue: 'true' } },
    ]);
    changed.when(defineDefault).thenNothingHappened();
    expect(changed.state).toEqual({ exists: true, value: 'false', description: 'Show it' });
  });

  it('Given a setting, when its value changes without a description, then the description is kept', () => {
    given([seeded])
      .when({ type: 'ChangeSetting', key: 'show_app_gallery', value: 'false', at })
      .then([
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
    const setting = given([seeded]);
    setting.when({ type: 'ChangeSetting', key: 'show_app_gallery', value: 'true', at }).thenNothingHappened();
    setting
      .when({ type: 'ChangeSetting', key: 'show_app_gallery', value: 'true', description: 'Show it', at })
      .thenNothingHappened();
  });

  it('Given a setting, when only the description changes, then SettingChanged records it', () => {
    given([seeded])
      .when({
        type: 'ChangeSetting',
        key: 'show_app_gallery',
        value: 'true',
        description: 'Gallery switch',
        at,
      })
      .then([
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
    given([])
      .when({ type: 'ChangeSetting', key: 'motd', value: 'hello', at })
      .then([
        {
          type: 'SettingChanged',
          data: { key: 'motd', value: 'hello', description: null, previousValue: null, at: iso },
        },
      ]);
  });
});
