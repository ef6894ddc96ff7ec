// Hands the open chat to another agent or to a team (assigned within it, or
// queued in it), with an optional private note.

import { type FormEvent, useState } from 'react';
import type { ChatSummary } from '@/api-types/ChatSummary';
import { agentStatusLabels, useAgentTeam, useTransferAgentChat } from '@/features/chat/api/agent-availability';
import { useTeams } from '@/features/chat/api/teams';

/** A choice of the select: `agent:<id>` or `team:<id>`. */
function parseTarget(value: string): { agentId: string } | { teamId: string } | null {
  if (value.startsWith('agent:')) return { agentId: value.slice(6) };
  if (value.startsWith('team:')) return { teamId: value.slice(5) };
  return null;
}

export function ChatTransferForm({ chat }: { chat: ChatSummary }) {
  const team = useAgentTeam();
  const teams = useTeams();
  const transfer = useTransferAgentChat(chat.sessionId);
  const [agentId, setAgentId] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Only someone there to answer is offered: online or busy with the admin open (the server refuses the rest).
  const others = (team.data ?? []).filter((member) => member.acceptsTransfers && member.id !== chat.assignedAgentId);
  const id = `transfer-${chat.sessionId}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = parseTarget(agentId);
    if (!target) {
      setProblem('Choose an agent or a team to transfer the chat to.');
      return;
    }
    setProblem(null);
    transfer.mutate(
      { ...target, note: note.trim() ? note : undefined },
      {
        onSuccess: () => {
          setAgentId('');
          setNote('');
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-2 text-sm" aria-label="Transfer the chat">
      <div>
        <label htmlFor={`${id}-agent`} className="block text-xs font-semibold uppercase tracking-wide text-gray-600 dark:text-gray-400">
          Transfer to
        </label>
        <select
          id={`${id}-agent`}
          value={agentId}
          onChange={(event) => setAgentId(event.target.value)}
          disabled={team.isPending}
          className="mt-1 h-8 w-full rounded-md border border-gray-300 bg-white px-2 dark:border-gray-600 dark:bg-gray-950"
        >
          <option value="">
            {team.isPending
              ? 'Loading team…'
              : team.isError
                ? 'Team unavailable'
                : others.length === 0 && (teams.data ?? []).length === 0
                  ? 'No one else can take chats now'
                  : 'Choose an agent or a team'}
          </option>
          {others.length > 0 && (
            <optgroup label="Agents">
              {others.map((member) => (
                <option key={member.id} value={`agent:${member.id}`}>
                  {member.name} ({agentStatusLabels[member.status]}, {member.openChats}/{member.capacity})
                </option>
              ))}
            </optgroup>
          )}
          {(teams.data ?? []).length > 0 && (
            <optgroup label="Teams">
              {(teams.data ?? []).map((t) => (
                <option key={t.id} value={`team:${t.id}`}>
                  {t.name} ({t.members.filter((m) => m.available).length} available
                  {t.queued > 0 ? `, ${t.queued} waiting` : ''})
                </option>
              ))}
            </optgroup>
          )}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-note`} className="block text-xs font-medium text-gray-600 dark:text-gray-400">
          Note for them (optional, private)
        </label>
        <input
          id={`${id}-note`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          className="mt-1 h-8 w-full rounded-md border border-gray-300 bg-white px-2 dark:border-gray-600 dark:bg-gray-950"
        />
      </div>
      <button type="submit" disabled={transfer.isPending} className="self-start inline-flex h-8 shrink-0 items-center rounded-md border border-gray-300 bg-white px-3 text-sm font-semibold text-gray-900 hover:bg-gray-50 disabled:cursor-not-allowed disabled:opacity-60 dark:border-gray-600 dark:bg-gray-800 dark:text-gray-100 dark:hover:bg-gray-700">
        {transfer.isPending ? 'Transferring…' : 'Transfer'}
      </button>
      {problem && (
        <p role="alert" className="text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </form>
  );
}
