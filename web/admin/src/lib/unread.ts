import { useQuery } from '@tanstack/react-query';
import type { ContactUnreadCount } from '@12yards/api';

/** GET /api/admin/contacts/unread-count: the Messages tab's badge. */
export const UNREAD_KEY = ['/api/admin/contacts/unread-count'];
/** While the live stream is down the count is read as often as the messages list (SPEC section 9: 5000 ms). */
const UNREAD_POLL_MS = 5000;

/**
 * How many messages are unread, as the server counts them: the same after a reload, down when one is read, up
 * when one arrives or is marked unread (live events and status changes read it again). 0 until known.
 */
export function useUnreadMessages(live: boolean): number {
  const unread = useQuery<ContactUnreadCount>({
    queryKey: UNREAD_KEY,
    refetchInterval: live ? undefined : UNREAD_POLL_MS,
    staleTime: 0,
  });
  return unread.data?.unread ?? 0;
}
