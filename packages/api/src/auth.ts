import { z } from 'zod';

export const adminRoles = ['admin', 'editor'] as const;
export const adminRole = z.enum(adminRoles);
export type AdminRole = z.infer<typeof adminRole>;

export const loginRequest = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(50),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const adminUserView = z.object({ username: z.string(), role: adminRole });
export type AdminUserView = z.infer<typeof adminUserView>;

export const sessionResponse = z.object({ user: adminUserView, csrfToken: z.string() });
export type SessionResponse = z.infer<typeof sessionResponse>;

export const INVALID_CREDENTIALS = 'Invalid username or password';
