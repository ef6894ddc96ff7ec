import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** One tab: `id` is its value, `label` the tab's text, `panel` what it shows. */
export interface TabItem {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

/**
 * ARIA tabs (tablist / tab / tabpanel) with a roving tabindex: Tab enters the
 * selected tab, Arrow Left/Right move and select (wrapping), Home/End go to the
 * first/last. Controlled with `value` + `onValueChange`, or uncontrolled with
 * `defaultValue` (the first tab when omitted). Every panel is rendered, the
 * unselected ones `hidden`.
 */
export function Tabs({
  items,
  label,
  value,
  defaultValue,
  onValueChange,
  className,
}: {
  items: readonly TabItem[];
  /** The accessible name of the tab list. */
  label: string;
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  className?: string;
}) {
  const base = useId();
  const [own, setOwn] = useState(defaultValue ?? items[0]?.id ?? '');
  const selected = value ?? own;
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);

  const select = (id: string) => {
    if (value === undefined) setOwn(id);
    onValueChange?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % items.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + items.length) % items.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    select(item.id);
    tabRefs.current[next]?.focus();
  };

  const tabId = (id: string) => `${base}-tab-${id}`;
  const panelId = (id: string) => `${base}-panel-${id}`;

  return (
    <div className={className}>
      <div
        role="tablist"
        aria-label={label}
        className="flex flex-wrap gap-1 rounded-lg bg-gray-100 p-1 dark:bg-gray-800"
      >
        {items.map((item, index) => {
          const isSelected = item.id === selected;
          return (
            <button
              key={item.id}
              ref={(node) => {
                tabRefs.current[index] = node;
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              aria-selected={isSelected}
              aria-controls={panelId(item.id)}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => select(item.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                'shrink-0 rounded-md px-4 py-2 text-sm font-semibold whitespace-nowrap transition-colors',
                isSelected
                  ? 'bg-white text-brand-dark shadow-sm dark:bg-gray-900 dark:text-brand-light'
                  : 'text-gray-700 hover:text-gray-900 dark:text-gray-300 dark:hover:text-white',
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={panelId(item.id)}
          aria-labelledby={tabId(item.id)}
          tabIndex={0}
          hidden={item.id !== selected}
          className="mt-6"
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
