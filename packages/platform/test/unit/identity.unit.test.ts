import {
  IDENTITY_MAX_AGE_MS,
  IDENTITY_MAX_SKEW_MS,
  SeenNonces,
  signIdentity,
  verifyIdentity,
  type SignedRequest,
} from '../../src/http/identity';

const secret = 'a-shared-secret-of-at-least-32-characters';
const alice = { username: 'alice', role: 'editor' } as const;
const del: SignedRequest = { method: 'DELETE', url: '/api/admin/news/n1', requestId: 'req-1' };
const T = 1_700_000_000_000;

describe('signed admin identity', () => {
  it('When the gateway signs an identity for a request, then the service reads it back for that request', () => {
    const headers = signIdentity(alice, secret, del, T);
    expect(verifyIdentity(headers, secret, del, T + 1_000)).toMatchObject(alice);
    expect(verifyIdentity(headers, secret, { ...del, method: 'delete' }, T)).toMatchObject(alice);
  });

  it('When the payload is changed after signing, then it is refused', () => {
    const headers = signIdentity(alice, secret, del, T);
    const claims = JSON.parse(Buffer.from(headers['x-admin-identity']!, 'base64url').toString('utf8'));
    const tampered = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    expect(verifyIdentity({ ...headers, 'x-admin-identity': tampered }, secret, del, T)).toBeNull();
  });

  it.each([
    ['another method', { ...del, method: 'PUT' }],
    ['another path', { ...del, url: '/api/admin/news/n2' }],
    ['another route', { ...del, url: '/api/admin/faqs/n1' }],
    ['an added query', { ...del, url: '/api/admin/news/n1?x=1' }],
    ['another request id', { ...del, requestId: 'req-2' }],
    ['no request id', { ...del, requestId: '' }],
  ])('When a signature is replayed on %s, then it is refused', (_label, other) => {
    expect(verifyIdentity(signIdentity(alice, secret, del, T), secret, other, T)).toBeNull();
  });

  it('When the signature is dated in the future, then only a few seconds of clock skew are accepted', () => {
    const at = (future: number) =>
      verifyIdentity(signIdentity(alice, secret, del, T + future), secret, del, T);
    expect(IDENTITY_MAX_SKEW_MS).toBeLessThanOrEqual(5_000);
    expect(at(IDENTITY_MAX_SKEW_MS)).toMatchObject(alice);
    expect(at(IDENTITY_MAX_SKEW_MS + 1)).toBeNull();
    expect(at(59_000)).toBeNull();
  });

  it('When the signature is older than the maximum age, then it is refused', () => {
    const headers = signIdentity(alice, secret, del, T);
    expect(IDENTITY_MAX_AGE_MS).toBeLessThanOrEqual(30_000);
    expect(verifyIdentity(headers, secret, del, T + IDENTITY_MAX_AGE_MS)).toMatchObject(alice);
    expect(verifyIdentity(headers, secret, del, T + IDENTITY_MAX_AGE_MS + 1)).toBeNull();
    expect(verifyIdentity(headers, secret, del, T + 59_000)).toBeNull();
  });

  it('When signed with another secret, or the headers are missing or garbage, then it is refused', () => {
    const other = signIdentity(alice, 'another-secret-another-secret-another', del, T);
    expect(verifyIdentity(other, secret, del, T)).toBeNull();
    expect(verifyIdentity({}, secret, del, T)).toBeNull();
    expect(verifyIdentity({ 'x-admin-identity': 'x', 'x-admin-signature': 'y' }, secret, del, T)).toBeNull();
  });

  it('When two signatures are made for the same request, then each has its own nonce', () => {
    const a = verifyIdentity(signIdentity(alice, secret, del, T), secret, del, T);
    const b = verifyIdentity(signIdentity(alice, secret, del, T), secret, del, T);
    expect(a!.nonce).not.toBe(b!.nonce);
  });
});

describe('nonces seen by a service', () => {
  it('When a nonce is used twice while it is young, then the second use is refused; once it expired, it is forgotten', () => {
    const seen = new SeenNonces();
    expect(seen.use('n-0000000000000001', T + 30_000, T)).toBe(true);
    expect(seen.use('n-0000000000000001', T + 30_000, T + 29_000)).toBe(false);
    expect(seen.use('n-0000000000000002', T + 40_000, T + 29_000)).toBe(true);
    // After expiry the old entry is dropped (the signature's own age check refuses it by then anyway).
    expect(seen.use('n-0000000000000001', T + 70_000, T + 31_000)).toBe(true);
    expect(seen.use('n-0000000000000002', T + 40_000, T + 31_000)).toBe(false);
  });
});
