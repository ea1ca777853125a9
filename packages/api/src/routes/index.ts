import type { RouteContract } from './contract';
import { contentRoutes } from './content';
import { contractsRoutes } from './contracts';
import { fanOutRoutes, INTERNAL_PREFIX, isInternalPath } from './fan-out';
import { gatewayRoutes } from './gateway';
import { mediaRoutes } from './media';
import { partnersRoutes } from './partners';
import { statusRoutes } from './status';
import { workbenchRoutes } from './workbench';

export * from './contract';
export {
  contentRoutes,
  contractsRoutes,
  fanOutRoutes,
  gatewayRoutes,
  INTERNAL_PREFIX,
  isInternalPath,
  mediaRoutes,
  partnersRoutes,
  statusRoutes,
  workbenchRoutes,
};

/**
 * Every route of the platform, by who serves it: the gateway itself (its auth, documents, health and fan-outs),
 * each service, and the workbench routes every service serves (history, a trashed item's restore and purge).
 */
export const ROUTE_CONTRACTS = {
  gateway: gatewayRoutes,
  status: statusRoutes,
  content: contentRoutes,
  partners: partnersRoutes,
  contracts: contractsRoutes,
  media: mediaRoutes,
  workbench: workbenchRoutes,
} as const;

/** All the contracts, one list. */
export const ALL_ROUTES: readonly RouteContract[] = Object.values(ROUTE_CONTRACTS).flatMap(
  (routes): RouteContract[] => Object.values(routes),
);
