import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  LIVE_EVENT_KINDS,
  LIVE_RESYNC_EVENT,
  liveEvent,
  type LiveEvent,
  type LiveEventKind,
} from '@12yards/api';
import { Badge, toast } from '@12yards/ui';
import { historyKey } from './history';
import { NONE, type CountedTab, type LiveUpdates } from './live-context';

export { LiveProvider } from './live-context';
import { ACTIVITY_KEY } from '../tabs/ActivityTab';
import { CONTACTS_KEY } from '../tabs/ContactsTab';
import { INSIGHTS_KEY } from '../tabs/DashboardTab';
import { UNREAD_KEY } from './unread';
import { FAQS_KEY } from '../tabs/FaqsTab';
import { GALLERY_KEY } from '../tabs/GalleryTab';
import { MEDIA_KEY } from '../tabs/MediaTab';
import { NEWS_KEY } from '../tabs/NewsTab';
import { ACTION_COUNTS_KEY, PARTNERS_KEY } from '../tabs/PartnersTab';
import { STATUS_KEY } from '../tabs/StatusTab';

export const LIVE_EVENTS_URL = '/api/admin/events';

/**
 * What is toasted, and counted on its tab while the tab is not open. Messages are not counted here: their badge is
 * the server's unread count (UNREAD_KEY), which survives a reload and goes down when a message is read.
 */
const TOASTED: Partial<Record<LiveEventKind, { tab?: CountedTab; toastTitle: string }>> = {
  'application-submitted': { tab: 'partners', toastTitle: 'New application' },
  'message-received': { toastTitle: 'New message' },
};

const PARTNER_DETAILS: QueryKey = ['/api/admin/partners'];
const CONTRACTS: QueryKey = ['/api/admin/contracts'];
/** The Trash tab's list: an item moved to or restored from the trash changes it. */
const TRASH: QueryKey = ['/api/admin/trash'];
const CONTENT_KEYS: Record<string, QueryKey[]> = {
  news: [NEWS_KEY, ['/api/news']],
  faq: [FAQS_KEY, ['/api/faqs']],
  'gallery-item': [GALLERY_KEY, ['/api/app-gallery']],
  setting: [['/api/settings']],
};
/** Lists a kind of event makes stale (a key is a prefix: every filtered or paged variant goes with it). */
const STALE: Record<LiveEventKind, (e: LiveEvent) => QueryKey[]> = {
  'application-submitted': () => [PARTNERS_KEY, ACTION_COUNTS_KEY],
  'application-changed': () => [PARTNERS_KEY, ACTION_COUNTS_KEY, PARTNER_DETAILS],
  'message-received': () => [CONTACTS_KEY, UNREAD_KEY],
  'message-changed': () => [CONTACTS_KEY, UNREAD_KEY],
  // A contract promotes its partner and shows in the partner's contracts dialog.
  'contract-created': () => [PARTNERS_KEY, PARTNER_DETAILS, CONTRACTS],
  'contract-changed': () => [PARTNERS_KEY, PARTNER_DETAILS, CONTRACTS],
  'document-generated': () => [CONTRACTS, PARTNER_DETAILS],
  'status-changed': () => [STATUS_KEY],
  'content-changed': (e) => [
    ...(CONTENT_KEYS[e.entityType ?? ''] ?? Object.values(CONTENT_KEYS).flat()),
    TRASH,
  ],
  'media-changed': () => [MEDIA_KEY, TRASH],
};

/**
 * Opens the gateway's live stream once (EventSource, same origin, with the session cookie): each event makes the
 * matching lists, histories and the activity feed stale; a new application or message is toasted and counted for
 * its tab unless that tab is open (opening it clears the count). The browser reconnects by itself, sending the
 * Last-Event-ID, and the gateway replays what was missed or says `resync` (then everything is refetched).
 */
export function useLiveUpdates(openTab: string): LiveUpdates {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const [unseen, setUnseen] = useState(NONE);
  const openRef = useRef(openTab);
  openRef.current = openTab;

  const clear = useCallback((tab: string) => {
    setUnseen((u) => (tab in u && u[tab as CountedTab] > 0 ? { ...u, [tab]: 0 } : u));
  }, []);
  useEffect(() => clear(openTab), [openTab, clear]);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(LIVE_EVENTS_URL, { withCredentials: true });
    const onEvent = (message: MessageEvent<string>) => {
      let parsed: LiveEvent;
      try {
        parsed = liveEvent.parse(JSON.parse(message.data));
      } catch {
        return; // not ours to understand: the next poll or event corrects the view
      }
      // Any change may move a dashboard figure, as it does the activity feed.
      const keys = [...STALE[parsed.kind](parsed), ACTIVITY_KEY, INSIGHTS_KEY];
      if (parsed.entityType && parsed.entityId) keys.push(historyKey(parsed.entityType, parsed.entityId));
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      const toasted = TOASTED[parsed.kind];
      if (!toasted) return;
      toast({ title: parsed.title ?? toasted.toastTitle });
      const counted = toasted.tab;
      if (counted && openRef.current !== counted) {
        setUnseen((u) => ({ ...u, [counted]: u[counted] + 1 }));
      }
    };
    const onResync = () => {
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== '/api/auth/me' });
    };
    for (const kind of LIVE_EVENT_KINDS) source.addEventListener(kind, onEvent);
    source.addEventListener(LIVE_RESYNC_EVENT, onResync);
    source.onopen = () => setConnected(true);
    // The browser retries on its own (readyState CONNECTING); a refused stream (401) stays CLOSED. Either way the
    // lists poll meanwhile.
    source.onerror = () => setConnected(false);
    return () => {
      source.close();
      setConnected(false);
    };
  }, [queryClient]);

  return { connected, unseen };
}

const countOf = (tab: string, unseen: Record<CountedTab, number>) =>
  tab in unseen ? unseen[tab as CountedTab] : 0;
const badgeId = (tab: string) => `${tab}-count`;

/** What a tab's badge counts: new applications since the page opened, or the server's unread messages. */
export interface TabCount {
  count: number;
  /** The word after the number in the tab's description: 'new' or 'unread'. */
  word: string;
}

export function tabCount(tab: string, unseen: Record<CountedTab, number>, unreadMessages: number): TabCount {
  return tab === 'contacts'
    ? { count: unreadMessages, word: 'unread' }
    : { count: countOf(tab, unseen), word: 'new' };
}

/**
 * A tab trigger's description while it has something to count: its name stays its label ("Applications", what a
 * person and a test find it by), and a screen reader adds "3 new" or "2 unread".
 */
export function countDescription(tab: string, { count }: TabCount) {
  return count > 0 ? { 'aria-describedby': badgeId(tab) } : {};
}

/** The count beside a tab's name (the number shown; "3 new" is the tab's description). */
export function CountBadge({ tab, count: { count, word } }: { tab: string; count: TabCount }) {
  if (count <= 0) return null;
  return (
    <>
      <Badge variant="destructive" className="ms-2 rounded-full px-1.5 py-0 text-xs" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </Badge>
      <span id={badgeId(tab)} hidden>
        {count} {word}
      </span>
    </>
  );
}
