import { adminHeaders, contentHarness, editorHeaders, HOUR } from './harness';
import { PUBLIC_CACHE_CONTROL } from '@12yards/platform';

type Faq = {
  id: string;
  question: string;
  answer: string;
  isActive: boolean;
  sortOrder: number;
  createdAt: string;
  updatedAt: string;
};
const questions = (list: Faq[]) => list.map((f) => f.question);

describe('content service: FAQs', () => {
  const h = contentHarness();
  const create = async (body: Record<string, unknown>) =>
    (
      await h
        .http()
        .post('/api/admin/faqs')
        .use(adminHeaders())
        .send({ answer: 'An answer.', ...body })
        .expect(201)
    ).body as Faq;

  it('When a FAQ is created with a numeric-string sortOrder, then it is an integer; without one it is 0 and active', async () => {
    const a = await create({ question: 'A?', sortOrder: '3' });
    expect(a).toEqual({
      id: expect.any(String),
      question: 'A?',
      answer: 'An answer.',
      isActive: true,
      sortOrder: 3,
      createdAt: '2026-11-22T10:00:00.000Z',
      updatedAt: '2026-11-22T10:00:00.000Z',
      version: 1,
    });
    expect((await create({ question: 'B?' })).sortOrder).toBe(0);
    expect((await create({ question: 'C?', sortOrder: '' })).sortOrder).toBe(0);
  });

  it('When FAQs have sort orders and creation times, then the public list is by sortOrder then createdAt, inactive ones hidden', async () => {
    await create({ question: 'Second at 1', sortOrder: 1 });
    h.advance(HOUR);
    await create({ question: 'Hidden', sortOrder: 0, isActive: false });
    await create({ question: 'Third at 1', sortOrder: 1 });
    h.advance(HOUR);
    await create({ question: 'First at 0', sortOrder: 0 });
    await create({ question: 'Last at 5', sortOrder: 5 });
    const res = await h.http().get('/api/faqs').expect(200);
    expect(questions(res.body)).toEqual(['First at 0', 'Second at 1', 'Third at 1', 'Last at 5']);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE_CONTROL);
    const admin = await h.http().get('/api/admin/faqs').use(editorHeaders()).expect(200);
    expect(questions(admin.body)).toEqual(['Hidden', 'First at 0', 'Second at 1', 'Third at 1', 'Last at 5']);
    expect(admin.headers['cache-control']).toBe('no-store');
  });

  it('When the FAQ list has not changed, then a request with its ETag gets 304', async () => {
    await create({ question: 'A?' });
    const first = await h.http().get('/api/faqs').expect(200);
    await h.http().get('/api/faqs').set('If-None-Match', first.headers.etag!).expect(304);
  });

  it('When a FAQ is edited, then hiding it removes it from the public list and moving it reorders', async () => {
    const a = await create({ question: 'A?', sortOrder: 0 });
    await create({ question: 'B?', sortOrder: 1 });
    h.advance(HOUR);
    const moved = await h
      .http()
      .put(`/api/admin/faqs/${a.id}`)
      .use(editorHeaders())
      .send({ question: 'A?', answer: 'Changed.', sortOrder: '2', isActive: true })
      .expect(200);
    expect(moved.body).toMatchObject({
      id: a.id,
      answer: 'Changed.',
      sortOrder: 2,
      updatedAt: '2026-11-22T11:00:00.000Z',
      createdAt: a.createdAt,
    });
    expect(questions((await h.http().get('/api/faqs')).body)).toEqual(['B?', 'A?']);
    await h
      .http()
      .put(`/api/admin/faqs/${a.id}`)
      .use(adminHeaders())
      .send({ question: 'A?', answer: 'x', isActive: false })
      .expect(200);
    expect(questions((await h.http().get('/api/faqs')).body)).toEqual(['B?']);
  });

  it('When the sortOrder is not a number or the question is empty, then 400 with the issues and nothing is written', async () => {
    const res = await h
      .http()
      .post('/api/admin/faqs')
      .use(adminHeaders())
      .send({ question: '', answer: 'x', sortOrder: 'first' })
      .expect(400);
    expect(res.body.error.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'question', message: 'Question is required' }),
        expect.objectContaining({ path: 'sortOrder', message: 'must be a number' }),
      ]),
    );
    await h
      .http()
      .post('/api/admin/faqs')
      .use(adminHeaders())
      .send({ question: 'Q', answer: 'x', sortOrder: 1.5 })
      .expect(400);
    expect((await h.http().get('/api/admin/faqs').use(adminHeaders())).body).toEqual([]);
  });

  it('When an admin deletes a FAQ, then it is gone; an editor gets 403; unknown ids are 404', async () => {
    const a = await create({ question: 'A?' });
    await h.http().delete(`/api/admin/faqs/${a.id}`).use(editorHeaders()).expect(403);
    await h.http().delete(`/api/admin/faqs/${a.id}`).use(adminHeaders()).expect(204);
    expect((await h.http().get('/api/faqs')).body).toEqual([]);
    await h.http().delete(`/api/admin/faqs/${a.id}`).use(adminHeaders()).expect(404);
    await h
      .http()
      .put('/api/admin/faqs/nope')
      .use(adminHeaders())
      .send({ question: 'Q', answer: 'A' })
      .expect(404);
  });

  it('When the admin identity is missing, then every admin FAQ route answers 401', async () => {
    const a = await create({ question: 'A?' });
    await h.http().get('/api/admin/faqs').expect(401);
    await h.http().post('/api/admin/faqs').send({ question: 'Q', answer: 'A' }).expect(401);
    await h.http().put(`/api/admin/faqs/${a.id}`).send({ question: 'Q', answer: 'A' }).expect(401);
    await h.http().delete(`/api/admin/faqs/${a.id}`).expect(401);
    expect(questions((await h.http().get('/api/faqs')).body)).toEqual(['A?']);
  });
});
