// What the console's inbox rows read from the alerts: which chats are
// highlighted, and the first-reply threshold (for the "Waiting" badge).

import { createContext, useContext } from 'react';

export interface InboxAlertState {
  /** Chats alerted about since the agent last opened them. */
  highlighted: ReadonlySet<string>;
  /** The site's first-reply alert threshold, in minutes. */
  thresholdMinutes: number;
}

export const ConsoleAlertsContext = createContext<InboxAlertState | null>(null);

/** The alerts' state for inbox rows; null outside the console (no alerts). */
export function useInboxAlertState(): InboxAlertState | null {
  return useContext(ConsoleAlertsContext);
}
