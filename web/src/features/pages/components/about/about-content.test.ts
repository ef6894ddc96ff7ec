import { describe, expect, it } from 'vitest';
import { missionPillars, ourStory, ourValues } from './about-content';

describe('About content (spec §2)', () => {
  it('has the four mission pillars and three values in order', () => {
    expect(missionPillars().map((p) => p.title)).toEqual(['Infrastructure', 'Security', 'Performance', 'Local Expertise']);
    expect(ourValues().map((v) => v.title)).toEqual(['Innovation', 'Reliability', 'Partnership']);
  });

  it('tells a story consistent with the site-wide claims', () => {
    expect(ourStory().length).toBeGreaterThanOrEqual(2);
    expect(ourStory().join(' ')).toContain('500 businesses');
  });
});
