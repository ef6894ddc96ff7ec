import { render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { bottomInsetProperty, useBottomInset } from './bottom-inset';

function Bar({ active }: { active: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  useBottomInset(ref, active);
  return <div ref={ref}>bar</div>;
}

const inset = () => document.documentElement.style.getPropertyValue(bottomInsetProperty);

describe('useBottomInset', () => {
  it('publishes the bar height while shown and clears it when gone', () => {
    const original = HTMLElement.prototype.getBoundingClientRect;
    HTMLElement.prototype.getBoundingClientRect = () => ({ height: 120.4 }) as DOMRect;
    try {
      const { rerender, unmount } = render(<Bar active={false} />);
      expect(inset()).toBe('');
      rerender(<Bar active />);
      expect(inset()).toBe('121px');
      rerender(<Bar active={false} />);
      expect(inset()).toBe('');
      rerender(<Bar active />);
      unmount();
      expect(inset()).toBe('');
    } finally {
      HTMLElement.prototype.getBoundingClientRect = original;
    }
  });
});
