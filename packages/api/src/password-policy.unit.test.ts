import {
  isCommonPassword,
  newAdminCredentials,
  passwordLength,
  passwordScore,
  WEAK_PASSWORD_MESSAGE,
} from './password-policy';

const messages = (username: string, password: string) =>
  newAdminCredentials.safeParse({ username, password }).error?.issues.map((i) => i.message) ?? [];

describe('admin password policy', () => {
  it('When the password is a good passphrase, then it is accepted (and the username is stored lower case)', () => {
    expect(
      newAdminCredentials.parse({ username: ' Alice ', password: 'quiet lantern harbour 12345' }),
    ).toEqual({
      username: 'alice',
      password: 'quiet lantern harbour 12345',
    });
    expect(messages('alice', 'x7#Lq9!vT2@m')).toEqual([]);
  });

  it('When the password is 11 or 129 characters, then it is refused; 12 and 128 are accepted', () => {
    expect(messages('alice', 'Zq8$wL3!nR5')).toEqual(['Password must be 12 to 128 characters']);
    expect(messages('alice', 'Zq8$wL3!nR5'.padEnd(129, 'k7'))).toEqual([
      'Password must be 12 to 128 characters',
    ]);
    expect(messages('alice', 'Zq8$wL3!nR5p')).toEqual([]);
    expect(messages('alice', 'Zq8$wL3!nR5'.padEnd(128, 'k7'))).toEqual([]);
  });

  it('When the password is one character repeated, then it is refused', () => {
    expect(messages('alice', 'aaaaaaaaaaaa')).toEqual(['Password must not be one character repeated']);
  });

  it('When the password is only spaces or other white space, then it is refused', () => {
    expect(messages('alice', ' '.repeat(12))).toEqual(['Password must not be only spaces']);
    expect(messages('alice', ' \t \n'.repeat(4))).toEqual(['Password must not be only spaces']);
  });

  it('When the password is the username or contains it (any case), then it is refused', () => {
    expect(messages('administrator', 'administrator')).toContain('Password must not contain the username');
    expect(messages('alice', 'my name is ALICE ok')).toEqual(['Password must not contain the username']);
  });

  it('When the password is on the common-password list (any case), then it is refused', () => {
    expect(messages('alice', 'password1234')).toEqual(['Password is too common: choose another']);
    expect(messages('alice', 'Qwerty123456')).toEqual(['Password is too common: choose another']);
    expect(isCommonPassword('1q2w3e4r5t6y')).toBe(true);
    expect(isCommonPassword('quiet lantern harbour 12345')).toBe(false);
  });

  it('When the password is long enough but easy to guess (zxcvbn score under 3), then it is refused with a human message', () => {
    for (const weak of ['Password123!', 'abababababab', 'qwertyuiopasdf', '111111111112']) {
      expect(messages('alice', weak)).toEqual([WEAK_PASSWORD_MESSAGE]);
    }
    expect(WEAK_PASSWORD_MESSAGE).toMatch(/^Password is too easy to guess/);
  });

  it('When the password is built from the product name or the username, then those words count as known', () => {
    // Strong to zxcvbn on its own (score 4), weak once the product's name is a known word.
    expect(messages('alice', '12Yards2026!')).toEqual([WEAK_PASSWORD_MESSAGE]);
    expect(messages('alice', 'Admin12YardsDB!')).toEqual([WEAK_PASSWORD_MESSAGE]);
    expect(passwordScore('bartholomew2026', 'alice')).toBe(4);
    expect(passwordScore('bartholomew2026', 'bartholomew')).toBeLessThan(3);
  });

  it('When a login checks the length alone, then the same bounds apply', () => {
    expect(passwordLength.safeParse('x'.repeat(2000)).success).toBe(false);
    expect(passwordLength.safeParse('x'.repeat(11)).success).toBe(false);
    expect(passwordLength.safeParse('x'.repeat(12)).success).toBe(true);
  });
});
