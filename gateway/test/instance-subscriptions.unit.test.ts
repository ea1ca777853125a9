import { hostname } from 'node:os';
import {
  createLogger,
  type EventBus,
  type EventHandler,
  type StoredEvent,
  type SubscribeOptions,
} from '@12yards/platform';
import { InstanceSubscriptions, MAX_DELAY_MS } from '../src/instance-subscription';

const logger = createLogger('test', 'silent');

/** A bus that records its subscriptions; `deliver` hands an event to one as the bus would. */
function recordingBus() {
  const subscribed: {
    group: string;
    topics: string[];
    handler: EventHandler;
    options?: SubscribeOptions;
    stops: number;
  }[] = [];
  const bus: EventBus = {
    needsRelay: false,
    publish: async () => undefined,
    subscribe: async (group, topics, handler, options) => {
      const sub = { group, topics, handler, options, stops: 0 };
      subscribed.push(sub);
      return { stop: async () => void sub.stops++ };
    },
    ready: async () => true,
    close: async () => undefined,
  };
  const deliver = (topic: string, position = 1) => subscribed[0]!.handler(event(position), topic);
  return { bus, subscribed, deliver };
}

const event = (position: number): StoredEvent => ({
  id: `e${position}`,
  type: 'FaqChanged',
  streamId: 'faq-1',
  version: position,
  position,
  occurredAt: new Date().toISOString(),
  data: {},
  meta: {},
});

/** A handler that records the topics it was given. */
function recorder(fail?: Error) {
  const got: string[] = [];
  const handler: EventHandler = async (_event, topic) => {
    got.push(topic);
    if (fail) throw fail;
  };
  return { got, handler };
}

describe("a gateway process's one subscription to the services' events", () => {
  it('When three purposes register and it starts, then the bus is subscribed once, in group gateway-<INSTANCE_ID>, to the union of their topics, as a subscriber that may wait a moment, and each event goes to the purposes of its topic only', async () => {
    const { bus, subscribed, deliver } = recordingBus();
    const subs = new InstanceSubscriptions({ bus, instance: 'gw-2', logger });
    const [web, reads, live] = [recorder(), recorder(), recorder()];
    subs.register('web', ['content', 'status'], web.handler);
    subs.register('reads', ['content', 'status', 'media'], reads.handler);
    subs.register('live', ['partners', 'contracts', 'content', 'status'], live.handler);
    expect(subs.running).toBe(false);
    await subs.start();
    await subs.start();

    expect(subscribed).toHaveLength(1);
    expect(subscribed[0]!.group).toBe('gateway-gw-2');
    expect(subscribed[0]!.options).toEqual({ maxDelayMs: MAX_DELAY_MS });
    expect(MAX_DELAY_MS).toBeLessThanOrEqual(250);
    expect([...subscribed[0]!.topics].sort()).toEqual([
      'content',
      'contracts',
      'media',
      'partners',
      'status',
    ]);
    expect(subs.running).toBe(true);

    await deliver('content');
    await deliver('partners');
    await deliver('media');
    expect(web.got).toEqual(['content']);
    expect(reads.got).toEqual(['content', 'media']);
    expect(live.got).toEqual(['content', 'partners']);

    await subs.stop();
    await subs.stop();
    expect(subscribed[0]!.stops).toBe(1);
    expect(subs.running).toBe(false);
  });

  it('When INSTANCE_ID is unset, then the group is named by the host', async () => {
    const { bus, subscribed } = recordingBus();
    const subs = new InstanceSubscriptions({ bus, logger });
    subs.register('reads', ['content'], recorder().handler);
    await subs.start();
    expect(subscribed.map((s) => s.group)).toEqual([`gateway-${hostname()}`]);
    await subs.stop();
  });

  it('When one purpose fails on an event, then the others still get it and the delivery fails with its error (the bus delivers it again)', async () => {
    const { bus, deliver } = recordingBus();
    const subs = new InstanceSubscriptions({ bus, instance: 'gw', logger });
    const broken = new Error('live: no room');
    const [web, live, reads] = [recorder(), recorder(broken), recorder()];
    subs.register('web', ['content'], web.handler);
    subs.register('live', ['content'], live.handler);
    subs.register('reads', ['content'], reads.handler);
    await subs.start();

    await expect(deliver('content')).rejects.toBe(broken);
    expect([web.got, live.got, reads.got]).toEqual([['content'], ['content'], ['content']]);
    await subs.stop();
  });

  it('When a purpose registers after the start, or twice, then it is refused (it would never get an event)', async () => {
    const { bus } = recordingBus();
    const subs = new InstanceSubscriptions({ bus, logger });
    subs.register('reads', ['content'], recorder().handler);
    expect(() => subs.register('reads', ['status'], recorder().handler)).toThrow(/twice/);
    await subs.start();
    expect(() => subs.register('web', ['content'], recorder().handler)).toThrow(/after start/);
    await subs.stop();
  });

  it('When there is no bus, or it is stopped before it starts, then nothing is subscribed and nothing is kept', async () => {
    const none = new InstanceSubscriptions({ logger });
    none.register('reads', ['content'], recorder().handler);
    await none.start();
    expect(none.enabled).toBe(false);
    expect(none.running).toBe(false);
    await none.stop();

    const { bus, subscribed } = recordingBus();
    const early = new InstanceSubscriptions({ bus, logger });
    early.register('reads', ['content'], recorder().handler);
    await early.stop();
    await early.start();
    expect(subscribed).toHaveLength(0);
    expect(early.enabled).toBe(true);
    expect(early.running).toBe(false);
  });
});
