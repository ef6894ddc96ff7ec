import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useLatestInView } from '../../lib/use-latest-in-view';

/** A ResizeObserver the test triggers by hand (jsdom has none). */
let resized: () => void = () => {};
class HandResizeObserver {
  constructor(callback: () => void) {
    resized = callback;
  }
  observe() {}
  disconnect() {}
}

function Log() {
  const ref = useRef<HTMLDivElement>(null);
  useLatestInView(ref);
  return (
    <div ref={ref}>
      <div data-testid="scroller" />
    </div>
  );
}

/** A scroller 1000 px of content in a box `height` px tall; observed, as a browser reports at once. */
function sized(scroller: HTMLElement, height: () => number) {
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => 1000 });
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: height });
  resized();
}

afterEach(() => vi.unstubAllGlobals());

describe('useLatestInView', () => {
  it('keeps the end in view when the log gets shorter, even if a scroll event lands first', () => {
    let height = 400;
    vi.stubGlobal('ResizeObserver', HandResizeObserver);
    const view = render(<Log />);
    const scroller = view.getByTestId('scroller');
    sized(scroller, () => height);
    // Read at the end (the log scrolled itself there), then the rating bar takes 100 px; a scroll
    // event landing in between changes nothing.
    scroller.scrollTop = 600;
    height = 300;
    scroller.dispatchEvent(new Event('scroll'));
    resized();
    expect(scroller.scrollTop).toBe(1000);
  });

  it('leaves a visitor who scrolled up to earlier messages where they are', () => {
    let height = 400;
    vi.stubGlobal('ResizeObserver', HandResizeObserver);
    const view = render(<Log />);
    const scroller = view.getByTestId('scroller');
    sized(scroller, () => height);
    scroller.scrollTop = 200;
    height = 300;
    resized();
    expect(scroller.scrollTop).toBe(200);
  });
});
