import { describe, expect, it } from 'vitest';
import { toastPlacement, type PanelBox } from './toast-placement';

// The widget's floating panel at 1366×768: 384 px wide, 24 px from the right, its bottom 96 px up.
const desktop: PanelBox = { left: 958, top: 160, right: 1342, bottom: 672, viewportWidth: 1366, viewportHeight: 768 };

describe('toastPlacement', () => {
  it('keeps the corner when no panel is open', () => {
    expect(toastPlacement(null)).toEqual({ kind: 'corner' });
  });

  it('puts toasts on the left of a floating panel, bottoms aligned, 16 px apart', () => {
    expect(toastPlacement(desktop)).toEqual({ kind: 'beside', right: 1366 - 958 + 16, bottom: 96, width: 384 });
    // A toast beside the panel never reaches it: its right edge is 16 px left of the panel.
    const beside = toastPlacement(desktop);
    if (beside.kind !== 'beside') throw new Error('expected beside');
    expect(desktop.viewportWidth - beside.right).toBe(desktop.left - 16);
  });

  it('narrows the toast to the room there is, down to 288 px', () => {
    const narrow = { ...desktop, left: 400, right: 784, viewportWidth: 808 };
    expect(toastPlacement(narrow)).toMatchObject({ kind: 'beside', width: 368 });
    expect(toastPlacement({ ...narrow, left: 320 })).toMatchObject({ kind: 'beside', width: 288 });
  });

  it('goes to the top when there is no room beside the panel: a full-screen panel on a phone, a narrow window', () => {
    const phone: PanelBox = { left: 0, top: 0, right: 390, bottom: 844, viewportWidth: 390, viewportHeight: 844 };
    expect(toastPlacement(phone)).toEqual({ kind: 'top' });
    expect(toastPlacement({ ...desktop, left: 319, right: 703, viewportWidth: 727 })).toEqual({ kind: 'top' });
  });
});
