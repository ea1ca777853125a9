import { buildOpenApiDocument } from './openapi-document';

type Op = {
  operationId: string;
  parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { links?: Record<string, { parameters: Record<string, string> }> }>;
  security?: Record<string, string[]>[];
};
const doc = buildOpenApiDocument({ cookieName: '__Host-12y_session' }) as {
  paths: Record<string, Record<string, Op>>;
  components: { schemas: Record<string, Record<string, unknown>>; securitySchemes: Record<string, unknown> };
};
const op = (method: string, path: string) => doc.paths[path]![method]!;
const statuses = (method: string, path: string) => Object.keys(op(method, path).responses);

describe('the OpenAPI document', () => {
  it('When an admin deletion is documented, then it needs the session and the CSRF token and lists 401 and 403', () => {
    const del = op('delete', '/api/admin/faqs/{id}');
    expect(del.security).toEqual([{ sessionCookie: [], csrfToken: [] }]);
    expect(statuses('delete', '/api/admin/faqs/{id}')).toEqual(['204', '401', '403', '404', '409', '412']);
  });

  it('When an admin edit is versioned, then it takes an optional If-Match, may answer 412 and answers the new ETag', () => {
    const put = op('put', '/api/admin/news/{id}');
    expect(put.parameters).toContainEqual(
      expect.objectContaining({ name: 'If-Match', in: 'header', required: false }),
    );
    expect(statuses('put', '/api/admin/news/{id}')).toContain('412');
    const answer = put.responses['200'] as { headers?: Record<string, unknown> };
    expect(Object.keys(answer.headers ?? {})).toEqual(['ETag']);
    const read = op('get', '/api/admin/contracts/{id}').responses['200'] as {
      headers?: Record<string, unknown>;
    };
    expect(Object.keys(read.headers ?? {})).toEqual(['ETag']);
    expect(statuses('get', '/api/admin/contracts/{id}')).not.toContain('412');
  });

  it('When an admin read is documented, then it needs only the session and cannot answer 403', () => {
    expect(op('get', '/api/admin/faqs').security).toEqual([{ sessionCookie: [] }]);
    expect(statuses('get', '/api/admin/faqs')).toEqual(['200', '401']);
  });

  it('When a public form is documented, then it has no security and lists 400, 413 and 429', () => {
    expect(op('post', '/api/contacts').security).toBeUndefined();
    expect(statuses('post', '/api/contacts')).toEqual(['201', '400', '409', '413', '429']);
  });

  it('When a contract needs its partner confirmed by the partners service, then the retryable 503 is documented', () => {
    for (const [method, path] of [
      ['post', '/api/admin/contracts'],
      ['post', '/api/admin/contracts/generate'],
      ['get', '/api/admin/partners/{id}/contracts'],
    ] as const) {
      expect(statuses(method, path)).toContain('503');
      expect(JSON.stringify(op(method, path).responses['503'])).toContain('Retry-After');
    }
  });

  it('When the session cookie has another name, then the security scheme carries it', () => {
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({
      in: 'cookie',
      name: '__Host-12y_session',
    });
  });

  it('When a request body has defaults and coerced numbers, then only the fields a request must send are required and the answer has them all', () => {
    const faqInput = doc.components.schemas.FaqInput!;
    // sortOrder may be left out (it defaults to 0): not required.
    expect(faqInput.required).toEqual(['question', 'answer']);
    expect((faqInput.properties as Record<string, unknown>).sortOrder).toEqual({
      type: 'integer',
      minimum: -1_000_000,
      maximum: 1_000_000,
    });
    expect(doc.components.schemas.Faq!.required).toContain('isActive');
  });

  it('When an email address is trimmed before it is checked, then the request schema still says it is an email', () => {
    const email = (
      doc.components.schemas.ContactMessageInput!.properties as Record<string, Record<string, unknown>>
    ).email!;
    expect(email).toMatchObject({ type: 'string', format: 'email', maxLength: 320 });
  });

  it('When the news list is documented, then its filters are query parameters, none of them required', () => {
    const params = op('get', '/api/news').parameters ?? [];
    expect(params.map((p) => p.name)).toEqual(expect.arrayContaining(['category', 'limit']));
    expect(params.filter((p) => p.in !== 'query' || p.required)).toEqual([]);
  });

  it('When a template upload is documented, then the body is multipart with the file and the fields required', () => {
    const schema = op('post', '/api/admin/contract-templates').requestBody!.content['multipart/form-data']!
      .schema;
    expect(schema.required).toEqual(['file', 'name', 'validFromDate']);
    expect(statuses('post', '/api/admin/contract-templates')).toEqual(
      expect.arrayContaining(['201', '400', '413', '415', '422']),
    );
  });

  it('When an action item is created, then links pass the partner id from the request and the new id from the answer', () => {
    const links = op('post', '/api/admin/partners/{id}/actions').responses['201']!.links!;
    expect(Object.values(links).map((l) => l.parameters)).toEqual([
      { id: '$request.path.id', actionId: '$response.body#/id' },
    ]);
  });
});
