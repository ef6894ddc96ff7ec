// The agent's availability in the console header: online takes new chats,
// busy keeps its own, away takes none.

import type { AgentStatus } from '@/api-types/AgentStatus';
import { agentStatusLabels, useAgentStatus, useSetAgentStatus } from '@/features/chat/api/agent-availability';

const statuses: AgentStatus[] = ['online', 'busy', 'away'];

const hints: Record<AgentStatus, string> = {
  online: 'New chats are assigned to you.',
  busy: 'You keep your chats; no new ones are assigned.',
  away: 'No new chats; your open chats return to the queue if you stay away.',
};

export function AgentStatusSelect() {
  const status = useAgentStatus();
  const setStatus = useSetAgentStatus();
  const current = setStatus.isPending ? setStatus.variables : status.data?.status;

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor="agent-status" className="font-medium">
        Your status
      </label>
      <select
        id="agent-status"
        className="rounded-md border border-gray-300 bg-white px-2 py-1 dark:border-gray-600 dark:bg-gray-900"
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
      <span id="agent-status-hint" className="text-gray-700 dark:text-gray-300">
        {status.isError ? 'Could not load your status.' : current ? hints[current] : ''}
      </span>
    </div>
  );
}
