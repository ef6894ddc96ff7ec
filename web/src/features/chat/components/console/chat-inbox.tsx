// The agent console's inbox: filters and one button per chat, latest activity first.

import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { Spinner } from '@/components/ui/spinner';
import {
  useAgentChats,
  type InboxAssignedFilter,
  type InboxFilters,
  type InboxStatusFilter,
} from '@/features/chat/api/list-agent-chats';
import { useLabelsInUse } from '@/features/chat/api/agent-availability';
import { useTeams } from '@/features/chat/api/teams';
import { useStateCounts } from '@/features/chat/api/get-state-counts';
import type { StateCounts } from '@/api-types/StateCounts';
import { snoozeEndText } from '../../lib/chat-states';
import { useSetChatStates } from '@/features/chat/api/set-chat-states';
import type { StateBody } from '@/api-types/StateBody';
import { languageNames } from '@/lib/language-names';
import { formatRelativeTime } from '@/lib/console-format';
import { useSiteSettings } from '@/lib/site-settings';
import { InboxWaitingBadge, useInboxRowAlert } from './inbox-alert-badge';
import { inboxSortOptions, sortInbox, type InboxSort } from '../../lib/inbox-order';

// Open first: it is the default view (pending, snoozed and resolved chats
// only under their own state and All). "Unanswered": open, the visitor spoke last.
const statusOptions: Array<{ value: InboxStatusFilter; label: string }> = [
  { value: 'open', label: 'Open' },
  { value: 'pending', label: 'Pending' },
  { value: 'snoozed', label: 'Snoozed' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
  { value: 'unanswered', label: 'Unanswered' },
];

/** The status options with each state's count ("Open 3"); Unanswered has none. */
function withCounts(counts: StateCounts | undefined) {
  return statusOptions.map((option) => {
    const count = counts && option.value !== 'unanswered' ? counts[option.value] : undefined;
    return { ...option, count };
  });
}

const assignedOptions: Array<{ value: InboxAssignedFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'me', label: 'Mine' },
  { value: 'unassigned', label: 'Unassigned' },
];

function ToggleGroup<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: Array<{ value: T; label: string; count?: number }>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'rounded-full border px-2.5 py-0.5 text-xs font-semibold',
            value === option.value
              ? 'border-brand-dark bg-brand-dark text-white'
              : 'border-gray-300 text-gray-800 hover:bg-gray-100 dark:border-gray-600 dark:text-gray-100 dark:hover:bg-gray-700',
          )}
        >
          {option.label}
          {option.count !== undefined && (
            <>
              {' '}
              <span data-testid={`count-${option.value}`} className="font-normal tabular-nums">
                {option.count}
              </span>
            </>
          )}
        </button>
      ))}
    </div>
  );
}

function LabelFilter({ value, onChange }: { value: string; onChange: (label: string) => void }) {
  const labels = useLabelsInUse();
  const options = [...new Set([...(labels.data ?? []), ...(value ? [value] : [])])];
  return (
    <div className="flex items-center gap-1.5 text-xs">
      <label htmlFor="inbox-label" className="font-semibold">
        Label
      </label>
      <select
        id="inbox-label"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="rounded-md border border-gray-300 bg-white px-1.5 py-0.5 dark:border-gray-600 dark:bg-gray-900"
      >
        <option value="">Any label</option>
        {options.map((label) => (
          <option key={label} value={label}>
            {label}
          </option>
        ))}
      </select>
    </div>
  );
}

