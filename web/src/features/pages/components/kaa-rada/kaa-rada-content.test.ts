import { describe, expect, it } from 'vitest';
import { cctvPlans, kaaRadaUptime, keyFeatures, useCases } from './kaa-rada-content';

describe('Kaa Rada content (spec §3 CCTV plan, §9 Cloud CCTV)', () => {
  it('has the three plans with their prices, camera limits and actions', () => {
    expect(cctvPlans.map((p) => [p.name, p.price, p.period, p.monthlyKes, p.maxCameras, p.cameras])).toEqual([
      ['Starter Cluster', 'KES 15,000', '/month', 15_000, 20, 'Up to 20 cameras'],
      ['SME Cluster', 'KES 50,000', '/month', 50_000, 100, 'Up to 100 cameras'],
      ['Enterprise Cluster', 'Custom Quote', undefined, null, null, '100+ cameras'],
    ]);
    expect(cctvPlans.map((p) => p.action)).toEqual([
      { label: 'Get Started', target: 'cta' },
      { label: 'Get Started', target: 'cta' },
      { label: 'Contact Sales', target: 'sales-email' },
    ]);
  });

  it('marks only the SME Cluster Most Popular and gives Enterprise a custom SLA', () => {
    expect(cctvPlans.filter((p) => p.badge === 'Most Popular').map((p) => p.name)).toEqual(['SME Cluster']);
    const enterprise = cctvPlans.find((p) => p.id === 'enterprise');
    expect(enterprise?.specs).toEqual(expect.arrayContaining(['100+ cameras', 'Custom SLA']));
  });

  it('claims 99.9% uptime and covers the audiences and offer of the spec', () => {
    expect(kaaRadaUptime).toBe('99.9%');
    expect(useCases.map((u) => u.title)).toEqual([
      'Security Firms',
      'Private Premises',
      'Institutions',
      'Corporate Compliance',
    ]);
    const text = useCases.map((u) => u.text).join(' ');
    for (const word of ['Homes', 'estates', 'offices', 'malls', 'Schools', 'hospitals', 'banks', 'government']) {
      expect(text).toContain(word);
    }
    expect(keyFeatures.map((f) => f.title)).toEqual(
      expect.arrayContaining([
        'Plug-and-Play Setup',
        'Mobile & Web Viewing',
        'Encrypted End to End',
        'Scales from One Camera to Thousands',
        'Local Support',
      ]),
    );
  });
});
