import { randomBytes } from 'node:crypto';
import type { Logger } from '@12yards/platform';
import type { GatewayEnv } from './config';
import type { AdminUsers } from './auth/users';

/**
 * The first admin: ADMIN_USERNAME/ADMIN_PASSWORD when given (kept in step with the environment at every start);
 * otherwise, on embedded storage with no admin at all, a random password printed once.
 */
export async function bootstrapAdmin(env: GatewayEnv, users: AdminUsers, logger: Logger): Promise<void> {
  if (env.ADMIN_USERNAME && env.ADMIN_PASSWORD) {
    await users.upsert({ username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD, role: 'admin' });
    logger.info({ username: env.ADMIN_USERNAME.toLowerCase() }, 'admin user from ADMIN_USERNAME is ready');
    return;
  }
  if (env.ADMIN_USERNAME || env.ADMIN_PASSWORD) {
    throw new Error('Set both ADMIN_USERNAME and ADMIN_PASSWORD, or neither');
  }
  if ((await users.count()) > 0 || env.MONGO_URL) return;
  const password = randomBytes(12).toString('base64url');
  await users.upsert({ username: 'admin', password, role: 'admin' });
  process.stdout.write(
    `\n  First admin created. Username: admin  Password: ${password}\n  (shown once; change it with npm run admin:create)\n\n`,
  );
}
