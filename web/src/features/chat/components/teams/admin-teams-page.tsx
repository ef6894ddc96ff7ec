// /admin/teams (admins only): teams of agents, their members and whether
// they fall back to everyone, and the routing rules in order (move up /
// move down buttons, so the keyboard reorders them too).

import { useEffect, useState, type FormEvent } from 'react';
import type { RoutingKind } from '@/api-types/RoutingKind';
import type { RoutingRule } from '@/api-types/RoutingRule';
import type { Team } from '@/api-types/Team';
import { AdminSectionPage } from '@/components/admin/admin-section-page';
import { CheckboxField, InputField, inputClass } from '@/components/admin/form-fields';
import { EmptyList, LoadFailed } from '@/components/admin/list-states';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { LoadingMessage } from '@/components/ui/spinner';
import { useAgentTeam } from '@/features/chat/api/agent-availability';
import {
  useCreateRule,
  useCreateTeam,
  useDeleteRule,
  useDeleteTeam,
  useReorderRules,
  useRoutingRules,
  useSetTeamMembers,
  useTeams,
  useUpdateTeam,
} from '@/features/chat/api/teams';
import { describeRule, moveId, routingKindLabels } from '../../lib/team-routing';

export default function AdminTeamsPage() {
  return (
    <AdminSectionPage path="/admin/teams">
      <div className="space-y-10">
        <TeamsSection />
        <RulesSection />
      </div>
    </AdminSectionPage>
  );
}

