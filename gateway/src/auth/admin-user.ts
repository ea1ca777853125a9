import type { AdminRole } from '@12yards/api';

/** SPEC entity admin_users: a row of the collection AdminUsers writes and Sessions reads. */
export interface AdminUser {
  id: string;
  username: string;
  email: string;
  passwordHash: string;
  role: AdminRole;
  isActive: boolean;
  lastLogin: string | null;
  createdAt: string;
}
