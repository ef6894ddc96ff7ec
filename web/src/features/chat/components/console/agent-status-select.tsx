// The agent's availability in the console header: online takes new chats,
// busy keeps its own and accepts transfers, away takes none.

import type { AgentStatus } from '@/api-types/AgentStatus';
import { agentStatusLabels, useAgentStatus, useSetAgentStatus } from '@/features/chat/api/agent-availability';

const statuses: AgentStatus[] = ['online', 'busy', 'away'];

const hints: Record<AgentStatus, string> = {
  online: 'New chats are assigned to you.',
  busy: 'You keep your chats; no new ones are assigned, but colleagues may transfer one to you.',
  away: 'No new chats or transfers; your open chats return to the queue if you stay away.',
};

export function AgentStatusSelect() {
  const status = useAgentStatus();
  const setStatus = useSetAgentStatus();
  const current = setStatus.isPending ? setStatus.variables : status.data?.status;

  return (
    <div className="flex shrink-0 items-center gap-2 text-sm">
      <label htmlFor="agent-status" className="sr-only font-medium xl:not-sr-only">
        Your status
      </label>
      <select
        id="agent-status"
        title={current ? hints[current] : undefined}
        className="h-8 rounded-md border border-gray-300 bg-white px-2 dark:border-gray-600 dark:bg-gray-950"
        value={current ?? ''}
        disabled={status.isPending || setStatus.isPending}
        aria-describedby="agent-status-hint"
        onChange={(event) => setStatus.mutate(event.target.value as AgentStatus)}
      >
        {current === undefined && <option value="">Loading…</option>}
        {statuses.map((value) => (
          <option key={value} value={value}>
            {agentStatusLabels[value]}
          </option>
        ))}
      </select>
      {/* Said to screen readers with the select, and shown on hover (title): the bar has no room for it. */}
      <span id="agent-status-hint" className={status.isError ? 'text-xs text-red-700 dark:text-red-300' : 'sr-only'}>
        {status.isError ? 'Could not load your status.' : current ? hints[current] : ''}
      </span>
    </div>
  );
}
