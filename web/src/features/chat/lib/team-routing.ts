// Small rules of the team settings and the inbox's Team filter, without React.

import type { ChatSummary } from '@/api-types/ChatSummary';
import type { RoutingKind } from '@/api-types/RoutingKind';
import type { Team } from '@/api-types/Team';

/** The teams' query key (GET /api/agent/teams). */
export const teamsKey = ['admin', 'teams'] as const;

/** `ids` with the one at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moveId(ids: readonly string[], index: number, delta: -1 | 1): string[] {
  const target = index + delta;
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return [...ids];
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export const routingKindLabels: Record<RoutingKind, string> = {
  page: 'Page starts with',
  label: 'Label is',
  language: 'Language is',
};

/** What a rule says, in words: "Page starts with /pricing → Sales". */
export function describeRule(rule: { kind: RoutingKind; value: string; teamName: string }): string {
  return `${routingKindLabels[rule.kind]} ${rule.value} → ${rule.teamName}`;
}

/** The ids of the teams agent `me` is in. */
export function teamsOf(teams: readonly Team[] | undefined, me: string | undefined): string[] {
  if (!teams || me === undefined) return [];
  return teams.filter((team) => team.members.some((member) => member.id === me)).map((team) => team.id);
}

/**
 * Whether `chat` passes the inbox's Team filter as the server applies it:
 * no filter, `mine` (a team of `myTeams`), `none` (no team) or a team's id.
 */
export function matchesTeamFilter(chat: ChatSummary, team: string | undefined, myTeams: readonly string[]): boolean {
  if (!team) return true;
  if (team === 'none') return chat.teamId === null;
  if (team === 'mine') return chat.teamId !== null && myTeams.includes(chat.teamId);
  return chat.teamId === team;
}
