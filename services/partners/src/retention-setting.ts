import { Router } from 'express';
import { privacyRetentionRequest, type PrivacyRetention } from '@12yards/api';
import { parse, requireAdmin, type ServiceContext } from '@12yards/platform';

/** The stream of the retention setting: one event each time an admin sets the period. */
export const RETENTION_SETTING_STREAM = 'privacy-retention-setting';

export type RetentionPeriodSet = {
  type: 'RetentionPeriodSet';
  data: { months: number; previousMonths: number; at: string };
};

type Site = Pick<ServiceContext, 'env' | 'infra' | 'clock'>;

/**
 * The retention period in force (issue 26 item 4): the last one an admin set, else PRIVACY_RETENTION_MONTHS. Read
 * from its stream at each sweep and each read, so a change made through any replica applies everywhere.
 */
export async function currentRetention(site: Site): Promise<PrivacyRetention> {
  const defaultMonths = site.env.PRIVACY_RETENTION_MONTHS;
  const last = (await site.infra.eventStore.read(RETENTION_SETTING_STREAM))
    .filter((e) => e.type === 'RetentionPeriodSet')
    .at(-1);
  if (!last) return { months: defaultMonths, defaultMonths, changedAt: null, changedBy: null };
  const { months, at } = (last as unknown as RetentionPeriodSet).data;
  return { months, defaultMonths, changedAt: at, changedBy: last.meta.actor ?? null };
}

/** The months only, for the sweep and the export. */
export const retentionMonths = (site: Site) => async () => (await currentRetention(site)).months;

/**
 * GET /api/admin/privacy/retention (any admin) and PUT (admin role, { months } checked by privacyRetentionRequest):
 * the setting the admin app shows and changes on its Privacy tab.
 */
export function retentionSettingRoutes(site: Site): Router {
  const router = Router();
  router.get('/api/admin/privacy/retention', requireAdmin(site.env.INTERNAL_SECRET), async (_req, res) => {
    res.set('Cache-Control', 'no-store').json(await currentRetention(site));
  });
  router.put(
    '/api/admin/privacy/retention',
    requireAdmin(site.env.INTERNAL_SECRET, 'admin'),
    async (req, res) => {
      const { months } = parse(privacyRetentionRequest, req.body);
      const before = await currentRetention(site);
      if (months !== before.months) {
        const event: RetentionPeriodSet = {
          type: 'RetentionPeriodSet',
          data: { months, previousMonths: before.months, at: site.clock().toISOString() },
        };
        await site.infra.eventStore.append(RETENTION_SETTING_STREAM, 'any', [
          { ...event, meta: { actor: req.admin!.username } },
        ]);
      }
      res.set('Cache-Control', 'no-store').json(await currentRetention(site));
    },
  );
  return router;
}
