import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { highlightItems, HighlightsEditor, moveItem, type HighlightItem } from './highlights-editor';

function Harness({ initial, max = 30 }: { initial: string[]; max?: number }) {
  const [items, setItems] = useState<HighlightItem[]>(() => highlightItems(initial));
  return (
    <>
      <HighlightsEditor value={items} onChange={setItems} max={max} />
      <div data-testid="value">{JSON.stringify(items.map((item) => item.text))}</div>
    </>
  );
}

const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '[]') as string[];

describe('moveItem', () => {
  it('moves one item and leaves the list alone at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b']);
  });
});

describe('the highlights list', () => {
  it('adds a highlight and focuses it; Enter in one adds the next below it, not a submit', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[]} />);
    expect(screen.getByText('No highlights yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add highlight' }));
    expect(screen.getByRole('textbox', { name: 'Highlight 1' })).toHaveFocus();
    await user.keyboard('Keynote{Enter}');
    expect(screen.getByRole('textbox', { name: 'Highlight 2' })).toHaveFocus();
    await user.keyboard('GPU lab');
    expect(value()).toEqual(['Keynote', 'GPU lab']);
  });

  it('reorders with Move up / Move down, keeping focus on the moved highlight and announcing it', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['Keynote', 'GPU lab', 'Networking']} />);
    const list = screen.getByRole('list', { name: 'Highlights' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Move highlight 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move highlight 3 down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move highlight 3 up' }));
    expect(value()).toEqual(['Keynote', 'Networking', 'GPU lab']);
    expect(screen.getByRole('button', { name: 'Move highlight 2 up' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Highlight moved to position 2 of 3');

    // Keyboard only: the focused button again, then to the top, where focus goes to Move down.
    await user.keyboard('{Enter}');
    expect(value()).toEqual(['Networking', 'Keynote', 'GPU lab']);
    expect(screen.getByRole('button', { name: 'Move highlight 1 down' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Move highlight 1 down' }));
    expect(value()).toEqual(['Keynote', 'Networking', 'GPU lab']);
  });

  it('removes a highlight and focuses its neighbour, or Add highlight when none is left', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['Keynote', 'GPU lab']} />);
    await user.click(screen.getByRole('button', { name: 'Remove highlight 1' }));
    expect(value()).toEqual(['GPU lab']);
    expect(screen.getByRole('textbox', { name: 'Highlight 1' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove highlight 1' }));
    expect(value()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add highlight' })).toHaveFocus();
  });

  it('stops adding at the server limit', async () => {
    render(<Harness initial={['a', 'b']} max={2} />);
    expect(screen.getByRole('button', { name: 'Add highlight' })).toBeDisabled();
    expect(screen.getByText('An event can have at most 2 highlights.')).toBeInTheDocument();
  });
});
