import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch, renderApp } from '@/test/render';
import { quietSocketsInEachTest } from '@/test/quiet-sockets';
import { fullScreenQuery } from '../../lib/full-screen-panel';

quietSocketsInEachTest();

/** A screen of this size: matchMedia answers the widget's full-screen query as a browser would. */
function screenSize(width: number, height: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === fullScreenQuery && (width < 640 || height < 500),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/** The visual viewport, which shrinks and scrolls when the on-screen keyboard opens. */
class FakeVisualViewport extends EventTarget {
  height = 844;
  offsetTop = 0;
  keyboard(open: boolean) {
    this.height = open ? 500 : 844;
    this.offsetTop = open ? 40 : 0;
    this.dispatchEvent(new Event('resize'));
  }
}

let viewportMeta: HTMLMetaElement;
beforeEach(() => {
  viewportMeta = document.createElement('meta');
  viewportMeta.name = 'viewport';
  viewportMeta.content = 'width=device-width, initial-scale=1.0';
  document.head.append(viewportMeta);
  // The layout viewport; the setup gives every element 800 px.
  Object.defineProperty(document.documentElement, 'clientHeight', { configurable: true, get: () => 844 });
});
afterEach(() => {
  viewportMeta.remove();
  vi.unstubAllGlobals();
  document.documentElement.style.overflow = '';
  document.body.style.overflow = '';
});

async function openWidget() {
  mockFetch((url) => (url === '/api/user' ? json(401, {}) : json(404, {})));
  renderApp('/');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Open chat' }));
  const dialog = await screen.findByRole('dialog', { name: 'Chat with Nyota Cloud' }, { timeout: 5_000 });
  return { user, dialog };
}

describe('chat widget on a phone (narrower than 640 px or shorter than 500 px)', () => {
  it('is a full-screen modal: the page does not scroll, the safe areas count, and all is restored on close', async () => {
    screenSize(390, 844);
    const visual = new FakeVisualViewport();
    vi.stubGlobal('visualViewport', visual);
    document.body.style.overflow = 'auto';
    const { user, dialog } = await openWidget();

    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('data-screen', 'full');
    // The panel's effect locks the page once it is shown.
    await waitFor(() => expect(document.documentElement.style.overflow).toBe('hidden'));
    expect(document.body.style.overflow).toBe('hidden');
    expect(viewportMeta.content).toBe('width=device-width, initial-scale=1.0, viewport-fit=cover');
    expect(dialog.style.getPropertyValue('--vv-height')).toBe('844px');
    expect(dialog.style.getPropertyValue('--vv-top')).toBe('0px');
    expect(dialog).toHaveAttribute('data-keyboard', 'closed');

    // The keyboard opens: the panel shrinks to what is still visible, so the message box stays in view.
    act(() => visual.keyboard(true));
    expect(dialog.style.getPropertyValue('--vv-height')).toBe('500px');
    expect(dialog.style.getPropertyValue('--vv-top')).toBe('40px');
    expect(dialog).toHaveAttribute('data-keyboard', 'open');
    act(() => visual.keyboard(false));
    expect(dialog).toHaveAttribute('data-keyboard', 'closed');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open chat' })).toHaveFocus();
    expect(document.documentElement.style.overflow).toBe('');
    expect(document.body.style.overflow).toBe('auto');
    expect(viewportMeta.content).toBe('width=device-width, initial-scale=1.0');
  });

  it('keeps Tab inside the full-screen panel', async () => {
    screenSize(390, 844);
    const { user, dialog } = await openWidget();
    const close = within(dialog).getByRole('button', { name: 'Close' });
    const start = within(dialog).getByRole('button', { name: 'Start Chat' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
    start.focus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab({ shift: true });
    expect(start).toHaveFocus();
  });

  it('fills the screen of a phone held sideways too (844×390)', async () => {
    screenSize(844, 390);
    const { dialog } = await openWidget();
    expect(dialog).toHaveAttribute('data-screen', 'full');
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(document.documentElement.style.overflow).toBe('hidden');
  });

  it('floats beside the page on a wider screen: no scroll lock, not modal', async () => {
    screenSize(1366, 768);
    const { dialog } = await openWidget();
    expect(dialog).toHaveAttribute('data-screen', 'float');
    expect(dialog).not.toHaveAttribute('aria-modal');
    expect(document.documentElement.style.overflow).toBe('');
    expect(viewportMeta.content).toBe('width=device-width, initial-scale=1.0');
    expect(dialog).not.toHaveAttribute('data-keyboard');
  });
});
