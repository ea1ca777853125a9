/** A setting took a value (its first value too: previousValue is then null). */
export type SettingChanged = {
  type: 'SettingChanged';
  data: { key: string; value: string; description: string | null; previousValue: string | null; at: string };
};

export type SettingEvent = SettingChanged;

export const settingStreamId = (key: string) => `setting-${key}`;
