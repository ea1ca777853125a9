import { SHOW_APP_GALLERY } from '@12yards/api';
import { Conflict, ConcurrencyError, handleCommand, type ServiceContext } from '@12yards/platform';
import { settingDecider } from './setting/decide';
import { settingStreamId } from './setting/events';

/** The settings that exist from the very first start. */
export const DEFAULT_SETTINGS = [
  { key: SHOW_APP_GALLERY, value: 'true', description: 'Show the app gallery on the public site' },
] as const;

/** Gives each default setting its value once; a setting the admin has changed keeps its value. */
export async function seedDefaults(ctx: ServiceContext): Promise<void> {
  for (const { key, value, description } of DEFAULT_SETTINGS) {
    try {
      await handleCommand(
        ctx.infra.eventStore,
        settingStreamId(key),
        settingDecider,
        { type: 'DefineSettingDefault', key, value, description, at: ctx.clock() },
        { actor: 'system' },
      );
    } catch (err) {
      // Another instance seeding at the same moment is fine: the setting exists either way.
      if (!(err instanceof ConcurrencyError) && !(err instanceof Conflict)) throw err;
    }
  }
  await ctx.projector.catchUp();
}
