import type { EndedSessions, SessionEndsChannel, SessionEndsListener } from '../src/auth/session-ends';
import { SESSION_READ_KEPT_MS, Sessions } from '../src/auth/sessions';
import { AdminUsers } from '../src/auth/users';
import { readModelsSpyingGet } from './spied-read-models';

/** One Redis, as the gateway processes of these tests share it: what one publishes, every listening one hears. */
class Hub {
  readonly channels = new Set<MemoryChannel>();
  publish(ended: EndedSessions) {
    for (const c of this.channels) if (c.listening) for (const l of c.listeners) l.ended(ended);
  }
}

class MemoryChannel implements SessionEndsChannel {
  readonly listeners = new Set<SessionEndsListener>();
  listening = true;
  constructor(private readonly hub: Hub) {
    hub.channels.add(this);
  }
  async publish(ended: EndedSessions) {
    this.hub.publish(ended);
  }
  subscribe(listener: SessionEndsListener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  /** The connection drops: what the process kept may have ended meanwhile. */
  drop() {
    this.listening = false;
    for (const l of this.listeners) l.deaf();
  }
  async close() {}
}

/** One storage shared by the processes, counting the lookups of admin_sessions by id. */
function countingSessionReads() {
  const reads = { count: 0, release: undefined as (() => void) | undefined, hold: false };
  const { models, base } = readModelsSpyingGet('admin_sessions', async (target, id) => {
    reads.count++;
    const read = await target.get(id);
    // Held after the read, as a reply on its way back is.
    if (reads.hold) await new Promise<void>((r) => (reads.release = r));
    return read;
  });
  return { models, reads, base };
}

async function twoProcesses(channels: 'listening' | 'none' = 'listening') {
  const { models, reads, base } = countingSessionReads();
  let now = new Date('2026-11-28T10:00:00.000Z');
  const clock = () => now;
  const hub = new Hub();
  const channelA = new MemoryChannel(hub);
  const channelB = new MemoryChannel(hub);
  const a = new Sessions(models, clock, channels === 'listening' ? channelA : undefined);
  const b = new Sessions(models, clock, channels === 'listening' ? channelB : undefined);
  const usersA = new AdminUsers(models, 2 ** 10, a);
  const user = await usersA.upsert({
    username: 'ops',
    password: 'quiet lantern harbour 12345',
    role: 'admin',
  });
  const later = (ms: number) => (now = new Date(now.getTime() + ms));
  return { a, b, usersA, user, reads, base, channelB, later };
}

describe('a session read, kept for a second while the gateway processes tell each other of ends', () => {
  it('When an admin makes many requests within a second, then their session is read once; a second later, again', async () => {
    const { b, user, reads, later } = await twoProcesses();
    const { token } = await b.create(user);
    const together = await Promise.all(Array.from({ length: 10 }, () => b.resolve(token)));
    for (let i = 0; i < 10; i++) expect((await b.resolve(token))?.username).toBe('ops');
    expect(together.every((s) => s?.role === 'admin')).toBe(true);
    expect(reads.count).toBe(1);

    later(SESSION_READ_KEPT_MS);
    await b.resolve(token);
    expect(reads.count).toBe(2);
  });

  it('When the admin logs out through one process, then the session kept by another ends there at once', async () => {
    const { a, b, user } = await twoProcesses();
    const { token } = await a.create(user);
    expect(await b.resolve(token)).not.toBeNull();
    await a.end(token);
    expect(await b.resolve(token)).toBeNull();
  });

  it("When the admin's password changes through one process, then every session of theirs another kept ends at once", async () => {
    const { a, b, usersA, user } = await twoProcesses();
    const first = await a.create(user);
    const second = await a.create(user);
    expect(await b.resolve(first.token)).not.toBeNull();
    expect(await b.resolve(second.token)).not.toBeNull();
    await usersA.upsert({ username: 'ops', password: 'a brand new passphrase 2026', role: 'admin' });
    expect(await b.resolve(first.token)).toBeNull();
    expect(await b.resolve(second.token)).toBeNull();
  });

  it('When the processes have no channel, then every request reads its session', async () => {
    const { a, b, user, reads } = await twoProcesses('none');
    const { token } = await a.create(user);
    for (let i = 0; i < 5; i++) await b.resolve(token);
    expect(reads.count).toBe(5);
    // And a logout elsewhere holds at once, as it always did.
    await a.end(token);
    expect(await b.resolve(token)).toBeNull();
  });

  it('When a process stops hearing the others, then it forgets what it kept and reads at every request until it hears again', async () => {
    const { a, b, user, reads, base, channelB } = await twoProcesses();
    const { token } = await a.create(user);
    await b.resolve(token);
    channelB.drop();
    // An end it could not hear: the session deleted in storage while it was away.
    const [stored] = await base.collection<{ id: string }>('admin_sessions').find();
    await base.collection('admin_sessions').delete(stored!.id);
    const before = reads.count;
    expect(await b.resolve(token)).toBeNull();
    expect(await b.resolve(token)).toBeNull();
    expect(reads.count).toBe(before + 2);
    // Listening again within the second: nothing from before the drop is used.
    channelB.listening = true;
    const other = await a.create(user);
    await b.resolve(other.token);
    channelB.drop();
    await base
      .collection('admin_sessions')
      .delete((await base.collection<{ id: string }>('admin_sessions').find())[0]!.id);
    channelB.listening = true;
    expect(await b.resolve(other.token)).toBeNull();
  });

  it('When a session ends while another process is reading it, then that read is not kept', async () => {
    const { a, b, user, reads } = await twoProcesses();
    const { token } = await a.create(user);
    reads.hold = true;
    const reading = b.resolve(token);
    while (!reads.release) await new Promise((r) => setImmediate(r));
    reads.hold = false;
    await a.end(token);
    reads.release();
    // The read began before the logout: it answers what it found, and is not used again.
    await reading;
    expect(await b.resolve(token)).toBeNull();
  });

  it('When a session is deleted straight from storage, then it still opens for under a second, and not after', async () => {
    const { a, b, user, base, later } = await twoProcesses();
    const { token } = await a.create(user);
    expect(await b.resolve(token)).not.toBeNull();
    const [stored] = await base.collection<{ id: string }>('admin_sessions').find();
    await base.collection('admin_sessions').delete(stored!.id);
    later(SESSION_READ_KEPT_MS - 1);
    expect(await b.resolve(token)).not.toBeNull();
    later(1);
    expect(await b.resolve(token)).toBeNull();
  });
});
