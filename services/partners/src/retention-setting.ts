import type { Router } from 'express';
import type { PrivacyRetention } from '@12yards/api';
import { partnersRoutes as routes } from '@12yards/api/src/routes/partners';
import { contractRoutes, type ServiceContext } from '@12yards/platform';

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
  const { router, on } = contractRoutes(site.env.INTERNAL_SECRET);
  on(routes.retentionGet, async () => ({ status: 200, body: await currentRetention(site) }));
  on(routes.retentionSet, async ({ body: { months }, req }) => {
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
    return { status: 200, body: await currentRetention(site) };
  });
  return router;
}
