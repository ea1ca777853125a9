import type { EndingContract } from '@12yards/api';
import { contractsRoutes as routes } from '@12yards/api/src/routes/contracts';
import { findPage, type ContractRoutes, type ServiceContext } from '@12yards/platform';
import { contractRows } from '../contract/projection';
import { partnerRows } from '../partner-view/projection';

const DAY_MS = 86_400_000;
const dateOf = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * `GET /api/admin/contracts/ending?within=30|60|90`: the active contracts whose end date falls from today to that
 * many days after it, soonest first, one page at a time: the list the dashboard's renewal figures count (the same
 * window as contractsInsightsAt), each with its partner's name for the link to that partner.
 */
export function endingContractRoutes(ctx: ServiceContext, { on }: ContractRoutes): void {
  const rows = contractRows(ctx.infra.readModels);
  const partners = partnerRows(ctx.infra.readModels);
  on(routes.endingContracts, async ({ query: { within, ...page }, req, res }) => {
    const now = ctx.clock();
    const list = await findPage(rows, req, res, {
      where: {
        ended: false,
        endDate: { $gte: dateOf(now), $lte: dateOf(new Date(now.getTime() + within * DAY_MS)) },
      },
      sort: [{ field: 'endDate', dir: 'asc' }],
      page,
    });
    const ids = [...new Set(list.map((c) => c.partnerId))];
    const known = ids.length ? await partners.find({ where: { id: { $in: ids } } }) : [];
    const names = new Map(known.map((p) => [p.id, p.name]));
    const body: EndingContract[] = list.map((c) => ({
      id: c.id,
      partnerId: c.partnerId,
      partnerName: names.get(c.partnerId) ?? null,
      companyName: c.companyName,
      endDate: c.endDate,
    }));
    return { status: 200, body };
  });
}
