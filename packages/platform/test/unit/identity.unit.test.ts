import { signIdentity, verifyIdentity } from '../../src/http/identity';

const secret = 'a-shared-secret-of-at-least-32-characters';

describe('signed admin identity', () => {
  it('When the gateway signs an identity, then the service reads it back', () => {
    const headers = signIdentity({ username: 'alice', role: 'editor' }, secret, 1_000);
    expect(verifyIdentity(headers, secret, 2_000)).toEqual({ username: 'alice', role: 'editor' });
  });

  it('When the payload is changed after signing, then it is refused', () => {
    const headers = signIdentity({ username: 'alice', role: 'editor' }, secret, 1_000);
    const tampered = Buffer.from(JSON.stringify({ username: 'alice', role: 'admin', iat: 1_000 })).toString(
      'base64url',
    );
    expect(verifyIdentity({ ...headers, 'x-admin-identity': tampered }, secret, 2_000)).toBeNull();
  });

  it('When signed with another secret, older than a minute, or missing, then it is refused', () => {
    expect(
      verifyIdentity(
        signIdentity({ username: 'a', role: 'admin' }, 'another-secret-another-secret-another', 0),
        secret,
        0,
      ),
    ).toBeNull();
    expect(
      verifyIdentity(signIdentity({ username: 'a', role: 'admin' }, secret, 0), secret, 61_000),
    ).toBeNull();
    expect(verifyIdentity({}, secret)).toBeNull();
    expect(verifyIdentity({ 'x-admin-identity': 'x', 'x-admin-signature': 'y' }, secret)).toBeNull();
  });
});
