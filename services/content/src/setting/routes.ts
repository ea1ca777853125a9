import type { Router } from 'express';
import { contentRoutes as routes } from '@12yards/api/src/routes/content';
import {
  contractRoutes,
  entityAccess,
  runRequestCommand,
  withVersion,
  type ServiceContext,
} from '@12yards/platform';
import { settingDecider } from './decide';
import { settingStreamId } from './events';
import { settingRows, settingView } from './projection';

const adminSettingView = withVersion(settingView);

export function settingRoutes(ctx: ServiceContext): Router {
  const { router, on } = contractRoutes(ctx.env.INTERNAL_SECRET);
  const rows = settingRows(ctx.infra.readModels);

  const settings = entityAccess(ctx, {
    rows,
    streamId: settingStreamId,
    decider: settingDecider,
    name: 'setting',
    idName: 'key',
  });
  /** The admin's answer: the setting with its version, the version also as ETag. */
  const versioned = async (key: string) => {
    const row = await settings.find(key);
    return { status: 200 as const, body: adminSettingView(row), version: row.version };
  };

  // Public: one setting, e.g. show_app_gallery.
  on(routes.settingGet, async ({ params }) => ({
    status: 200,
    body: settingView(await settings.find(params.key)),
  }));

  on(routes.settingAdminList, async () => {
    const list = await rows.find({ sort: [{ field: 'key', dir: 'asc' }] });
    return { status: 200, body: list.map(adminSettingView) };
  });

  on(routes.settingAdminGet, ({ params }) => versioned(params.key));

  // Settings change the whole site: the admin role only, an editor gets 403.
  on(routes.settingSet, async ({ params: { key }, body: { value, description }, req }) => {
    await runRequestCommand(ctx, req, settingStreamId(key), settingDecider, {
      type: 'ChangeSetting',
      key,
      value,
      description,
      at: ctx.clock(),
    });
    return versioned(key);
  });

  return router;
}
