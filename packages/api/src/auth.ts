import { z } from 'zod';

export const adminRoles = ['admin', 'editor'] as const;
export const adminRole = z.enum(adminRoles);
export type AdminRole = z.infer<typeof adminRole>;

export const loginRequest = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(50),
  // Only loosely bounded (as the 4 KB body is): a password outside passwordLength is simply wrong, a 401.
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(4096),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const adminUserView = z.object({ username: z.string(), role: adminRole });
export type AdminUserView = z.infer<typeof adminUserView>;

export const sessionResponse = z.object({ user: adminUserView, csrfToken: z.string() });
export type SessionResponse = z.infer<typeof sessionResponse>;

export const INVALID_CREDENTIALS = 'Invalid username or password';
