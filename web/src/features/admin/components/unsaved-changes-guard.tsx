import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import {
  UNSAFE_DataRouterContext as DataRouterContext,
  UNSAFE_NavigationContext as NavigationContext,
  useBlocker,
} from 'react-router-dom';
import { ConfirmDialog } from './confirm-dialog';

export const unsavedTexts = {
  title: 'Leave without saving?',
  body: 'You have changes that are not saved. If you leave now, they will be lost.',
  stay: 'Stay on this page',
  leave: 'Leave without saving',
} as const;

/** A navigation held back until the admin answers: go on with it, or stay. */
interface HeldNavigation {
  blocked: boolean;
  proceed: () => void;
  reset: () => void;
}

/** Asks the browser to confirm closing or reloading the tab while `when` holds. */
function useBeforeUnload(when: boolean) {
  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
}

/** Under a data router (createBrowserRouter / createMemoryRouter): react-router's own blocker. */
function useDataRouterHold(when: boolean): HeldNavigation {
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) =>
        when && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
      [when],
    ),
  );
  return {
    blocked: blocker.state === 'blocked',
    proceed: () => blocker.proceed?.(),
    reset: () => blocker.reset?.(),
  };
}

type HistoryNavigator = {
  push: (...args: unknown[]) => void;
  replace: (...args: unknown[]) => void;
};

type Held = { run: () => void; kind: 'call' | 'pop' };

/** The router's index of a history entry (it keeps one in history.state.idx). */
function historyIndex(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}

/**
 * Under <BrowserRouter> (what the app uses; its declarative mode has no
 * useBlocker): links and navigate() go through the router's navigator, whose
 * push and replace wait for the answer while `when` holds. Back, Forward and
 * navigate(-1) are a popstate the router has not seen yet: it is stopped,
 * undone, and replayed on Leave.
 */
function useHistoryHold(when: boolean): HeldNavigation {
  const { navigator } = useContext(NavigationContext);
  const [held, setHeld] = useState<Held | null>(null);
  // Set while a held navigation is let through, so the guard does not stop it again.
  const releasing = useRef(false);
  const passNextPop = useRef(false);

  useEffect(() => {
    if (!when) return;
    const nav = navigator as unknown as HistoryNavigator;
    const { push, replace } = nav;
    const hold = (run: () => void) => {
      if (releasing.current) run();
      else setHeld({ run, kind: 'call' });
    };
    nav.push = (...args) => hold(() => push(...args));
    nav.replace = (...args) => hold(() => replace(...args));

    let index = historyIndex(window.history.state);
    let undoing = false;
    const onPopState = (event: PopStateEvent) => {
      const next = historyIndex(event.state);
      if (undoing) {
        // The pop that put the address back: the router sees neither.
        undoing = false;
        event.stopImmediatePropagation();
        return;
      }
      if (passNextPop.current || index === null || next === null) {
        passNextPop.current = false;
        index = next;
        return;
      }
      const delta = next - index;
      event.stopImmediatePropagation();
      undoing = true;
      window.history.go(-delta);
      setHeld({ run: () => window.history.go(delta), kind: 'pop' });
    };
    // A capturing listener on window runs before the router's own popstate listener.
    window.addEventListener('popstate', onPopState, { capture: true });
    return () => {
      nav.push = push;
      nav.replace = replace;
      window.removeEventListener('popstate', onPopState, { capture: true });
    };
  }, [when, navigator]);

  return {
    blocked: when && held !== null,
    proceed: () => {
      setHeld(null);
      if (!held) return;
      if (held.kind === 'pop') {
        passNextPop.current = true;
        held.run();
        return;
      }
      releasing.current = true;
      try {
        held.run();
      } finally {
        releasing.current = false;
      }
    },
    reset: () => setHeld(null),
  };
}

function Prompt({ hold }: { hold: HeldNavigation }) {
  return (
    <ConfirmDialog
      open={hold.blocked}
      title={unsavedTexts.title}
      confirmLabel={unsavedTexts.leave}
      cancelLabel={unsavedTexts.stay}
      destructive
      onConfirm={hold.proceed}
      onCancel={hold.reset}
    >
      <p>{unsavedTexts.body}</p>
    </ConfirmDialog>
  );
}

function DataRouterGuard({ when }: { when: boolean }) {
  return <Prompt hold={useDataRouterHold(when)} />;
}

function HistoryGuard({ when }: { when: boolean }) {
  return <Prompt hold={useHistoryHold(when)} />;
}

/**
 * While `when` holds (a form has unsaved changes), leaving asks first: in-app
 * navigation (links, Back, Forward) with a dialog — Stay or Leave without
 * saving — and closing or reloading the tab with the browser's own prompt.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  useBeforeUnload(when);
  const dataRouter = useContext(DataRouterContext);
  return dataRouter ? <DataRouterGuard when={when} /> : <HistoryGuard when={when} />;
}
