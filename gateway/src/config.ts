import { z } from 'zod';
import { serviceEnv } from '@12yards/platform';

const url = (port: number) => z.string().url().default(`http://127.0.0.1:${port}`);

export const gatewayEnv = serviceEnv(8080).extend({
  STATUS_URL: url(8101),
  CONTENT_URL: url(8102),
  PARTNERS_URL: url(8103),
  CONTRACTS_URL: url(8104),
  MEDIA_URL: url(8105),
  ADMIN_USERNAME: z.string().trim().min(1).max(50).optional(),
  ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  /** The site's public origin (scheme://host[:port]); writes whose Origin differs are refused. Defaults to the request's own host. */
  PUBLIC_ORIGIN: z.string().url().optional(),
  SHELL_DIST: z.string().default('web/shell/dist'),
  ADMIN_DIST: z.string().default('web/admin/dist'),
  /** scrypt cost; lowered only by tests. */
  SCRYPT_N: z.coerce
    .number()
    .int()
    .min(2 ** 10)
    .default(2 ** 17),
});
export type GatewayEnv = z.output<typeof gatewayEnv>;
