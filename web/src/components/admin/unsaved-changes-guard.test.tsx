import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { BrowserRouter, createMemoryRouter, Link, Route, RouterProvider, Routes, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { supportDialogs } from '@/test/dialog-test-support';
import { UnsavedChangesGuard, unsavedTexts } from './unsaved-changes-guard';

supportDialogs();

function Editor() {
  const [dirty, setDirty] = useState(false);
  const navigate = useNavigate();
  return (
    <>
      <h1>Editor</h1>
      <label>
        Title
        <input onChange={() => setDirty(true)} />
      </label>
      <Link to="/elsewhere">Elsewhere</Link>
      <button type="button" onClick={() => void navigate('/elsewhere')}>
        Go by code
      </button>
      <UnsavedChangesGuard when={dirty} />
    </>
  );
}

const routes = (
  <Routes>
    <Route path="/start" element={<Link to="/editor">Open editor</Link>} />
    <Route path="/editor" element={<Editor />} />
    <Route path="/elsewhere" element={<h1>Elsewhere</h1>} />
  </Routes>
);

/** The app's own router: BrowserRouter (declarative mode), on a real jsdom history. */
async function openEditorInBrowserRouter() {
  window.history.replaceState(null, '', '/start');
  const user = userEvent.setup();
  render(<BrowserRouter>{routes}</BrowserRouter>);
  await user.click(screen.getByRole('link', { name: 'Open editor' }));
  await screen.findByRole('heading', { name: 'Editor' });
  return user;
}

const dialog = () => screen.queryByRole('dialog', { name: unsavedTexts.title });

/**
 * The Navigation API over jsdom's history (jsdom has none): every traversal
 * first fires a cancelable `navigate` event, as browsers do, and happens only
 * when no listener cancels it. Entry indexes are the router's history.state.idx.
 */
function installNavigationApi() {
  const navigation = new EventTarget();
  const indexNow = () => (window.history.state as { idx?: number } | null)?.idx ?? 0;
  Object.defineProperty(navigation, 'currentEntry', { get: () => ({ index: indexNow() }) });
  const go = window.history.go.bind(window.history);
  window.history.go = (delta = 0) => {
    const event = new Event('navigate', { cancelable: true });
    Object.assign(event, { navigationType: 'traverse', destination: { index: indexNow() + delta, sameDocument: true } });
    navigation.dispatchEvent(event);
    if (!event.defaultPrevented) go(delta);
  };
  window.history.back = () => window.history.go(-1);
  vi.stubGlobal('navigation', navigation);
  return () => {
    window.history.go = go;
    window.history.back = () => go(-1);
  };
}

let uninstall: (() => void) | null = null;

afterEach(() => {
  uninstall?.();
  uninstall = null;
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the unsaved-changes guard under BrowserRouter', () => {
  it('lets a clean form go', async () => {
    const user = await openEditorInBrowserRouter();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(dialog()).toBeNull();
  });

  it('holds a link while the form is dirty: Stay keeps the page, Leave goes', async () => {
    const user = await openEditorInBrowserRouter();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Draft');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(dialog()).toBeInTheDocument();
    expect(dialog()).toHaveTextContent(unsavedTexts.body);
    expect(window.location.pathname).toBe('/editor');

    await user.click(screen.getByRole('button', { name: unsavedTexts.stay }));
    expect(dialog()).toBeNull();
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Draft');

    await user.click(screen.getByRole('button', { name: 'Go by code' }));
    expect(dialog()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: unsavedTexts.leave }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/elsewhere');
  });

  it('holds Back (through the Navigation API) until the admin chooses to leave', async () => {
    uninstall = installNavigationApi();
    const user = await openEditorInBrowserRouter();
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Draft');
    window.history.back();
    await waitFor(() => expect(dialog()).toBeInTheDocument());
    expect(window.location.pathname).toBe('/editor');
    expect(screen.getByRole('heading', { name: 'Editor' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: unsavedTexts.stay }));
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('Draft');

    window.history.back();
    await waitFor(() => expect(dialog()).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: unsavedTexts.leave }));
    expect(await screen.findByRole('link', { name: 'Open editor' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/start');

    // Once left, the next Back is the admin's own again.
    window.history.forward();
    await waitFor(() => expect(window.location.pathname).toBe('/editor'));
  });

  it('lets Back through while the form is clean', async () => {
    uninstall = installNavigationApi();
    await openEditorInBrowserRouter();
    window.history.back();
    expect(await screen.findByRole('link', { name: 'Open editor' })).toBeInTheDocument();
    expect(dialog()).toBeNull();
  });

  it('asks the browser to confirm closing the tab only while dirty', async () => {
    const user = await openEditorInBrowserRouter();
    const close = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(close()).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Draft');
    expect(close()).toBe(true);
  });
});

describe('the unsaved-changes guard under a data router', () => {
  it('uses react-router blocker: Stay, then Leave', async () => {
    const router = createMemoryRouter(
      [
        { path: '/editor', element: <Editor /> },
        { path: '/elsewhere', element: <h1>Elsewhere</h1> },
      ],
      { initialEntries: ['/editor'] },
    );
    const user = userEvent.setup();
    render(<RouterProvider router={router} />);
    await user.type(screen.getByRole('textbox', { name: 'Title' }), 'Draft');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(await screen.findByRole('dialog', { name: unsavedTexts.title })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: unsavedTexts.stay }));
    expect(router.state.location.pathname).toBe('/editor');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('button', { name: unsavedTexts.leave }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
  });
});
