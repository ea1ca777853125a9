import { createHash, randomBytes } from 'node:crypto';
import type { AdminRole } from '@12yards/api';
import type { ReadModels } from '@12yards/platform';
import type { AdminUser } from './admin-user';
import type { EndedSessions, SessionEndsChannel } from './session-ends';

export const IDLE_TIMEOUT_MS = 30 * 60_000;
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60_000;
/** lastSeenAt is written at most this often, so reads do not turn into writes on every request. */
const TOUCH_EVERY_MS = 60_000;
/**
 * A session's user read from storage is used again for this long (by every session of that user in this process):
 * a change made through AdminUsers ends the user's sessions in storage at once; one written to storage behind its
 * back (a role, a deactivation) holds from at most this long after.
 */
export const USER_READ_KEPT_MS = 1000;
/**
 * A session read from storage is used again for this long, but only while the process hears every end of a session
 * (SessionEndsChannel): a logout or a password or role change in any gateway process drops it at once everywhere.
 * The limit is for what no process tells (a session deleted straight from storage).
 */
export const SESSION_READ_KEPT_MS = 1000;

/** SPEC entity admin_sessions. The id stored is a hash of the cookie value, so a leaked table opens no session. */
export interface AdminSession {
  id: string;
  userId: string;
  username: string;
  role: AdminRole;
  csrfToken: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** Sessions kept at most (see sessionOf): past this many, the process reads them all again. */
const MAX_SESSIONS_KEPT = 10_000;

/** A session read kept (see Sessions.sessionOf): the read, when it was made, and its user once it came back. */
interface KeptSession {
  read: Promise<AdminSession | null>;
  at: number;
  userId?: string;
}

const hashId = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Which sessions just ended: the one of a cookie value (logout, expiry), or all of a user's (password or role changed). */
export type SessionsEnded = { token: string } | { userId: string };

export class Sessions {
  private readonly listeners = new Set<(ended: SessionsEnded) => void>();
  /** The users read lately, by id: the read (shared by the requests that wait for it) and when it was made. */
  private readonly usersRead = new Map<string, { user: Promise<AdminUser | null>; at: number }>();
  /** The sessions read lately, by stored id, while the channel listens (see SESSION_READ_KEPT_MS). */
  private readonly sessionsRead = new Map<string, KeptSession>();

  constructor(
    private readonly models: ReadModels,
    private readonly clock: () => Date = () => new Date(),
    /** The other gateway processes' ends of sessions; without it, every request reads its session. */
    private readonly ends?: SessionEndsChannel,
  ) {
    ends?.subscribe({ ended: (ended) => this.forget(ended), deaf: () => this.forgetAll() });
  }

  /** Calls `listener` whenever this object ends sessions (the live streams opened with them close at once). */
  onEnded(listener: (ended: SessionsEnded) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private ended(which: SessionsEnded): void {
    for (const listener of this.listeners) listener(which);
  }

  private get sessions() {
    return this.models.collection<AdminSession>('admin_sessions');
  }

  private get users() {
    return this.models.collection<AdminUser>('admin_users');
  }

  /** A new session: 256 random bits in the cookie, a separate CSRF token. */
  async create(user: {
    id: string;
    username: string;
    role: AdminRole;
  }): Promise<{ token: string; session: AdminSession }> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock();
    const session: AdminSession = {
      id: hashId(token),
      userId: user.id,
      username: user.username,
      role: user.role,
      csrfToken: randomBytes(32).toString('base64url'),
      createdAt: now.toISOString(),
      lastSeenAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + ABSOLUTE_TIMEOUT_MS).toISOString(),
    };
    await this.sessions.put(session);
    return { token, session };
  }

