import { DEFAULT_SERVICES } from '@12yards/api';
import { ConcurrencyError, handleCommand, type ServiceContext } from '@12yards/platform';
import { serviceStatusDecider } from './service-status/decide';
import { streamId } from './service-status/events';

export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** On the very first start, register the default services, all operational. */
export async function seedDefaults(ctx: ServiceContext): Promise<void> {
  if ((await ctx.infra.eventStore.lastPosition()) > 0) return;
  for (const serviceName of DEFAULT_SERVICES) {
    const id = slug(serviceName);
    try {
      await handleCommand(
        ctx.infra.eventStore,
        streamId(id),
        serviceStatusDecider,
        {
          type: 'RegisterService',
          id,
          serviceName,
          status: 'operational',
          at: ctx.clock(),
        },
        { actor: 'system' },
      );
    } catch (err) {
      if (!(err instanceof ConcurrencyError)) throw err; // another instance seeded it first
    }
  }
  await ctx.projector.catchUp();
}
