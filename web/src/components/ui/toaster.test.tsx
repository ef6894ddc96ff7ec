import { act, render, screen, waitFor } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToastsClearOf } from '@/lib/toast-placement';
import { toast } from '@/lib/toast-store';
import { Toaster } from './toaster';

/** A stand-in for the chat widget's panel, at a given box while `open`. */
function Panel({ open, box }: { open: boolean; box: Partial<DOMRect> }) {
  const ref = useRef<HTMLDivElement>(null);
  useToastsClearOf(ref, open);
  return <div ref={ref} data-box={JSON.stringify(box)} />;
}

// jsdom lays nothing out: the panel reports the box it is given, a toast list 88 px tall.
function layOut() {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    if (this.dataset.box) return { left: 0, top: 0, right: 0, bottom: 0, ...JSON.parse(this.dataset.box) } as DOMRect;
    if (this.tagName === 'OL') return { top: 0, bottom: 88, left: 0, right: 390 } as DOMRect;
    return { top: 0, bottom: 0, left: 0, right: 0 } as DOMRect;
  });
  Object.defineProperty(document.documentElement, 'clientWidth', { configurable: true, get: () => window.innerWidth });
  Object.defineProperty(document.documentElement, 'clientHeight', { configurable: true, get: () => window.innerHeight });
}

const viewport = () => screen.getByRole('region', { name: /Notifications/ }).querySelector('ol')!;
const inset = () => document.documentElement.style.getPropertyValue('--toast-top-inset');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Toaster placement', () => {
  it('bottom right while no panel is open, as on every page', () => {
    layOut();
    render(<Toaster />);
    act(() => toast({ title: 'Saved' }));
    expect(viewport()).toHaveAttribute('data-placement', 'corner');
    expect(viewport()).toHaveClass('bottom-0', 'right-0');
    expect(inset()).toBe('');
  });

  it('beside an open floating panel, clear of it, and back to the corner once it closes', () => {
    layOut();
    vi.stubGlobal('innerWidth', 1366);
    vi.stubGlobal('innerHeight', 768);
    const panel = { left: 958, top: 160, right: 1342, bottom: 672 };
    const { rerender } = render(
      <>
        <Panel open box={panel} />
        <Toaster />
      </>,
    );
    act(() => toast({ title: 'Chat Started', description: "You're now connected to our support team." }));
    expect(viewport()).toHaveAttribute('data-placement', 'beside');
    // Its right edge is 16 px left of the panel; its bottom level with the panel's.
    expect(viewport().style.right).toBe(`${1366 - 958 + 16}px`);
    expect(viewport().style.bottom).toBe('96px');
    expect(viewport().style.width).toBe('384px');
    expect(inset()).toBe('');

    rerender(
      <>
        <Panel open={false} box={panel} />
        <Toaster />
      </>,
    );
    expect(viewport()).toHaveAttribute('data-placement', 'corner');
  });

  it('at the top over a full-screen panel, whose header grows by the toasts\' height while shown', async () => {
    layOut();
    vi.stubGlobal('innerWidth', 390);
    vi.stubGlobal('innerHeight', 844);
    render(
      <>
        <Panel open box={{ left: 0, top: 0, right: 390, bottom: 844 }} />
        <Toaster />
      </>,
    );
    expect(inset()).toBe('');
    act(() => toast({ title: 'Chat Started', description: "You're now connected to our support team." }));
    expect(viewport()).toHaveAttribute('data-placement', 'top');
    expect(viewport()).toHaveClass('top-0');
    await waitFor(() => expect(inset()).toBe('88px'));
    // Closed (the 5 s timer, a swipe or the button): the panel has the whole screen again.
    act(() => screen.getByRole('button', { name: 'Close notification' }).click());
    expect(inset()).toBe('');
  });
});
