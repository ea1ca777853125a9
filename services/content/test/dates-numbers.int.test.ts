import request from 'supertest';
import { startLoggedInStack, type LoggedInStack } from '@12yards/gateway/testing';
import { contentService } from '../src/definition';
import { validationFailure } from '@12yards/platform/testing';

const DATE_MESSAGE = 'Enter a valid date, or a date and time with its time zone (2026-11-22T10:00:00Z)';

// Starting the gateway and logging in (scrypt) can be slow on a shared 2-core machine.
jest.setTimeout(30_000);

// Dates and whole numbers through the gateway: a bad one is a 400 naming the field with the zod message.
describe('content service: dates and numbers', () => {
  let stack: LoggedInStack;
  beforeAll(async () => {
    stack = await startLoggedInStack({
      services: [contentService],
      clock: () => new Date('2026-11-22T10:00:00.000Z'),
    });
  });
  afterAll(async () => stack.stop());

  const post = (path: string, body: Record<string, unknown>) =>
    stack.agent.post(path).set('X-CSRF-Token', stack.csrf).send(body);
  const article = (publishDate: string) => ({
    title: `Dated ${publishDate}`,
    excerpt: 'The app opens',
    content: 'All the details.',
    publishDate,
  });
  const postFaq = (sortOrder: unknown) =>
    post('/api/admin/faqs', { question: 'Q?', answer: 'A.', sortOrder });
  const postShot = (sortOrder: unknown) =>
    post('/api/admin/app-gallery', { imageUrl: '/media/a.png', sortOrder });

  it.each([
    ['2026-02-30', DATE_MESSAGE],
    ['1', DATE_MESSAGE],
    ['+010000-01-01', DATE_MESSAGE],
    ['2101-01-01', 'must be in the years 2000 to 2100'],
  ])('When an article is dated %j, then 400 with the message and it is not public', async (date, message) => {
    const res = await post('/api/news', article(date)).expect(400);
    expect(res.body.error).toMatchObject(validationFailure('publishDate', message));
    const list = (await request(stack.app).get('/api/news').expect(200)).body as { title: string }[];
    expect(list.map((a) => a.title)).not.toContain(`Dated ${date}`);
  });

  it('When an article is dated with a date or an ISO date-time with an offset, then it is stored as that instant', async () => {
    const day = await post('/api/news', article('2026-11-20')).expect(201);
    expect(day.body.publishDate).toBe('2026-11-20T00:00:00.000Z');
    const offset = await post('/api/news', article('2026-11-21T10:00:00+01:00')).expect(201);
    expect(offset.body.publishDate).toBe('2026-11-21T09:00:00.000Z');
    const utc = await post('/api/news', article('2026-11-21T12:00:00.000Z')).expect(201);
    expect(utc.body.publishDate).toBe('2026-11-21T12:00:00.000Z');
  });

  it('When a sortOrder is 1e15+1 or written in hex, then 400; a decimal string is taken', async () => {
    const big = await postShot(1e15 + 1).expect(400);
    expect(big.body.error.message).toBe('Invalid input: sortOrder: must be at most 1000000');
    const hex = await postFaq('0x10').expect(400);
    expect(hex.body.error.message).toBe('Invalid input: sortOrder: must be a number');
    expect((await postShot('0x10').expect(400)).body.error.message).toBe(
      'Invalid input: sortOrder: must be a number',
    );
    expect((await postFaq('16').expect(201)).body.sortOrder).toBe(16);
    expect((await postShot('-5').expect(201)).body.sortOrder).toBe(-5);
  });

  it('When the news list limit is not plain decimal digits, then 400', async () => {
    const res = await request(stack.app).get('/api/news?limit=0x10').expect(400);
    expect(res.body.error.message).toBe('Invalid input: limit: must be a number');
    await request(stack.app).get('/api/news?limit=1e1').expect(400);
    await request(stack.app).get('/api/news?limit=10').expect(200);
  });
});
