import { ENDPOINTS } from './openapi';
import { roleMayCall } from './permissions';

describe('roleMayCall', () => {
  it('When an editor asks about moving an article to the trash, then it may not; an admin may', () => {
    expect(roleMayCall('editor', 'delete', '/api/admin/news/{id}')).toBe(false);
    expect(roleMayCall('admin', 'delete', '/api/admin/news/{id}')).toBe(true);
  });

  it('When an editor asks about an edit any admin may make, then it may', () => {
    expect(roleMayCall('editor', 'put', '/api/admin/news/{id}')).toBe(true);
    expect(roleMayCall('editor', 'post', '/api/admin/trash/{entityType}/{id}/restore')).toBe(true);
  });

  it('When the list of admin-role operations is read, then every one of them is refused to an editor', () => {
    const adminOnly = ENDPOINTS.filter((e) => e.access === 'admin-role');
    expect(adminOnly.map((e) => `${e.method} ${e.path}`)).toContain('put /api/admin/settings/{key}');
    for (const e of adminOnly) expect(roleMayCall('editor', e.method, e.path)).toBe(false);
  });

  it('When an operation is not documented, then it throws instead of guessing', () => {
    expect(() => roleMayCall('admin', 'delete', '/api/admin/nothing')).toThrow(/No documented operation/);
  });
});