  /**
   * The live session for a cookie value, touched, with the user's role as it is now (not as it was at login: read at
   * most USER_READ_KEPT_MS ago); null (and removed) when idle, past its absolute end, or when its user is gone or
   * deactivated. `touch: false` only looks (a background check, e.g. of an open live stream, is not the admin's
   * activity).
   */
  async resolve(token: string | undefined, { touch = true } = {}): Promise<AdminSession | null> {
    if (!token || token.length > 100) return null;
    const session = await this.sessionOf(hashId(token));
    if (!session) return null;
    const now = this.clock().getTime();
    const idle = now - Date.parse(session.lastSeenAt) > IDLE_TIMEOUT_MS;
    const user = await this.userOf(session.userId, now, Date.parse(session.createdAt));
    if (idle || now >= Date.parse(session.expiresAt) || !user?.isActive) {
      this.forget({ sessionId: session.id });
      await this.sessions.delete(session.id);
      this.ended({ token });
      return null;
    }
    if (touch && now - Date.parse(session.lastSeenAt) > TOUCH_EVERY_MS) {
      const lastSeenAt = new Date(now).toISOString();
      await this.sessions.update(session.id, { lastSeenAt });
      const kept = this.sessionsRead.get(session.id);
      if (kept) kept.read = Promise.resolve({ ...session, lastSeenAt });
    }
    return { ...session, username: user.username, role: user.role };
  }

  /**
   * The stored session, as read at most SESSION_READ_KEPT_MS ago while the channel listened (the requests that come
   * while it is read share the read), else read now.
   */
  private sessionOf(id: string): Promise<AdminSession | null> {
    const now = this.clock().getTime();
    const kept = this.sessionsRead.get(id);
    if (kept && this.ends?.listening && now - kept.at < SESSION_READ_KEPT_MS && now >= kept.at)
      return kept.read;
    if (kept) this.sessionsRead.delete(id);
    const read = this.sessions.get(id);
    if (!this.ends?.listening) return read;
    if (this.sessionsRead.size >= MAX_SESSIONS_KEPT) this.sessionsRead.clear();
    const entry: KeptSession = { read, at: now };
    this.sessionsRead.set(id, entry);
    read.then(
      (session) => {
        if (session) entry.userId = session.userId;
        else if (this.sessionsRead.get(id) === entry) this.sessionsRead.delete(id);
      },
      () => this.sessionsRead.get(id) === entry && this.sessionsRead.delete(id),
    );
    return read;
  }

  private forget(ended: EndedSessions): void {
    if ('sessionId' in ended) this.sessionsRead.delete(ended.sessionId);
    // A read still on its way may be of one of the user's sessions: it goes too.
    else
      for (const [id, kept] of this.sessionsRead)
        if (kept.userId === undefined || kept.userId === ended.userId) this.sessionsRead.delete(id);
  }

  private forgetAll(): void {
    this.sessionsRead.clear();
  }

  /** Drops the ended sessions here, then tells the other processes (which read them again from storage). */
  private async tell(ended: EndedSessions): Promise<void> {
    this.forget(ended);
    await this.ends?.publish(ended);
  }

  /**
   * The user as read from storage at most USER_READ_KEPT_MS ago, and not before `since` (the session's start: a
   * user demoted by another process and logged in again is never given their old role from a read made before).
   */
  private userOf(userId: string, now: number, since: number): Promise<AdminUser | null> {
    const kept = this.usersRead.get(userId);
    if (kept && kept.at >= since && now - kept.at < USER_READ_KEPT_MS && now >= kept.at) return kept.user;
    const user = this.users.get(userId);
    this.usersRead.set(userId, { user, at: now });
    user.catch(() => this.usersRead.get(userId)?.user === user && this.usersRead.delete(userId));
    return user;
  }

  /** The user was written by this process: their next request reads them again. */
  userChanged(userId: string): void {
    this.usersRead.delete(userId);
  }

  async end(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.sessions.delete(hashId(token));
    await this.tell({ sessionId: hashId(token) });
    this.ended({ token });
  }

  /** Ends every session of a user (their password or role changed: ASVS 5.0 7.4.3). */
  async endAllOf(userId: string): Promise<number> {
    const mine = await this.sessions.find({ where: { userId } });
    for (const s of mine) await this.sessions.delete(s.id);
    await this.tell({ userId });
    this.ended({ userId });
    return mine.length;
  }

  /** Removes expired sessions (called now and then). */
  async sweep(): Promise<number> {
    const now = this.clock();
    const expired = await this.sessions.find({ where: { expiresAt: { $lte: now.toISOString() } } });
    const idle = await this.sessions.find({
      where: { lastSeenAt: { $lte: new Date(now.getTime() - IDLE_TIMEOUT_MS).toISOString() } },
    });
    for (const s of [...expired, ...idle]) await this.sessions.delete(s.id);
    return expired.length + idle.length;
  }
}
