import { describe, expect, it } from 'vitest';
import { iaasFeatures, iaasStats } from './iaas-content';

describe('Infrastructure services content (spec §2, §9)', () => {
  it('has the four features of the spec', () => {
    expect(iaasFeatures.map((f) => f.title)).toEqual([
      'Virtual Servers',
      'Cloud Storage',
      'Network Infrastructure',
      'Security & Compliance',
    ]);
  });

  it('claims 99.9% uptime, 24/7 support and 500+ businesses', () => {
    expect(iaasStats).toEqual(
      expect.arrayContaining([
        { value: '99.9%', label: 'Uptime' },
        { value: '24/7', label: 'Support' },
        { value: '500+', label: 'Businesses' },
      ]),
    );
  });
});
