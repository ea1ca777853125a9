import { hostname } from 'node:os';
import type { EventBus, EventHandler, Subscription } from '@12yards/platform';

/**
 * Subscribes this gateway process to topics in a consumer group of its own, `gateway-<purpose>-<instance>`: each
 * process keeps its own copy of what it derives from the events (the public reads, the pages, the live streams), so
 * each reads every event. `instance` is the validated INSTANCE_ID (GatewayEnv), which tells apart the replicas that
 * `start.mjs --replicas` runs on one host; unset, the host's name.
 */
export function subscribeInstance(
  bus: EventBus,
  purpose: string,
  instance: string | undefined,
  topics: string[],
  handler: EventHandler,
): Promise<Subscription> {
  return bus.subscribe(`gateway-${purpose}-${instance ?? hostname()}`, topics, handler);
}
