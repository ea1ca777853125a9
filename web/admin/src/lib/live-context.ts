import { createContext, useContext } from 'react';

/** The admin tabs that count what arrived while they were not open. */
export type CountedTab = 'partners' | 'contacts';

export interface LiveUpdates {
  /** The stream is open: lists need not poll. */
  connected: boolean;
  /** New applications and messages that arrived while their tab was not open. */
  unseen: Record<CountedTab, number>;
}

export const NONE: Record<CountedTab, number> = { partners: 0, contacts: 0 };
const LiveContext = createContext<LiveUpdates>({ connected: false, unseen: NONE });

/** Whether the live stream is open (a list polls only when it is not: SPEC's 5 s polling is the fallback). */
export const useLiveConnected = () => useContext(LiveContext).connected;
export const LiveProvider = LiveContext.Provider;
