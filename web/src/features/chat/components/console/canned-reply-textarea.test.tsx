import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { CannedResponse } from '@/api-types/CannedResponse';
import { CannedReplyTextarea } from './canned-reply-textarea';

const replies: CannedResponse[] = [
  { id: '1', shortcut: 'hello', title: 'Greeting', body: 'Hello {{visitor.name}}, I am {{agent.name}}.', language: 'en', createdAt: '', updatedAt: '' },
  { id: '2', shortcut: 'refund', title: 'Refund policy', body: 'Refunds take 3 days.', language: 'en', createdAt: '', updatedAt: '' },
  { id: '3', shortcut: 'hours', title: 'Opening hours', body: 'We answer Mon-Fri 8-18 EAT.', language: 'en', createdAt: '', updatedAt: '' },
];

function Harness({ onSend }: { onSend: () => void }) {
  const [value, setValue] = useState('');
  return (
    <CannedReplyTextarea
      aria-label="Reply"
      language="en"
      value={value}
      onValueChange={setValue}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          onSend();
        }
      }}
      replies={replies}
      values={{ visitorName: 'Amina', agentName: 'Baraka' }}
    />
  );
}

function setup() {
  const onSend = vi.fn();
  render(<Harness onSend={onSend} />);
  return { onSend, box: screen.getByRole('textbox', { name: 'Reply' }), user: userEvent.setup() };
}

describe('CannedReplyTextarea', () => {
  it('opens on a slash, filters fuzzily and inserts the filled-in reply with Enter', async () => {
    const { box, user, onSend } = setup();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(box, '/h');
    expect(screen.getByRole('listbox', { name: 'Canned replies' })).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(screen.getByRole('status')).toHaveTextContent('2 canned replies: arrow keys choose, Enter inserts, Escape closes.');
    const options = screen.getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['/hello Greeting', '/hours Opening hours']);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    // The active reply is previewed as it will be inserted, and follows the arrow keys.
    expect(screen.getByTestId('canned-preview')).toHaveTextContent('Hello Amina, I am Baraka.');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByTestId('canned-preview')).toHaveTextContent('We answer Mon-Fri 8-18 EAT.');
    await user.keyboard('{ArrowUp}');

    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Hello Amina, I am Baraka.');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // Closed, Enter is the composer's again.
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('moves with the arrow keys, wrapping around', async () => {
    const { box, user } = setup();
    await user.type(box, 'Sure. /');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{Enter}');
    // The third by shortcut order: hello, hours, refund.
    expect(box).toHaveValue('Sure. Refunds take 3 days.');
  });

  it('matches titles too and closes with Escape, keeping the text', async () => {
    const { box, user, onSend } = setup();
    await user.type(box, '/polic');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['/refund Refund policy']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveValue('/polic');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('inserts a reply chosen with the mouse', async () => {
    const { box, user } = setup();
    await user.type(box, '/ref');
    await user.click(screen.getByRole('option', { name: /refund/ }));
    expect(box).toHaveValue('Refunds take 3 days.');
  });

  it('shows nothing when no reply matches', async () => {
    const { box, user } = setup();
    await user.type(box, '/zzz');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});
