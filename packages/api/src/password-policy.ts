import { z } from 'zod';
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_LENGTH = 12;
/** Long enough for any passphrase; bounds the work a login does on what it is sent. */
export const PASSWORD_MAX_LENGTH = 128;

/** An admin's username as stored: trimmed, lower case, 1 to 50 characters. */
export const adminUsername = z
  .string({ error: 'Username is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Username is required')
  .max(50, 'Username must be at most 50 characters');

const lengthMessage = `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`;

/** The one length rule: new passwords are refused outside it, and a login outside it fails without hashing. */
export const passwordLength = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, lengthMessage)
  .max(PASSWORD_MAX_LENGTH, lengthMessage);

let common: Set<string> | undefined;

/** On the zxcvbn-ts list of common (breached) passwords, ignoring case (ASVS 6.2.4). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}

/** Below this length a username is too short to look for inside a password (only equality is refused). */
const USERNAME_INSIDE_MIN = 3;

/**
 * A new admin password with its username (ASVS 6.2): 12 to 128 characters, not blank, not one character repeated,
 * not the username nor containing it, not a common password. Used by admin:create, the bootstrap admin and the tests.
 */
export const newAdminCredentials = z
  .object({ username: adminUsername, password: passwordLength })
  .superRefine(({ username, password }, ctx) => {
    const refuse = (message: string) => ctx.addIssue({ code: 'custom', path: ['password'], message });
    const lower = password.toLowerCase();
    if (password.trim() === '') refuse('Password must not be only spaces');
    else if (new Set(password).size === 1) refuse('Password must not be one character repeated');
    if (lower === username || (username.length >= USERNAME_INSIDE_MIN && lower.includes(username))) {
      refuse('Password must not contain the username');
    }
    if (isCommonPassword(password)) refuse('Password is too common: choose another');
  });
export type NewAdminCredentials = z.infer<typeof newAdminCredentials>;
