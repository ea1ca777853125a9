import { CONTRACT_ENDING_DAYS, contractsInsights, type ContractsInsights } from '@12yards/api';
import { type ReadModels, type ServiceContext } from '@12yards/platform';
import { insightsRoutes } from '@12yards/workbench';
import { activeContracts } from './projection';

const DAY_MS = 86_400_000;
const dateOf = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * Active contracts at the end of `at` (null: now) whose end date falls from that day to 30, 60 and 90 days after it
 * (each count includes the shorter horizons').
 */
export async function contractsInsightsAt(
  models: ReadModels,
  at: Date | null,
  now: Date,
): Promise<ContractsInsights> {
  const moment = at ?? now;
  const [within30, within60, within90] = await Promise.all(
    CONTRACT_ENDING_DAYS.map((days) =>
      activeContracts.count(models, at, {
        endDate: { $gte: dateOf(moment), $lte: dateOf(new Date(moment.getTime() + days * DAY_MS)) },
      }),
    ),
  );
  return { contractsEnding: { within30: within30!, within60: within60!, within90: within90! } };
}

export const contractInsightsRoutes = (ctx: ServiceContext) =>
  insightsRoutes(ctx, contractsInsights, (at, now) => contractsInsightsAt(ctx.infra.readModels, at, now));
