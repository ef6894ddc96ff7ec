import { describe, expect, it } from 'vitest';
import type { ChatSummary } from '@/api-types/ChatSummary';
import type { Team } from '@/api-types/Team';
import { describeRule, matchesTeamFilter, moveId, teamsOf } from './team-routing';

describe('moveId', () => {
  it('moves a rule one place up or down and leaves the ends alone', () => {
    expect(moveId(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveId(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveId(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(moveId([], 0, 1)).toEqual([]);
  });
});

describe('the Team filter', () => {
  const teams: Team[] = [
    { id: 'sales', name: 'Sales', description: null, fallbackToEveryone: true, members: [{ id: 'me', name: 'Me', available: true }], queued: 0 },
    { id: 'tech', name: 'Tech', description: null, fallbackToEveryone: false, members: [{ id: 'you', name: 'You', available: false }], queued: 1 },
  ];
  const chat = (teamId: string | null) => ({ teamId }) as ChatSummary;

  it('knows my teams', () => {
    expect(teamsOf(teams, 'me')).toEqual(['sales']);
    expect(teamsOf(teams, undefined)).toEqual([]);
    expect(teamsOf(undefined, 'me')).toEqual([]);
  });

  it('matches as the server filters: any, mine, none or one team', () => {
    const mine = teamsOf(teams, 'me');
    expect(matchesTeamFilter(chat('tech'), undefined, mine)).toBe(true);
    expect(matchesTeamFilter(chat('sales'), 'mine', mine)).toBe(true);
    expect(matchesTeamFilter(chat('tech'), 'mine', mine)).toBe(false);
    expect(matchesTeamFilter(chat(null), 'mine', mine)).toBe(false);
    expect(matchesTeamFilter(chat(null), 'none', mine)).toBe(true);
    expect(matchesTeamFilter(chat('sales'), 'none', mine)).toBe(false);
    expect(matchesTeamFilter(chat('tech'), 'tech', mine)).toBe(true);
    expect(matchesTeamFilter(chat('sales'), 'tech', mine)).toBe(false);
  });
});

describe('describeRule', () => {
  it('says a rule in words', () => {
    expect(describeRule({ kind: 'page', value: '/pricing', teamName: 'Sales' })).toBe('Page starts with /pricing → Sales');
    expect(describeRule({ kind: 'language', value: 'fr', teamName: 'Francophone' })).toBe('Language is fr → Francophone');
  });
});
