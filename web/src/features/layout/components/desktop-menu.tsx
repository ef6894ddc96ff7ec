import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { cn } from '@/lib/cn';
import type { NavLink } from '../lib/nav-links';

interface Props {
  label: string;
  links: NavLink[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A disclosure menu: the button carries aria-expanded, arrows move between the
 * links, Escape closes and returns focus to the button, leaving the menu closes it.
 */
export function DesktopMenu({ label, links, open, onOpenChange }: Props) {
  const id = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) onOpenChange(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onOpenChange]);

  const items = () => Array.from(container.current?.querySelectorAll<HTMLAnchorElement>('ul a') ?? []);

  const focusItem = (index: number) => {
    const all = items();
    if (all.length === 0) return;
    all[(index + all.length) % all.length]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      onOpenChange(false);
      button.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const all = items();
    const current = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (!open) {
      onOpenChange(true);
      requestAnimationFrame(() => focusItem(event.key === 'ArrowDown' ? 0 : -1));
      return;
    }
    if (current === -1) focusItem(event.key === 'ArrowDown' ? 0 : -1);
    else focusItem(current + (event.key === 'ArrowDown' ? 1 : -1));
  };

  return (
    <div
      ref={container}
      className="relative"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !container.current?.contains(event.relatedTarget as Node | null)) onOpenChange(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => onOpenChange(!open)}
        className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-100 dark:text-gray-100 dark:hover:bg-gray-800"
      >
        {label}
        <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden="true" />
      </button>
      <ul
        id={id}
        hidden={!open}
        aria-label={label}
        className="absolute left-0 z-40 mt-2 w-72 rounded-md border border-gray-200 bg-white p-2 shadow-lg dark:border-gray-700 dark:bg-gray-800"
      >
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              onClick={() => onOpenChange(false)}
              className="block rounded-md px-3 py-2 hover:bg-gray-100 dark:hover:bg-gray-700"
            >
              <span className="block text-sm font-medium text-gray-900 dark:text-white">{link.label}</span>
              {link.description && (
                <span className="block text-xs text-gray-600 dark:text-gray-300">{link.description}</span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
