import { startLoggedInStack, type LoggedInStack } from '@12yards/gateway/testing';
import { mediaService } from '../src/definition';
import { validationFailure } from '@12yards/platform/testing';

// Starting the gateway and logging in (scrypt) can be slow on a shared 2-core machine.
jest.setTimeout(30_000);

// A media record's size through the gateway: a whole number of bytes up to 2 GiB - 1, decimal digits only.
describe('media service: media record size', () => {
  let stack: LoggedInStack;
  beforeAll(async () => {
    stack = await startLoggedInStack({ services: [mediaService] });
  });
  afterAll(async () => stack.stop());

  const record = (size: unknown) =>
    stack.agent.post('/api/admin/media').set('X-CSRF-Token', stack.csrf).send({
      filename: 'kit.png',
      originalName: 'kit.png',
      mimeType: 'image/png',
      url: 'https://cdn.example.com/kit.png',
      size,
    });

  it.each([
    [1e15 + 1, 'Size (bytes) must be at most 2147483647'],
    ['0x10', 'Size (bytes) must be a number'],
    ['1e3', 'Size (bytes) must be a number'],
    [-1, 'Size (bytes) must be at least 0'],
    [1.5, 'Size (bytes) must be a whole number'],
  ])('When the size is %j, then 400 with the message', async (size, message) => {
    const res = await record(size).expect(400);
    expect(res.body.error).toMatchObject(validationFailure('size', message));
  });

  it('When the size is a whole number or decimal digits, then the record keeps it', async () => {
    expect((await record(2048).expect(201)).body.size).toBe(2048);
    expect((await record('4096').expect(201)).body.size).toBe(4096);
  });
});
