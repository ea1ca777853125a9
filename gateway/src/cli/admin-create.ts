/**
 * npm run admin:create -- --username alice --role editor
 * (password from ADMIN_PASSWORD, else asked twice on the terminal without echo)
 * Creates the admin user, or resets its password and role when it exists.
 */
import { parseArgs } from 'node:util';
import { adminRole, newAdminCredentials } from '@12yards/api';
import { createInfrastructure, loadConfig } from '@12yards/platform';
import { adminCreateEnv } from '../config';
import { RedisSessionEnds } from '../auth/session-ends';
import { Sessions } from '../auth/sessions';
import { AdminUsers } from '../auth/users';
import { askNewPassword } from './prompt';

async function main() {
  const { values } = parseArgs({
    options: {
      username: { type: 'string' },
      role: { type: 'string', default: 'admin' },
      email: { type: 'string' },
    },
  });
  const parsedRole = adminRole.safeParse(values.role);
  if (!parsedRole.success) {
    throw new Error(`Unknown role "${values.role}": give --role ${adminRole.options.join(' or --role ')}`);
  }
  const role = parsedRole.data;
  const env = loadConfig(adminCreateEnv);
  const username = values.username ?? env.ADMIN_USERNAME;
  if (!username) throw new Error('Give --username NAME (or ADMIN_USERNAME)');
  // From the environment, else typed twice without echo.
  const password = process.env.ADMIN_PASSWORD || (await askNewPassword(username));
  const checked = newAdminCredentials.safeParse({ username, password });
  if (!checked.success) throw new Error(checked.error.issues.map((i) => i.message).join('; '));
  const infra = await createInfrastructure('gateway', env as never, undefined, { uses: [] });
  // The running gateways keep the sessions they read while they hear of ends: the sessions this ends are told to them.
  const ends = env.REDIS_URL ? new RedisSessionEnds(env.REDIS_URL, env.INFRA_NAMESPACE) : undefined;
  const sessions = new Sessions(infra.readModels, undefined, ends);
  const user = await new AdminUsers(infra.readModels, env.SCRYPT_N, sessions).upsert({
    username,
    password,
    role,
    email: values.email,
  });
  await ends?.close();
  await infra.close();
  console.log(`Admin user ${user.username} (${user.role}) is ready.`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
