import { randomBytes } from 'node:crypto';
import { newAdminCredentials, type AdminRole } from '@12yards/api';
import { deterministicEventId, type ReadModels } from '@12yards/platform';
import { hashParams, hashPassword, verifyPassword } from './passwords';
import type { AdminUser } from './admin-user';
import { Sessions } from './sessions';

export type { AdminUser } from './admin-user';

export class AdminUsers {
  private decoy?: Promise<string>;

  constructor(
    private readonly models: ReadModels,
    private readonly scryptN: number,
    /** Whose sessions end when a password or role changes (the gateway's own, so its live streams close at once). */
    private readonly sessions: Sessions = new Sessions(models),
  ) {}

  /**
   * A hash of a random password made with the same parameters as real ones (computed once): a login for an unknown
   * or inactive user is verified against it, so it costs the same time as one for a real user.
   */
  decoyHash(): Promise<string> {
    this.decoy ??= hashPassword(randomBytes(24).toString('base64url'), this.scryptN);
    return this.decoy;
  }

  private get users() {
    return this.models.collection<AdminUser>('admin_users');
  }

  async findByUsername(username: string): Promise<AdminUser | null> {
    const [user] = await this.users.find({ where: { username: username.toLowerCase() }, limit: 1 });
    return user ?? null;
  }

  async count(): Promise<number> {
    return this.users.count();
  }

  /**
   * Creates the user, or sets the password and role of an existing one with that username. The password must pass
   * the policy (a ZodError says why not). When an existing user's password or role changes, every session of theirs
   * ends; given the same password and role again (the bootstrap admin at each start) their sessions go on.
   */
  async upsert(input: {
    username: string;
    password: string;
    role?: AdminRole;
    email?: string;
  }): Promise<AdminUser> {
    const { username, password } = newAdminCredentials.parse(input);
    const existing = await this.findByUsername(username);
    if (existing) {
      const role = input.role ?? existing.role;
      const samePassword = await verifyPassword(password, existing.passwordHash);
      const sameCost = hashParams(existing.passwordHash)?.N === this.scryptN;
      const passwordHash =
        samePassword && sameCost ? existing.passwordHash : await hashPassword(password, this.scryptN);
      const updated = { ...existing, passwordHash, role, isActive: true };
      await this.users.put(updated);
      this.sessions.userChanged(existing.id);
      if (!samePassword || role !== existing.role || !existing.isActive) {
        await this.sessions.endAllOf(existing.id);
      }
      return updated;
    }
    const passwordHash = await hashPassword(password, this.scryptN);
    const email = input.email ?? `${username}@admin.local`;
    // The id follows from the username: two processes creating the same user at once (gateway replicas starting
    // with ADMIN_USERNAME) write one user, not two, and neither takes the other's for a clash.
    const id = deterministicEventId(username, 'admin-user');
    const [sameEmail] = await this.users.find({ where: { email }, limit: 1 });
    if (sameEmail && sameEmail.id !== id) throw new Error(`email ${email} is already used`);
    const user: AdminUser = {
      id,
      username,
      email,
      passwordHash,
      role: input.role ?? 'editor',
      isActive: true,
      lastLogin: null,
      createdAt: new Date().toISOString(),
    };
    await this.users.put(user);
    return user;
  }

  async recordLogin(user: AdminUser, at: Date): Promise<void> {
    await this.users.update(user.id, { lastLogin: at.toISOString() });
  }
}
