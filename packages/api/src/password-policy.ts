import { z } from 'zod';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

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

/** The lowest zxcvbn score (0 to 4) a new password must reach: 3 is "safely unguessable: moderate protection". */
export const PASSWORD_MIN_SCORE = 3;
/** Words an attacker of this site would try first, beside the username (zxcvbn's user inputs). */
export const PRODUCT_WORDS = ['12yards', '12 yards', 'twelve yards', 'yards', 'admin12yardsdb'];

let strength: ZxcvbnFactory | undefined;

/**
 * How guessable a password is, 0 (too guessable) to 4 (very unguessable), by zxcvbn-ts with the common dictionaries
 * and keyboard graphs, the username and the product's name counted as known words. Made once, on first use.
 */
export function passwordScore(password: string, username: string): number {
  strength ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return strength.check(password, [username, ...PRODUCT_WORDS]).score;
}

export const WEAK_PASSWORD_MESSAGE =
  'Password is too easy to guess: use a longer passphrase of unrelated words, or add unusual words, digits and symbols';

/** Below this length a username is too short to look for inside a password (only equality is refused). */
const USERNAME_INSIDE_MIN = 3;

/**
 * A new admin password with its username (ASVS 6.2): 12 to 128 characters, not blank, not one character repeated,
 * not the username nor containing it, not a common password, and hard enough to guess (a zxcvbn score of at least
 * {@link PASSWORD_MIN_SCORE}, the username and the product's name counted as known words). Used by admin:create, the
 * bootstrap admin (ADMIN_PASSWORD) and the tests.
 */
export const newAdminCredentials = z
  .object({ username: adminUsername, password: passwordLength })
  .superRefine(({ username, password }, ctx) => {
    let refused = false;
    const refuse = (message: string) => {
      refused = true;
      ctx.addIssue({ code: 'custom', path: ['password'], message });
    };
    const lower = password.toLowerCase();
    if (password.trim() === '') refuse('Password must not be only spaces');
    else if (new Set(password).size === 1) refuse('Password must not be one character repeated');
    if (lower === username || (username.length >= USERNAME_INSIDE_MIN && lower.includes(username))) {
      refuse('Password must not contain the username');
    }
    if (isCommonPassword(password)) refuse('Password is too common: choose another');
    // Last, and only when nothing above said why: a repeated character or the username is also easy to guess.
    if (!refused && passwordScore(password, username) < PASSWORD_MIN_SCORE) refuse(WEAK_PASSWORD_MESSAGE);
  });
export type NewAdminCredentials = z.infer<typeof newAdminCredentials>;