function TeamsSection() {
  const teams = useTeams();
  return (
    <section aria-labelledby="teams-heading" className="space-y-4">
      <h2 id="teams-heading" className="text-2xl font-semibold">
        Teams
      </h2>
      <CreateTeamForm />
      {teams.isPending && <LoadingMessage>Loading the teams...</LoadingMessage>}
      {teams.isError && (
        <LoadFailed title="Could not load the teams" message={teams.error.message} onRetry={() => void teams.refetch()} retrying={teams.isFetching} />
      )}
      {teams.data && teams.data.length === 0 && <EmptyList>No teams yet: every chat goes to everyone.</EmptyList>}
      {teams.data && teams.data.length > 0 && (
        <ul className="space-y-4">
          {teams.data.map((team) => (
            <li key={team.id}>
              <TeamCard team={team} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CreateTeamForm() {
  const create = useCreateTeam();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [fallback, setFallback] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem('Give the team a name.');
      return;
    }
    setProblem(null);
    create.mutate(
      { name, description: description || undefined, fallbackToEveryone: fallback },
      {
        onSuccess: () => {
          setName('');
          setDescription('');
          setFallback(true);
        },
        onError: (error) => setProblem(error.message),
      },
    );
  };
  return (
    <form onSubmit={submit} aria-label="New team" className="grid gap-3 rounded-lg border border-gray-200 p-4 dark:border-gray-700 sm:grid-cols-2">
      <InputField label="Team name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} error={problem ?? undefined} />
      <InputField label="Description (optional)" value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
      <CheckboxField
        className="sm:col-span-2"
        label="Fall back to everyone"
        hint="When no member is online with the console open, the team's chats go to any available agent instead of waiting."
        checked={fallback}
        onChange={(e) => setFallback(e.target.checked)}
      />
      <div className="sm:col-span-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating…' : 'Create team'}
        </Button>
      </div>
    </form>
  );
}

function TeamCard({ team }: { team: Team }) {
  const update = useUpdateTeam();
  const remove = useDeleteTeam();
  const [name, setName] = useState(team.name);
  const [description, setDescription] = useState(team.description ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    setName(team.name);
    setDescription(team.description ?? '');
  }, [team.name, team.description]);
  const save = (fallbackToEveryone: boolean) =>
    update.mutate(
      { id: team.id, body: { name, description: description || undefined, fallbackToEveryone } },
      { onSuccess: () => setProblem(null), onError: (error) => setProblem(error.message) },
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(team.fallbackToEveryone);
  };
  const available = team.members.filter((m) => m.available).length;
  return (
    <article aria-labelledby={`team-${team.id}`} className="space-y-3 rounded-lg border border-gray-200 p-4 dark:border-gray-700">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`team-${team.id}`} className="text-lg font-semibold">
          <bdi>{team.name}</bdi>
        </h3>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {team.members.length} {team.members.length === 1 ? 'member' : 'members'}, {available} available
          {team.queued > 0 ? `, ${team.queued} waiting` : ''}
        </p>
      </div>
      <form onSubmit={submit} aria-label={`Rename ${team.name}`} className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <InputField label="Name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        <InputField label="Description" value={description} maxLength={500} onChange={(e) => setDescription(e.target.value)} />
        <Button type="submit" variant="secondary" disabled={update.isPending}>
          Save
        </Button>
      </form>
      <CheckboxField
        label="Fall back to everyone when no member is available"
        checked={team.fallbackToEveryone}
        disabled={update.isPending}
        onChange={(e) => save(e.target.checked)}
      />
      <MembersEditor team={team} />
      {problem && <Alert title="Not saved">{problem}</Alert>}
      <Button
        variant="secondary"
        disabled={remove.isPending}
        onClick={() => {
          if (window.confirm(`Delete the team ${team.name}? Its routing rules are deleted too, and its chats go to everyone.`)) {
            remove.mutate(team.id, { onError: (error) => setProblem(error.message) });
          }
        }}
      >
        Delete team
      </Button>
    </article>
  );
}

function MembersEditor({ team }: { team: Team }) {
  const agents = useAgentTeam();
  const setMembers = useSetTeamMembers();
  const current = team.members.map((m) => m.id);
  const [chosen, setChosen] = useState<string[]>(current);
  const [problem, setProblem] = useState<string | null>(null);
  const currentKey = current.join(',');
  useEffect(() => setChosen(currentKey ? currentKey.split(',') : []), [currentKey]);
  // Members an admin cannot see in the agents' list (a pending invitation) stay listed.
  const everyone = [
    ...(agents.data ?? []).map((a) => ({ id: a.id, name: a.name })),
    ...team.members.filter((m) => !(agents.data ?? []).some((a) => a.id === m.id)),
  ];
  const changed = [...chosen].sort().join(',') !== [...current].sort().join(',');
  return (
    <fieldset className="rounded-md border border-gray-200 p-3 dark:border-gray-700">
      <legend className="px-1 text-sm font-semibold">Members of {team.name}</legend>
      {agents.isPending && <LoadingMessage>Loading the agents...</LoadingMessage>}
      {agents.isError && <p role="alert">Could not load the agents: {agents.error.message}</p>}
      {agents.data && everyone.length === 0 && <p className="text-sm">No agents yet: invite them on the Agents page.</p>}
      <div className="mt-1 grid gap-1 sm:grid-cols-3">
        {everyone.map((agent) => (
          <CheckboxField
            key={agent.id}
            label={agent.name}
            checked={chosen.includes(agent.id)}
            onChange={(e) => setChosen((ids) => (e.target.checked ? [...ids, agent.id] : ids.filter((id) => id !== agent.id)))}
          />
        ))}
      </div>
      <div className="mt-2 flex items-center gap-3">
        <Button
          variant="secondary"
          className="disabled:opacity-50"
          disabled={!changed || setMembers.isPending}
          onClick={() =>
            setMembers.mutate(
              { id: team.id, agentIds: chosen },
              { onSuccess: () => setProblem(null), onError: (error) => setProblem(error.message) },
            )
          }
        >
          {setMembers.isPending ? 'Saving…' : 'Save members'}
        </Button>
        {problem && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
      </div>
    </fieldset>
  );
}

const kinds: RoutingKind[] = ['page', 'label', 'language'];
const valueHints: Record<RoutingKind, string> = {
  page: 'A path of the site, like /pricing: its pages below it too, in every language.',
  label: 'A label agents put on chats, like billing.',
  language: 'en, fr or sw.',
};

function RulesSection() {
  const rules = useRoutingRules();
  const teams = useTeams();
  const reorder = useReorderRules();
  const remove = useDeleteRule();
  const [problem, setProblem] = useState<string | null>(null);
  const [focusAfter, setFocusAfter] = useState<string | null>(null);
  useEffect(() => {
    if (!focusAfter || reorder.isPending) return;
    document.getElementById(focusAfter)?.focus();
    setFocusAfter(null);
  }, [focusAfter, reorder.isPending, rules.data]);

  const move = (list: RoutingRule[], index: number, delta: -1 | 1) => {
    const ids = moveId(
      list.map((r) => r.id),
      index,
      delta,
    );
    const rule = list[index]!;
    const target = index + delta;
    // Keep the focus on the moved rule's button (the other one at an end).
    const edge = target === 0 || target === list.length - 1;
    setFocusAfter(`rule-${rule.id}-${edge ? (delta === -1 ? 'down' : 'up') : delta === -1 ? 'up' : 'down'}`);
    reorder.mutate(ids, { onSuccess: () => setProblem(null), onError: (error) => setProblem(error.message) });
  };

  return (
    <section aria-labelledby="rules-heading" className="space-y-4">
      <h2 id="rules-heading" className="text-2xl font-semibold">
        Routing rules
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        A new chat goes to the team of the first rule it matches; a chat no rule matches goes to everyone. When a label is added to a
        chat still waiting in the queue, the rules run again and it moves to the team they name. Within a team, each chat goes to the
        available member with the fewest open chats.
      </p>
      {teams.data && teams.data.length > 0 && <AddRuleForm teams={teams.data} />}
      {teams.data && teams.data.length === 0 && <p className="text-sm">Create a team first.</p>}
      {problem && <Alert title="Not saved">{problem}</Alert>}
      {rules.isPending && <LoadingMessage>Loading the rules...</LoadingMessage>}
      {rules.isError && (
        <LoadFailed title="Could not load the rules" message={rules.error.message} onRetry={() => void rules.refetch()} retrying={rules.isFetching} />
      )}
      {rules.data && rules.data.length === 0 && <EmptyList>No routing rules.</EmptyList>}
      {rules.data && rules.data.length > 0 && (
        <ol aria-label="Routing rules, first tried first" className="divide-y divide-gray-200 rounded-lg border border-gray-200 dark:divide-gray-700 dark:border-gray-700">
          {rules.data.map((rule, index, list) => (
            <li key={rule.id} className="flex flex-wrap items-center gap-2 p-3 text-sm">
              <span className="w-6 font-semibold tabular-nums">{index + 1}.</span>
              <span className="min-w-0 flex-1">
                <bdi>{describeRule(rule)}</bdi>
              </span>
              <Button
                id={`rule-${rule.id}-up`}
                variant="secondary"
                className="disabled:opacity-50"
                aria-label={`Move up: ${describeRule(rule)}`}
                disabled={index === 0 || reorder.isPending}
                onClick={() => move(list, index, -1)}
              >
                Move up
              </Button>
              <Button
                id={`rule-${rule.id}-down`}
                variant="secondary"
                className="disabled:opacity-50"
                aria-label={`Move down: ${describeRule(rule)}`}
                disabled={index === list.length - 1 || reorder.isPending}
                onClick={() => move(list, index, 1)}
              >
                Move down
              </Button>
              <Button
                variant="secondary"
                aria-label={`Delete: ${describeRule(rule)}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate(rule.id, { onError: (error) => setProblem(error.message) })}
              >
                Delete
              </Button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function AddRuleForm({ teams }: { teams: Team[] }) {
  const create = useCreateRule();
  const [kind, setKind] = useState<RoutingKind>('page');
  const [value, setValue] = useState('');
  const [teamId, setTeamId] = useState(teams[0]?.id ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const chosenTeam = teams.some((t) => t.id === teamId) ? teamId : (teams[0]?.id ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setProblem('Say which page, label or language the rule matches.');
      return;
    }
    setProblem(null);
    create.mutate(
      { kind, value, teamId: chosenTeam },
      { onSuccess: () => setValue(''), onError: (error) => setProblem(error.message) },
    );
  };
  return (
    <form onSubmit={submit} aria-label="New routing rule" className="grid gap-3 rounded-lg border border-gray-200 p-4 dark:border-gray-700 sm:grid-cols-[auto_1fr_auto_auto] sm:items-start">
      <div>
        <label htmlFor="rule-kind" className="mb-1 block text-sm font-medium">
          Match
        </label>
        <select id="rule-kind" value={kind} onChange={(e) => setKind(e.target.value as RoutingKind)} className={inputClass(false)}>
          {kinds.map((k) => (
            <option key={k} value={k}>
              {routingKindLabels[k]}
            </option>
          ))}
        </select>
      </div>
      <InputField
        label="Value"
        value={value}
        maxLength={200}
        onChange={(e) => setValue(e.target.value)}
        hint={valueHints[kind]}
        error={problem ?? undefined}
      />
      <div>
        <label htmlFor="rule-team" className="mb-1 block text-sm font-medium">
          Team
        </label>
        <select id="rule-team" value={chosenTeam} onChange={(e) => setTeamId(e.target.value)} className={inputClass(false)}>
          {teams.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" className="sm:mt-6" disabled={create.isPending}>
        {create.isPending ? 'Adding…' : 'Add rule'}
      </Button>
    </form>
  );
}
