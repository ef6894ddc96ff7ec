// The agent's reply box with the canned-reply picker: typing `/` and a few
// letters opens a list of matching replies (fuzzy on shortcut and title);
// arrow keys move, Enter or Tab inserts the reply with the visitor's and
// agent's names filled in, Escape closes. HTML allows no role on a textarea
// (so not `combobox`): it stays a textbox with list autocompletion that
// controls the listbox and names the active option, and a status line
// announces the list. Under the list, the active reply is previewed as it
// will be inserted.

import { useId, useRef, useState, type KeyboardEvent, type TextareaHTMLAttributes } from 'react';
import type { CannedResponse } from '@/api-types/CannedResponse';
import type { Language } from '@/api-types/Language';
import { cn } from '@/lib/cn';
import {
  fillTemplate,
  insertReply,
  matchCannedResponses,
  repliesInLanguage,
  slashQuery,
  type SlashQuery,
  type TemplateValues,
} from '../../lib/canned-reply-match';

/** At most this many matches are listed. */
const MAX_OPTIONS = 8;

type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange' | 'onKeyDown'>;

export interface CannedReplyTextareaProps extends TextareaProps {
  value: string;
  onValueChange: (value: string) => void;
  /** Keys the picker does not take (e.g. Enter sends when it is closed). */
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  replies: readonly CannedResponse[];
  /** The chat's language: each shortcut is offered in it when it has a version in it. */
  language: Language;
  values: TemplateValues;
}

export function CannedReplyTextarea({
  value,
  onValueChange,
  onKeyDown,
  replies,
  language,
  values,
  className,
  ...rest
}: CannedReplyTextareaProps) {
  const listId = useId();
  const ref = useRef<HTMLTextAreaElement>(null);
  const [slash, setSlash] = useState<SlashQuery | null>(null);
  const [active, setActive] = useState(0);
  // Escape closes the list until the slash word changes.
  const [dismissed, setDismissed] = useState<string | null>(null);

  const matches = slash ? matchCannedResponses(slash.query, repliesInLanguage(replies, language)).slice(0, MAX_OPTIONS) : [];
  const open = slash !== null && dismissed !== `${slash.start}:${slash.query}` && matches.length > 0;
  const activeIndex = Math.min(active, Math.max(matches.length - 1, 0));
  const optionId = (index: number) => `${listId}-option-${index}`;
  const previewed = open ? matches[activeIndex] : undefined;
  const preview = previewed ? fillTemplate(previewed.body, values) : null;

  const track = (text: string, caret: number) => {
    const next = slashQuery(text, caret);
    setSlash(next);
    if (next?.query !== slash?.query || next?.start !== slash?.start) setActive(0);
  };

  const choose = (reply: CannedResponse) => {
    const textarea = ref.current;
    if (!slash || !textarea) return;
    const caret = textarea.selectionStart;
    const inserted = insertReply(value, caret, slash, fillTemplate(reply.body, values));
    onValueChange(inserted.text);
    setSlash(null);
    // Put the caret after the reply once React has written the new value.
    requestAnimationFrame(() => {
      textarea.focus();
      textarea.setSelectionRange(inserted.caret, inserted.caret);
    });
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && !event.nativeEvent.isComposing) {
      const picked = matches[activeIndex];
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((activeIndex + step + matches.length) % matches.length);
        return;
      }
      if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey && picked) {
        event.preventDefault();
        choose(picked);
        return;
      }
      if (event.key === 'Escape' && slash) {
        event.preventDefault();
        setDismissed(`${slash.start}:${slash.query}`);
        return;
      }
    }
    onKeyDown?.(event);
  };

  return (
    <div className="relative min-w-0 flex-1">
      <textarea
        {...rest}
        ref={ref}
        aria-autocomplete="list"
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? optionId(activeIndex) : undefined}
        value={value}
        onChange={(e) => {
          onValueChange(e.target.value);
          track(e.target.value, e.target.selectionStart);
        }}
        onSelect={(e) => track(e.currentTarget.value, e.currentTarget.selectionStart)}
        onBlur={() => setSlash(null)}
        onKeyDown={keyDown}
        className={cn('w-full', className)}
      />
      <p role="status" className="sr-only">
        {open ? `${matches.length} canned ${matches.length === 1 ? 'reply' : 'replies'}: arrow keys choose, Enter inserts, Escape closes.` : ''}
      </p>
      {/* The list, and under it the chosen reply as it will be inserted. */}
      <div
        hidden={!open}
        className="absolute bottom-full left-0 z-10 mb-1 w-full overflow-hidden rounded-md border border-gray-300 bg-white text-sm shadow-lg dark:border-gray-600 dark:bg-gray-900"
      >
        <ul
          id={listId}
          role="listbox"
          aria-label="Canned replies"
          className="max-h-48 overflow-y-auto py-1"
        >
          {open &&
            matches.map((reply, index) => (
              <li
                key={reply.id}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                // Keep the focus in the textarea: choosing must not blur it first.
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(reply);
                }}
                onMouseEnter={() => setActive(index)}
                className={cn(
                  'cursor-pointer px-3 py-1.5',
                  index === activeIndex && 'bg-brand/10 text-brand-dark dark:bg-brand-light/20 dark:text-brand-light',
                )}
              >
                <span className="font-mono">/{reply.shortcut}</span> <span className="text-gray-700 dark:text-gray-300">{reply.title}</span>
              </li>
            ))}
        </ul>
        {open && preview !== null && (
          <div data-testid="canned-preview" className="max-h-32 overflow-y-auto border-t border-gray-200 bg-gray-50 px-3 py-2 dark:border-gray-700 dark:bg-gray-950">
            <p className="text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-400">Preview</p>
            <p className="mt-1 whitespace-pre-wrap break-words text-gray-900 dark:text-gray-100">
              <bdi>{preview}</bdi>
            </p>
          </div>
        )}
      </div>
    </div>
  );
}
