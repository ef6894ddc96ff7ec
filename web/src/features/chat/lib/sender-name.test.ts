import { describe, expect, it } from 'vitest';
import { fallbackAgentName, messageSenderName } from './sender-name';

describe('messageSenderName', () => {
  it("shows an agent message under the agent's display name", () => {
    expect(messageSenderName({ senderType: 'agent', senderName: 'Amina' }, fallbackAgentName)).toBe('Amina');
  });

  it('falls back to "Support" for agent messages stored without a name', () => {
    expect(messageSenderName({ senderType: 'agent' }, fallbackAgentName)).toBe('Support');
    expect(messageSenderName({ senderType: 'agent', senderName: '  ' }, fallbackAgentName)).toBe('Support');
  });

  it("never puts a name on the visitor's side", () => {
    expect(messageSenderName({ senderType: 'user', senderName: 'Amina' }, 'You')).toBe('You');
  });
});
