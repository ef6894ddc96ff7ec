import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button, buttonClass } from '@/components/ui/button';
import { inputClass } from '@/components/admin/form-fields';
import { eventLimits } from '@/api-types/input-limits';
import { typingCap } from '../../lib/content-rules';

/** One highlight with an id that stays with it while the list is reordered. */
export interface HighlightItem {
  id: string;
  text: string;
}

let lastId = 0;
const newId = () => `highlight-${++lastId}`;

/** The editor's items for a list of highlight texts. */
export function highlightItems(texts: string[]): HighlightItem[] {
  return texts.map((text) => ({ id: newId(), text }));
}

/** `items` with the one at `from` moved to `to`. */
export function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length || from === to) return items;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as T);
  return next;
}

type Focus = { id: string; control: 'text' | 'up' | 'down' } | { id: null; control: 'add' };

/**
 * The event highlights edited as a list: add, remove, and reorder with Move up
 * and Move down buttons (keyboard operable; the move is announced and focus
 * stays on the moved highlight). Enter in a highlight adds one below it.
 */
export function HighlightsEditor({
  value,
  onChange,
  error,
  max,
}: {
  value: HighlightItem[];
  onChange: (items: HighlightItem[]) => void;
  error?: string;
  /** The most highlights the server keeps. */
  max: number;
}) {
  const legendId = useId();
  const errorId = useId();
  const [announcement, setAnnouncement] = useState('');
  const [focus, setFocus] = useState<Focus | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!focus) return;
    if (focus.control === 'add') addButton.current?.focus();
    else list.current?.querySelector<HTMLElement>(`[data-highlight="${focus.id}"][data-control="${focus.control}"]`)?.focus();
    setFocus(null);
  }, [focus]);

  const add = (at = value.length) => {
    const item = { id: newId(), text: '' };
    onChange([...value.slice(0, at), item, ...value.slice(at)]);
    setFocus({ id: item.id, control: 'text' });
  };

  const remove = (index: number) => {
    const next = value.filter((_, i) => i !== index);
    onChange(next);
    setAnnouncement(`Highlight ${index + 1} removed`);
    const neighbour = next[index] ?? next[index - 1];
    setFocus(neighbour ? { id: neighbour.id, control: 'text' } : { id: null, control: 'add' });
  };

  const move = (index: number, to: number) => {
    const item = value[index];
    if (!item) return;
    onChange(moveItem(value, index, to));
    setAnnouncement(`Highlight moved to position ${to + 1} of ${value.length}`);
    // At either end the pressed button is disabled: keep focus on the other one.
    const control = to === 0 ? 'down' : to === value.length - 1 ? 'up' : to < index ? 'up' : 'down';
    setFocus({ id: item.id, control });
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // A new line in the list, not a submit of the whole form.
      event.preventDefault();
      if (value.length < max) add(index + 1);
    }
  };

  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend id={legendId} className="mb-1 block text-sm font-medium text-gray-800 dark:text-gray-200">
        Highlights
      </legend>
      {value.length === 0 ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">No highlights yet.</p>
      ) : (
        <ol ref={list} aria-labelledby={legendId} className="space-y-2">
          {value.map((item, index) => (
            <li key={item.id} className="flex items-center gap-2">
              <span aria-hidden="true" className="w-6 shrink-0 text-right text-sm text-gray-700 dark:text-gray-300">
                {index + 1}.
              </span>
              <input
                data-highlight={item.id}
                data-control="text"
                aria-label={`Highlight ${index + 1}`}
                aria-invalid={error ? true : undefined}
                value={item.text}
                maxLength={typingCap(eventLimits.highlightChars)}
                onChange={(event) =>
                  onChange(value.map((other) => (other.id === item.id ? { ...other, text: event.target.value } : other)))
                }
                onKeyDown={onKeyDown(index)}
                className={inputClass(Boolean(error))}
              />
              <Button
                variant="ghost"
                className="px-2"
                data-highlight={item.id}
                data-control="up"
                aria-label={`Move highlight ${index + 1} up`}
                disabled={index === 0}
                onClick={() => move(index, index - 1)}
              >
                <ArrowUp aria-hidden="true" className="h-4 w-4" />
              </Button>
              <Button
                variant="ghost"
                className="px-2"
                data-highlight={item.id}
                data-control="down"
                aria-label={`Move highlight ${index + 1} down`}
                disabled={index === value.length - 1}
                onClick={() => move(index, index + 1)}
              >
                <ArrowDown aria-hidden="true" className="h-4 w-4" />
              </Button>
              <Button
                variant="ghost"
                className="px-2"
                aria-label={`Remove highlight ${index + 1}`}
                onClick={() => remove(index)}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ol>
      )}
      <button
        ref={addButton}
        type="button"
        className={buttonClass('secondary', 'mt-3')}
        disabled={value.length >= max}
        onClick={() => add()}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        Add highlight
      </button>
      {value.length >= max && (
        <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">An event can have at most {max} highlights.</p>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
