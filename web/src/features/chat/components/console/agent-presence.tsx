// Presence follows the agent, not the page: the admin shell mounts this on
// every admin page, so the console's socket (and with it "has a console
// open", which keeps their chats assigned) lives as long as any admin tab is
// open. The agent goes Away by choice, by closing every admin tab, or after
// the site's idle time (`agentIdleMinutes`) without a key press or pointer
// move in any admin tab, warned a minute before.

import { useCallback, useEffect, useRef, useState } from 'react';
import { useAgentStatus, useSetAgentStatus } from '@/features/chat/api/agent-availability';
import { liveSocket } from '@/features/chat/lib/live-socket';
import { useSiteSettings } from '@/lib/site-settings';

/** Where the admin tabs of this browser share the time of the last activity. */
export const lastActivityKey = 'agent-last-activity';

/** How long before going Away the agent is warned: a minute, or half the idle time if shorter. */
export function warningMs(idleMs: number): number {
  return Math.min(60_000, idleMs / 2);
}

export type IdlePhase = 'active' | 'warning' | 'idle';

/** Where an agent idle for `quietMs` stands, with the idle time `idleMs`. */
export function idlePhase(quietMs: number, idleMs: number): IdlePhase {
  if (quietMs >= idleMs) return 'idle';
  return quietMs >= idleMs - warningMs(idleMs) ? 'warning' : 'active';
}

function storedActivity(): number {
  try {
    return Number(localStorage.getItem(lastActivityKey)) || 0;
  } catch {
    return 0;
  }
}

/** The last activity in any admin tab, kept current in this one. */
function useLastActivity(): () => number {
  const last = useRef(Date.now());
  useEffect(() => {
    let written = 0;
    const onActivity = () => {
      const now = Date.now();
      last.current = now;
      // Other tabs read it; a write every few seconds is enough.
      if (now - written < 5_000) return;
      written = now;
      try {
        localStorage.setItem(lastActivityKey, String(now));
      } catch {
        // Storage full or blocked: this tab still counts its own activity.
      }
    };
    onActivity();
    const events = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'focus'] as const;
    events.forEach((name) => window.addEventListener(name, onActivity, { passive: true }));
    return () => events.forEach((name) => window.removeEventListener(name, onActivity));
  }, []);
  return useCallback(() => Math.max(last.current, storedActivity()), []);
}

/** Keeps the agent present while mounted and sets them Away when idle; shows the warning. */
export function AgentPresence() {
  useEffect(() => liveSocket().subscribe(() => {}), []);
  useEffect(() => liveSocket().joinAgents(), []);

  const idleMs = useSiteSettings().agentIdleMinutes * 60_000;
  const lastActivity = useLastActivity();
  const status = useAgentStatus().data?.status;
  const setStatus = useSetAgentStatus();
  const [phase, setPhase] = useState<IdlePhase>('active');
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [setAwayByIdle, setSetAwayByIdle] = useState(false);
  const { mutate } = setStatus;
  // Back online (here or from the status select): the next Away is by choice until idle again.
  useEffect(() => {
    if (status !== 'away') setSetAwayByIdle(false);
  }, [status]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      const quiet = Date.now() - lastActivity();
      const next = idlePhase(quiet, idleMs);
      setPhase(next);
      setSecondsLeft(Math.max(0, Math.ceil((idleMs - quiet) / 1000)));
      if (next === 'idle' && (status === 'online' || status === 'busy') && !setAwayByIdle) {
        setSetAwayByIdle(true);
        mutate('away');
      }
    }, 1_000);
    return () => window.clearInterval(timer);
  }, [idleMs, lastActivity, status, mutate, setAwayByIdle]);

  const minutes = idleMs / 60_000;
  if (status === 'away' && setAwayByIdle) {
    return (
      <div role="status" className={banner}>
        <span>
          You were set to Away after {minutes} {minutes === 1 ? 'minute' : 'minutes'} without activity.
        </span>
        <button
          type="button"
          className={bannerButton}
          onClick={() => {
            setSetAwayByIdle(false);
            mutate('online');
          }}
        >
          Go online
        </button>
      </div>
    );
  }
  if (phase !== 'warning' || !(status === 'online' || status === 'busy')) return null;
  return (
    <div role="alert" className={banner}>
      <span>
        No activity for a while: you will be set to Away in {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}.
      </span>
      {/* Clicking is activity: the warning goes away by itself. */}
      <button type="button" className={bannerButton}>
        Stay online
      </button>
    </div>
  );
}

const banner =
  'fixed bottom-4 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 shadow-lg dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50';
const bannerButton =
  'rounded-md bg-amber-900 px-3 py-1.5 text-sm font-medium text-white hover:bg-amber-800 dark:bg-amber-200 dark:text-amber-950 dark:hover:bg-amber-100';