function TeamFilter({ value, onChange }: { value: string; onChange: (team: string) => void }) {
  const teams = useTeams();
  return (
    <div className="flex items-center gap-1.5 text-xs">
      <label htmlFor="inbox-team" className="font-semibold">
        Team
      </label>
      <select
        id="inbox-team"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="max-w-[10rem] rounded-md border border-gray-300 bg-white px-1.5 py-0.5 dark:border-gray-600 dark:bg-gray-900"
      >
        <option value="">Any team</option>
        <option value="mine">My teams</option>
        <option value="none">No team</option>
        {(teams.data ?? []).map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Up and Down move between the chat buttons. */
export function ChatInbox({
  filters,
  onFiltersChange,
  sort,
  onSortChange,
  selectedId,
  onSelect,
  now,
}: {
  filters: InboxFilters;
  onFiltersChange: (filters: InboxFilters) => void;
  sort: InboxSort;
  onSortChange: (sort: InboxSort) => void;
  selectedId: string | null;
  onSelect: (sessionId: string) => void;
  now: number;
}) {
  const chats = useAgentChats(filters);
  const counts = useStateCounts(filters);
  const alarmMinutes = useSiteSettings().firstReplyAlertMinutes;
  const rows = useMemo(() => (chats.data ? sortInbox(chats.data, sort, now, alarmMinutes) : []), [chats.data, sort, now, alarmMinutes]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const bulk = useSetChatStates();
  // Only rows still listed stay selected.
  const listed = new Set(rows.map((chat) => chat.sessionId));
  const chosen = [...selected].filter((id) => listed.has(id));
  const toggleSelected = (sessionId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(sessionId)) next.add(sessionId);
      return next;
    });
  const applyToSelected = (change: StateBody) =>
    bulk.mutate({ chatIds: chosen, change }, { onSuccess: () => setSelected(new Set()) });
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 58,
    overscan: 8,
    getItemKey: (index) => rows[index]?.sessionId ?? index,
  });

  // The selected row stays in view when it moves (assigned, a new message, another order).
  const selectedIndex = rows.findIndex((chat) => chat.sessionId === selectedId);
  const shownIndex = useRef(-1);
  useEffect(() => {
    if (selectedIndex === -1 || selectedIndex === shownIndex.current) return;
    shownIndex.current = selectedIndex;
    virtualizer.scrollToIndex(selectedIndex, { align: 'auto' });
  }, [selectedIndex, virtualizer]);

  // Arrow keys move between rows, scrolling the next one into the page first.
  const moveFocus = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const row = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('li[data-index]');
    if (!row || !event.currentTarget.contains(row)) return;
    event.preventDefault();
    const index = Number(row.dataset.index);
    const next = event.key === 'ArrowDown' ? Math.min(index + 1, rows.length - 1) : Math.max(index - 1, 0);
    virtualizer.scrollToIndex(next);
    const focusNext = () =>
      scroller.current?.querySelector<HTMLButtonElement>(`li[data-index="${next}"] button[data-chat-row]`)?.focus();
    focusNext();
    requestAnimationFrame(focusNext);
  };

  return (
    <section aria-labelledby="chat-inbox-heading" className="flex min-h-0 flex-1 flex-col bg-white dark:bg-gray-900">
      <div className="shrink-0 space-y-2 border-b border-gray-200 px-3 py-2 dark:border-gray-800">
        <div className="flex items-baseline justify-between gap-2">
          <h2 id="chat-inbox-heading" className="text-sm font-semibold">
            Inbox
          </h2>
          {chats.data && (
            <span className="text-xs text-gray-600 dark:text-gray-400">
              {rows.length} {rows.length === 1 ? 'chat' : 'chats'}
            </span>
          )}
        </div>
        <ToggleGroup
          label="Status"
          options={withCounts(counts.data)}
          value={filters.status}
          onChange={(status) => onFiltersChange({ ...filters, status })}
        />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <ToggleGroup
            label="Assignment"
            options={assignedOptions}
            value={filters.assigned}
            onChange={(assigned) => onFiltersChange({ ...filters, assigned })}
          />
          <LabelFilter value={filters.label ?? ''} onChange={(label) => onFiltersChange({ ...filters, label: label || undefined })} />
          <TeamFilter value={filters.team ?? ''} onChange={(team) => onFiltersChange({ ...filters, team: team || undefined })} />
          <div className="flex items-center gap-1.5 text-xs">
            <label htmlFor="inbox-sort" className="font-semibold">
              Sort
            </label>
            <select
              id="inbox-sort"
              value={sort}
              onChange={(event) => onSortChange(event.target.value as InboxSort)}
              className="rounded-md border border-gray-300 bg-white px-1.5 py-0.5 dark:border-gray-600 dark:bg-gray-900"
            >
              {inboxSortOptions.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      {chosen.length > 0 && (
        <div
          role="group"
          aria-label="Selected chats"
          className="flex shrink-0 flex-wrap items-center gap-1.5 border-b border-gray-200 bg-gray-50 px-3 py-1.5 text-xs dark:border-gray-800 dark:bg-gray-800"
        >
          <span className="font-semibold">{chosen.length} selected</span>
          {(
            [
              ['Mark pending', { state: 'pending' }],
              ['Snooze 1 hour', { state: 'snoozed', snoozePreset: 'in_one_hour' }],
              ['Snooze until tomorrow', { state: 'snoozed', snoozePreset: 'tomorrow_opening' }],
              ['Mark open', { state: 'open' }],
              ['Resolve', { state: 'resolved' }],
            ] as Array<[string, StateBody]>
          ).map(([label, change]) => (
            <button
              key={label}
              type="button"
              disabled={bulk.isPending}
              onClick={() => applyToSelected(change)}
              className="rounded border border-gray-300 bg-white px-2 py-0.5 font-semibold hover:bg-gray-100 disabled:opacity-60 dark:border-gray-600 dark:bg-gray-900 dark:hover:bg-gray-700"
            >
              {label}
            </button>
          ))}
          <button type="button" onClick={() => setSelected(new Set())} className="ml-auto underline">
            Clear
          </button>
        </div>
      )}
      {/* The pane bounds this box's height, so the virtualiser renders only the rows in view. */}
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto">
        {chats.isPending && (
          <div role="status" className="flex items-center justify-center gap-2 p-6 text-sm">
            <Spinner className="h-4 w-4 text-brand" />
            <span>Loading chats...</span>
          </div>
        )}
        {chats.isError && (
          <div className="p-4 text-sm">
            <p role="alert" className="text-red-700 dark:text-red-300">
              {chats.error.message}
            </p>
            <Button variant="secondary" className="mt-2" onClick={() => void chats.refetch()}>
              Try again
            </Button>
          </div>
        )}
        {chats.isSuccess && rows.length === 0 && (
          <p className="p-6 text-center text-sm text-gray-700 dark:text-gray-300">No chats match these filters.</p>
        )}
        {rows.length > 0 && (
          // Virtualised: only the rows in view (and a few around) are in the
          // page, so 500 open chats cost what a screenful does.
          <ul
            aria-label="Chats"
            onKeyDown={moveFocus}
            className="relative divide-y divide-gray-100 dark:divide-gray-800"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const chat = rows[item.index]!;
              return (
                <li
                  key={chat.sessionId}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="absolute left-0 top-0 w-full"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <div className="flex items-stretch">
                    <span className="flex shrink-0 items-center pl-2">
                      <input
                        type="checkbox"
                        aria-label={`Select the chat with ${chat.visitorName}`}
                        checked={selected.has(chat.sessionId)}
                        onChange={() => toggleSelected(chat.sessionId)}
                        className="h-4 w-4 cursor-pointer"
                      />
                    </span>
                    <div className="min-w-0 flex-1">
                      <InboxRow chat={chat} selected={chat.sessionId === selectedId} onSelect={onSelect} now={now} />
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

function InboxRow({
  chat,
  selected,
  onSelect,
  now,
}: {
  chat: ChatSummary;
  selected: boolean;
  onSelect: (sessionId: string) => void;
  now: number;
}) {
  const alert = useInboxRowAlert(chat, now);
  // Two lines (about 60 px): who, what is pending and when; then the last line and who has it.
  return (
    <button
      type="button"
      data-chat-row
      data-session-id={chat.sessionId}
      data-alert={alert.highlighted ? 'highlighted' : undefined}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(chat.sessionId)}
      className={cn(
        'block w-full border-l-2 px-3 py-1.5 text-left text-sm hover:bg-gray-50 dark:hover:bg-gray-800',
        selected ? 'border-brand-dark bg-pink-50 dark:border-brand-light dark:bg-gray-800' : cn('border-transparent', alert.className),
      )}
    >
      <span className="flex items-center gap-1.5">
        <span className={cn('min-w-0 truncate', chat.unreadCount > 0 ? 'font-bold' : 'font-semibold')}>
          <bdi>{chat.visitorName}</bdi>
        </span>
        {chat.language !== 'en' && (
          <span
            title={languageNames[chat.language]}
            className="shrink-0 rounded border border-gray-300 px-1 text-[11px] font-semibold uppercase leading-4 text-gray-700 dark:border-gray-600 dark:text-gray-200"
          >
            <span aria-hidden="true">{chat.language}</span>
            <span className="sr-only"> {languageNames[chat.language]}</span>
          </span>
        )}
        {chat.unreadCount > 0 && (
          <span data-testid="unread-badge" className="shrink-0 rounded-full bg-brand-dark px-1.5 text-xs font-bold leading-5 text-white">
            {chat.unreadCount}
            <span className="sr-only"> unread</span>
          </span>
        )}
        <InboxWaitingBadge chat={chat} now={now} alert={alert} />
        {chat.status === 'resolved' && (
          <span className="shrink-0 rounded bg-gray-200 px-1.5 text-xs leading-5 text-gray-800 dark:bg-gray-700 dark:text-gray-100">Resolved</span>
        )}
        {chat.state === 'pending' && (
          <span className="shrink-0 rounded bg-sky-100 px-1.5 text-xs leading-5 text-sky-900 dark:bg-sky-900 dark:text-sky-100">Pending</span>
        )}
        <time dateTime={chat.lastMessageAt} className="ml-auto shrink-0 pl-1 text-xs text-gray-600 dark:text-gray-300">
          {formatRelativeTime(chat.lastMessageAt, now)}
        </time>
      </span>
      <span className="flex items-center gap-1.5 text-xs leading-5">
        {chat.state === 'snoozed' && chat.snoozedUntil !== null ? (
          <span data-testid="snoozed-until" className="min-w-0 flex-1 truncate text-sm font-medium text-violet-800 dark:text-violet-200">
            Snoozed until {snoozeEndText(chat.snoozedUntil, now)}
          </span>
        ) : (
          <span className="min-w-0 flex-1 truncate text-sm text-gray-700 dark:text-gray-300">
            {chat.lastMessagePreview === null ? 'No messages yet' : <bdi>{chat.lastMessagePreview}</bdi>}
          </span>
        )}
        {chat.teamName !== null && (
          <span
            data-testid="inbox-team"
            className="max-w-[25%] shrink-0 truncate rounded border border-sky-300 px-1 text-sky-900 dark:border-sky-700 dark:text-sky-100"
          >
            <span className="sr-only">Team </span>
            <bdi>{chat.teamName}</bdi>
          </span>
        )}
        {chat.labels.length > 0 && (
          <span className="max-w-[35%] shrink-0 truncate rounded bg-gray-100 px-1.5 text-gray-800 dark:bg-gray-700 dark:text-gray-100">
            {chat.labels.join(', ')}
          </span>
        )}
        {chat.queuePosition !== null ? (
          <span className="shrink-0 rounded bg-amber-100 px-1.5 font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
            Queue #{chat.queuePosition}
          </span>
        ) : (
          <span className="max-w-[30%] shrink-0 truncate text-gray-600 dark:text-gray-300">
            {chat.assignedAgentName === null ? 'Unassigned' : <bdi>{chat.assignedAgentName}</bdi>}
          </span>
        )}
      </span>
    </button>
  );
}
