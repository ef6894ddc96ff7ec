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

/** The parts of the Navigation API (window.navigation) the guard uses. */
interface NavigationLike extends EventTarget {
  currentEntry: { index: number } | null;
}
interface TraverseEvent extends Event {
  navigationType: 'push' | 'replace' | 'reload' | 'traverse';
  destination: { index: number; sameDocument: boolean };
}

type Held = { run: () => void; kind: 'call' | 'traverse' };

/**
 * Under <BrowserRouter> (what the app uses; its declarative mode has no
 * useBlocker): links and navigate() go through the router's navigator, whose
 * push and replace wait for the answer while `when` holds. Back and Forward
 * within the app are stopped before the router sees them through the
 * Navigation API's cancelable `navigate` event, and replayed on Leave.
 * (A popstate listener cannot do this: the router's own listener, added
 * first, runs first.) Browsers without the Navigation API guard links only.
 */
function useHistoryHold(when: boolean): HeldNavigation {
  const { navigator } = useContext(NavigationContext);
  const [held, setHeld] = useState<Held | null>(null);
  // Set while a held navigation is let through, so the guard does not stop it again.
  const releasing = useRef(false);
  const passNextTraverse = useRef(false);

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

    const navigation = (window as { navigation?: NavigationLike }).navigation;
    const onNavigate = (event: Event) => {
      const { navigationType, destination } = event as TraverseEvent;
      if (navigationType !== 'traverse' || !destination.sameDocument || !event.cancelable) return;
      if (passNextTraverse.current) {
        passNextTraverse.current = false;
        return;
      }
      const current = navigation?.currentEntry?.index ?? -1;
      if (current < 0 || destination.index < 0) return;
      event.preventDefault();
      const delta = destination.index - current;
      setHeld({ run: () => window.history.go(delta), kind: 'traverse' });
    };
    navigation?.addEventListener('navigate', onNavigate);
    return () => {
      nav.push = push;
      nav.replace = replace;
      navigation?.removeEventListener('navigate', onNavigate);
    };
  }, [when, navigator]);

  return {
    blocked: when && held !== null,
    proceed: () => {
      setHeld(null);
      if (!held) return;
      if (held.kind === 'traverse') {
        passNextTraverse.current = true;
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
