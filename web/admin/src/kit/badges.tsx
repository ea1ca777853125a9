import { Badge } from '@12yards/ui';

/** Active (shown on the site) or Inactive. */
export function ActiveBadge({ active }: { active: boolean }) {
  return active ? <Badge variant="success">Active</Badge> : <Badge variant="secondary">Inactive</Badge>;
}
