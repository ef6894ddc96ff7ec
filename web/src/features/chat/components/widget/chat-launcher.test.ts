import { describe, expect, it } from 'vitest';
import { launcherLabel } from './chat-launcher';

describe('launcherLabel', () => {
  it('names the button plainly when nothing is waiting', () => {
    expect(launcherLabel(0)).toBe('Open chat');
  });

  it('tells screen readers how many replies came while closed', () => {
    expect(launcherLabel(1)).toBe('Open chat (1 new message)');
    expect(launcherLabel(3)).toBe('Open chat (3 new messages)');
  });
});
