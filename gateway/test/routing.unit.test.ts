import { ENDPOINTS } from '@12yards/api/src/openapi';
import { canonicalPath, resolveRoute, ROUTES } from '../src/routing';

describe('gateway routing table', () => {
  it.each([
    ['GET', '/api/service-status', 'status', false],
    ['PUT', '/api/admin/service-status/auctions', 'status', true],
    ['GET', '/api/news', 'content', false],
    ['POST', '/api/news', 'content', true],
    ['GET', '/api/settings/show_app_gallery', 'content', false],
    ['GET', '/api/admin/partners/p1/contracts', 'contracts', true],
    ['GET', '/api/admin/partners/p1/actions', 'partners', true],
    ['POST', '/api/partners', 'partners', false],
    ['GET', '/api/partners', 'partners', true],
    ['POST', '/api/contacts', 'partners', false],
    ['GET', '/api/contacts', 'partners', true],
    ['POST', '/api/admin/contracts/generate', 'contracts', true],
    ['POST', '/api/upload', 'media', true],
    ['GET', '/media/abc.png', 'media', false],
  ])('%s %s goes to %s (admin: %s)', (method, path, service, admin) => {
    expect(resolveRoute(method, path)).toMatchObject({ service, requiresAdmin: admin });
  });

  it('When a path is not in the table or only shares a prefix, then it is not proxied', () => {
    expect(resolveRoute('GET', '/api/newsletter')).toBeNull();
    expect(resolveRoute('GET', '/about')).toBeNull();
    expect(resolveRoute('GET', '/api/admin/unknown')).toBeNull();
  });

  it('When a path differs only by case or trailing slashes, then it is routed and guarded the same (as Express matches it)', () => {
    expect(canonicalPath('/API/Contacts//')).toBe('/api/contacts');
    expect(canonicalPath('/')).toBe('/');
    for (const [method, path] of [
      ['GET', '/api/partners'],
      ['GET', '/api/contacts'],
      ['POST', '/api/news'],
      ['POST', '/api/upload'],
      ['PUT', '/api/admin/service-status/auctions'],
    ] as const) {
      const expected = resolveRoute(method, path);
      expect(expected?.requiresAdmin).toBe(true);
      for (const variant of [`${path}/`, `${path}//`, path.toUpperCase(), `${path.toUpperCase()}/`]) {
        expect(resolveRoute(method, variant)).toEqual(expected);
      }
    }
    expect(resolveRoute('GET', '/API/Admin/Partners/p1/Contracts/')).toMatchObject({
      service: 'contracts',
      requiresAdmin: true,
    });
  });

  it('When a public form is posted, in any spelling of its path, then it is rate limited; reads and admin calls are not', () => {
    for (const path of [
      '/api/contacts',
      '/api/contacts/',
      '/API/CONTACTS',
      '/Api/Contacts//',
      '/api/partners',
      '/api/partners/',
      '/API/Partners/',
    ]) {
      expect(resolveRoute('POST', path)).toEqual({
        service: 'partners',
        requiresAdmin: false,
        rateLimited: true,
      });
    }
    expect(resolveRoute('GET', '/api/service-status')?.rateLimited).toBe(false);
    expect(resolveRoute('GET', '/api/partners/')?.rateLimited).toBe(false);
    expect(resolveRoute('POST', '/api/admin/partners')?.rateLimited).toBe(false);
    expect(resolveRoute('POST', '/api/admin/contacts/')?.rateLimited).toBe(false);
  });

  it('When the routing table is read, then every entry routes at least one path of a route contract', () => {
    const sample = (path: string) => path.replace(/\{(\w+)\}/g, 'sample-$1');
    const unrouted = ROUTES.filter((r) => !ENDPOINTS.some((e) => r.match.test(sample(e.path))));
    expect(unrouted.map((r) => String(r.match))).toEqual([]);
  });
});
