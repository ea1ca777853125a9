import type { QueryKey } from '@tanstack/react-query';
import type { EntityType, HttpMethod } from '@12yards/api';
import { useAdminMutation } from '../lib/api';
import { useDenied } from '../lib/permissions';
import { TRASH_KEY } from '../tabs/TrashTab';

export interface Versioned {
  id: string;
  version?: number;
}

/**
 * One admin resource as a declaration (the react-admin / Refine idea): where it lives, what one is called, how its
 * name reads and whose history it has. The generic screens (ResourceList, ResourceCard, RowActions, ResourceDialog)
 * take it; the tab only says what differs (its card fields and its form fields).
 */
export interface Resource<T extends Versioned> {
  /** The admin list's query key; a write refreshes it. */
  key: QueryKey;
  /** The admin collection ('/api/admin/faqs'): an item is `${path}/{id}`. */
  path: string;
  /** Other lists a write changes (the public site's). */
  refresh?: QueryKey[];
  /** What one is called in messages, lower case unless a name ('FAQ', 'news article'). */
  what: string;
  /** Its name as the admin wrote it (confirmations, history, accessible names). */
  name: (t: T) => string | undefined;
  /** Its history's entity type (the History panel in the edit dialog). */
  history?: EntityType;
  /** A delete moves it to the trash (restorable) rather than away for good. */
  toTrash?: boolean;
  /** The method of an edit (role check): 'put' unless said. */
  editMethod?: Lowercase<HttpMethod>;
}

export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The item's address. */
export const itemPath = <T extends Versioned>(r: Resource<T>, id: string) => `${r.path}/${id}`;

/**
 * Delete one item, with the role it needs: `denied` says why the signed-in admin may not (the button is then
 * disabled with that reason), `remove` deletes with the item's version.
 */
export function useResourceDelete<T extends Versioned>(r: Resource<T>) {
  const denied = useDenied('delete', `${r.path}/{id}`);
  const remove = useAdminMutation<T>({
    mutationFn: (write, t) => write('DELETE', itemPath(r, t.id), undefined, { version: t.version }),
    invalidate: [r.key, ...(r.refresh ?? []), ...(r.toTrash ? [TRASH_KEY] : [])],
    success: r.toTrash
      ? `${capitalize(r.what)} moved to the trash`
      : `${capitalize(r.what)} deleted successfully`,
    failure: `Failed to delete ${r.what}`,
  });
  return { denied, remove };
}

export type ResourceDelete<T extends Versioned> = ReturnType<typeof useResourceDelete<T>>;

/** Why the signed-in admin may not edit an item of this resource, or undefined. */
export function useEditDenied<T extends Versioned>(r: Resource<T>) {
  return useDenied(r.editMethod ?? 'put', `${r.path}/{id}`);
}
