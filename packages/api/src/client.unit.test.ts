import { apiRequest, createQueryClient, getQueryFn } from './client';

type Init = RequestInit & { headers?: Record<string, string> };

function answer(status: number, body: string, statusText = 'Status') {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => body,
    json: async () => JSON.parse(body),
  } as unknown as Response;
}

describe('apiRequest', () => {
  let calls: Array<{ url: string; init: Init }>;
  beforeEach(() => {
    calls = [];
  });
  const mock = (res: Response) => {
    global.fetch = (async (url: string, init: Init) => {
      calls.push({ url, init });
      return res;
    }) as unknown as typeof fetch;
  };

  it('When a body is given, then it is sent as JSON with the JSON header and cookies', async () => {
    mock(answer(201, '{}'));
    await apiRequest('POST', '/api/contacts', { name: 'A' });
    expect(calls[0]!.init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"name":"A"}',
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it('When there is no body, then no content-type header is sent; a CSRF token goes in X-CSRF-Token', async () => {
    mock(answer(204, ''));
    await apiRequest('DELETE', '/api/admin/news/1', undefined, { csrfToken: 'tok' });
    expect(calls[0]!.init.headers).toEqual({ 'X-CSRF-Token': 'tok' });
    expect(calls[0]!.init.body).toBeUndefined();
  });

  it('When a version is given, then it goes in If-Match as a strong entity tag', async () => {
    mock(answer(200, '{}'));
    await apiRequest('PUT', '/api/admin/news/1', { title: 'T' }, { csrfToken: 'tok', version: 3 });
    expect(calls[0]!.init.headers).toEqual({
      'Content-Type': 'application/json',
      'X-CSRF-Token': 'tok',
      'If-Match': '"3"',
    });
  });

  it('When the answer is not OK, then the error reads STATUS: body, or STATUS: statusText when empty', async () => {
    mock(answer(400, '{"error":{"code":"bad_request"}}'));
    await expect(apiRequest('POST', '/x', {})).rejects.toThrow('400: {"error":{"code":"bad_request"}}');
    mock(answer(503, '', 'Service Unavailable'));
    await expect(apiRequest('GET', '/x')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn and createQueryClient', () => {
  const ctx = (key: unknown[]) => ({ queryKey: key, signal: new AbortController().signal }) as never;

  it('When a read gets 401, then it yields null or throws as configured', async () => {
    global.fetch = (async () => answer(401, 'no')) as unknown as typeof fetch;
    await expect(getQueryFn({ on401: 'returnNull' })(ctx(['/api/auth/me']))).resolves.toBeNull();
    await expect(getQueryFn({ on401: 'throw' })(ctx(['/api/auth/me']))).rejects.toThrow('401: no');
  });

  it('When a read succeeds, then the key is joined as the URL and the JSON returned', async () => {
    const urls: string[] = [];
    global.fetch = (async (url: string) => {
      urls.push(url);
      return answer(200, '[1]');
    }) as unknown as typeof fetch;
    await expect(
      getQueryFn({ on401: 'throw' })(ctx(['/api/admin/partners', 'p1', 'actions'])),
    ).resolves.toEqual([1]);
    expect(urls).toEqual(['/api/admin/partners/p1/actions']);
  });

  it('When a read runs (after a write invalidated it), then the browser revalidates instead of reusing its copy', async () => {
    const inits: RequestInit[] = [];
    global.fetch = (async (_url: string, init: RequestInit) => {
      inits.push(init);
      return answer(200, '[]');
    }) as unknown as typeof fetch;
    await getQueryFn({ on401: 'throw' })(ctx(['/api/service-status']));
    expect(inits[0]).toMatchObject({ cache: 'no-cache', credentials: 'include' });
  });

  it('When the client is created, then reads never refetch, never go stale and never retry; writes never retry', () => {
    const d = createQueryClient().getDefaultOptions();
    expect(d.queries).toMatchObject({
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    });
    expect(d.mutations).toMatchObject({ retry: false });
  });
});
