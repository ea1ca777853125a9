import { Router, type Response } from 'express';
import { settingInput, settingKey } from '@12yards/api';
import {
  entityAccess,
  parse,
  requireAdmin,
  runRequestCommand,
  withVersion,
  type ServiceContext,
} from '@12yards/platform';
import { NO_CACHE, NO_STORE } from '../command';
import { settingDecider } from './decide';
import { settingStreamId } from './events';
import { settingRows, settingView } from './projection';

const adminSettingView = withVersion(settingView);

export function settingRoutes(ctx: ServiceContext): Router {
  const router = Router();
  const rows = settingRows(ctx.infra.readModels);
  const secret = ctx.env.INTERNAL_SECRET;

  const settings = entityAccess(ctx, {
    rows,
    streamId: settingStreamId,
    decider: settingDecider,
    name: 'setting',
    idName: 'key',
  });
  const load = async (key: string) => settingView(await settings.find(key));
  /** The admin's answer: the setting with its version, the version also as ETag. */
  const loadVersioned = async (res: Response, key: string) =>
    adminSettingView(await settings.findVersioned(res, key));

  // Public: one setting, e.g. show_app_gallery.
  router.get('/api/settings/:key', async (req, res) => {
    const setting = await load(String(req.params.key));
    res.set('Cache-Control', NO_CACHE).json(setting);
  });

  router.get('/api/admin/settings', requireAdmin(secret), async (_req, res) => {
    const list = await rows.find({ sort: [{ field: 'key', dir: 'asc' }] });
    res.set('Cache-Control', NO_STORE).json(list.map(adminSettingView));
  });

  router.get('/api/admin/settings/:key', requireAdmin(secret), async (req, res) => {
    const setting = await loadVersioned(res, String(req.params.key));
    res.set('Cache-Control', NO_STORE).json(setting);
  });

  // Settings change the whole site: the admin role only, an editor gets 403.
  router.put('/api/admin/settings/:key', requireAdmin(secret, 'admin'), async (req, res) => {
    const key = parse(settingKey, req.params.key);
    const { value, description } = parse(settingInput, req.body);
    await runRequestCommand(ctx, req, settingStreamId(key), settingDecider, {
      type: 'ChangeSetting',
      key,
      value,
      description,
      at: ctx.clock(),
    });
    res.set('Cache-Control', NO_STORE).json(await loadVersioned(res, key));
  });

  return router;
}
