import { resolveRoute } from '../src/routing';

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
    expect(resolveRoute(method, path)).toEqual({ service, requiresAdmin: admin });
  });

  it('When a path is not in the table or only shares a prefix, then it is not proxied', () => {
    expect(resolveRoute('GET', '/api/newsletter')).toBeNull();
    expect(resolveRoute('GET', '/about')).toBeNull();
    expect(resolveRoute('GET', '/api/admin/unknown')).toBeNull();
  });
});
