import type { Setting } from '@12yards/api';
import { defineProjection, type ReadModels } from '@12yards/platform';
import type { SettingEvent } from './events';

export const SETTINGS = 'settings';
/** Keyed by the setting's key. */
export type SettingRow = Required<Setting> & { id: string; version: number };

export const settingRows = (models: ReadModels) => models.collection<SettingRow>(SETTINGS);

export const settingView = ({ id: _id, version: _version, ...setting }: SettingRow): Setting => setting;

export const settingProjection = defineProjection<SettingEvent>({
  collections: [SETTINGS],
  async apply(event, models) {
    if (event.type !== 'SettingChanged') return;
    const rows = settingRows(models);
    const { key, value, description, at } = event.data;
    const row = await rows.get(key);
    if (row && row.version >= event.version) return; // the revision guard: a replay is a no-op
    await rows.put({
      id: key,
      key,
      value,
      description,
      createdAt: row?.createdAt ?? at,
      updatedAt: at,
      version: event.version,
    });
  },
});
