import { StuckConnectionWatch } from '../../src/adapters/mongo/stuck-connection-watch';

describe('StuckConnectionWatch (a MongoDB client cut off from a server that is back)', () => {
  function setUp() {
    const world = { answers: true, serverAnswers: true, reconnects: 0, now: 0 };
    const watch = new StuckConnectionWatch(
      {
        answers: async () => world.answers,
        serverAnswers: async () => world.serverAnswers,
        reconnect: async () => {
          world.reconnects++;
          world.answers = true;
        },
      },
      15_000,
      () => world.now,
    );
    return { world, watch };
  }

  it('When the connection answers, then nothing is done', async () => {
    const { world, watch } = setUp();
    expect(await watch.look()).toBe('answers');
    expect(world.reconnects).toBe(0);
  });

  it('When the connection fails while a fresh one answers, then it is reconnected once it has failed for 15 s, not before', async () => {
    const { world, watch } = setUp();
    world.answers = false;
    expect(await watch.look()).toBe('failing');
    world.now = 14_999;
    expect(await watch.look()).toBe('failing');
    world.now = 15_000;
    expect(await watch.look()).toBe('reconnected');
    expect(world.reconnects).toBe(1);
    world.now = 20_000;
    expect(await watch.look()).toBe('answers');
  });

  it('When the server itself is down, then the client is left to reconnect on its own', async () => {
    const { world, watch } = setUp();
    world.answers = false;
    world.serverAnswers = false;
    await watch.look();
    world.now = 60_000;
    expect(await watch.look()).toBe('server down');
    expect(world.reconnects).toBe(0);
    world.serverAnswers = true;
    expect(await watch.look()).toBe('reconnected');
  });

  it('When the connection answers again between failures, then the 15 s count starts over', async () => {
    const { world, watch } = setUp();
    world.answers = false;
    await watch.look();
    world.now = 10_000;
    world.answers = true;
    await watch.look();
    world.answers = false;
    world.now = 12_000;
    await watch.look();
    world.now = 26_000;
    expect(await watch.look()).toBe('failing');
    world.now = 27_000;
    expect(await watch.look()).toBe('reconnected');
  });
});
