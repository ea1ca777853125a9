import { createLogger } from '../../src';

function capture() {
  const lines: string[] = [];
  return { lines, destination: { write: (line: string) => void lines.push(line) } };
}

describe('logging: secrets are redacted in every logger', () => {
  it('When an object holding passwords is logged, at the top or inside a body, then no password is written', () => {
    const { lines, destination } = capture();
    const logger = createLogger('test', 'info', destination);
    logger.info(
      { password: 'top-secret-1', user: { password: 'top-secret-2', newPassword: 'top-secret-3' } },
      'one',
    );
    logger
      .child({ request: 'r1' })
      .warn(
        { req: { body: { username: 'alice', password: 'top-secret-4', currentPassword: 'top-secret-5' } } },
        'two',
      );
    logger.error({ body: { password: 'top-secret-6' }, newPassword: 'top-secret-7' }, 'three');

    expect(lines).toHaveLength(3);
    expect(lines.join('')).not.toMatch(/top-secret/);
    expect(JSON.parse(lines[1]!).req.body).toEqual({
      username: 'alice',
      password: '[Redacted]',
      currentPassword: '[Redacted]',
    });
  });

  it('When request and response headers are logged, then cookies, tokens and the signed identity are redacted and the rest kept', () => {
    const { lines, destination } = capture();
    const logger = createLogger('test', 'info', destination);
    logger.info(
      {
        req: {
          headers: {
            cookie: '12y_session=abc',
            authorization: 'Bearer abc',
            'x-csrf-token': 'abc',
            'x-admin-identity': 'abc',
            'x-admin-signature': 'abc',
            'user-agent': 'jest',
          },
        },
        res: { headers: { 'set-cookie': ['12y_session=abc; HttpOnly'], 'content-type': 'application/json' } },
      },
      'request completed',
    );
    const line = JSON.parse(lines[0]!);
    expect(line.req.headers).toEqual({
      cookie: '[Redacted]',
      authorization: '[Redacted]',
      'x-csrf-token': '[Redacted]',
      'x-admin-identity': '[Redacted]',
      'x-admin-signature': '[Redacted]',
      'user-agent': 'jest',
    });
    expect(line.res.headers).toEqual({ 'set-cookie': '[Redacted]', 'content-type': 'application/json' });
  });
});
