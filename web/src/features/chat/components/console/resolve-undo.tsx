// Resolving from the keyboard (`e`) waits 5 seconds before anything is sent:
// until then `u` or "Undo" takes it back, and the visitor has been told
// nothing (no "resolved" line, no rating prompt). Leaving the console, or
// resolving another chat meanwhile, resolves the first at once.

import { useCallback, useEffect, useRef, useState } from 'react';
import { useResolveAgentChat } from '@/features/chat/api/resolve-agent-chat';

/** How long a keyboard resolve can be undone. */
export const resolveUndoMs = 5_000;

interface PendingResolve {
  sessionId: string;
  visitorName: string;
  /** When it is sent (Date.now() time). */
  at: number;
}

export function usePendingResolve() {
  const resolve = useResolveAgentChat();
  const [pending, setPending] = useState<PendingResolve | null>(null);
  const latest = useRef<PendingResolve | null>(null);
  latest.current = pending;
  const { mutate } = resolve;

  const commit = useCallback(() => {
    const due = latest.current;
    if (!due) return;
    latest.current = null;
    setPending(null);
    mutate(due.sessionId);
  }, [mutate]);

  const start = useCallback(
    (sessionId: string, visitorName: string) => {
      if (latest.current?.sessionId === sessionId) return;
      commit();
      const next = { sessionId, visitorName, at: Date.now() + resolveUndoMs };
      latest.current = next;
      setPending(next);
    },
    [commit],
  );

  const undo = useCallback(() => {
    latest.current = null;
    setPending(null);
  }, []);

  useEffect(() => {
    if (!pending) return;
    const timer = window.setTimeout(commit, Math.max(0, pending.at - Date.now()));
    return () => window.clearTimeout(timer);
  }, [pending, commit]);
  // Leaving the console does what was asked, now.
  useEffect(() => commit, [commit]);

  return { pending, start, undo };
}

/** The bar under the console while a resolve can be undone. */
export function ResolveUndoBar({ pending, onUndo }: { pending: PendingResolve | null; onUndo: () => void }) {
  const [, tick] = useState(0);
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => tick((n) => n + 1), 250);
    return () => window.clearInterval(timer);
  }, [pending]);
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 top-14 z-40 flex justify-center px-4">
      {pending && (
        <div className="pointer-events-auto flex items-center gap-3 rounded-lg bg-gray-900 px-4 py-2.5 text-sm text-white shadow-lg dark:bg-gray-100 dark:text-gray-900">
          <span>
            Resolving the chat with <bdi>{pending.visitorName}</bdi> in {Math.max(1, Math.ceil((pending.at - Date.now()) / 1000))}{' '}
            s. The visitor is told when it is done.
          </span>
          <button
            type="button"
            onClick={onUndo}
            aria-keyshortcuts="u"
            className="rounded-md px-2 py-1 font-semibold text-brand-light underline hover:bg-white/10 dark:text-brand-dark dark:hover:bg-black/10"
          >
            Undo
          </button>
        </div>
      )}
    </div>
  );
}
