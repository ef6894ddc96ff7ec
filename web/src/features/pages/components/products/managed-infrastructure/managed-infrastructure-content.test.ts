import { describe, expect, it } from 'vitest';
import {
  managedBenefits,
  managedCta,
  managedHero,
  managedServices,
  managedServicesOffered,
} from './managed-infrastructure-content';

describe('managed infrastructure content (spec §2)', () => {
  it('has the hero badge, headline and one external button', () => {
    expect(managedHero().badge).toBe('MANAGED INFRASTRUCTURE');
    expect(managedHero().title).toBe('We Manage. You Innovate.');
    expect(managedHero().actions).toEqual([{ label: 'Schedule a Consultation', target: 'booking' }]);
  });

  it('has services offered, the three named benefits and the six managed services', () => {
    expect(managedServicesOffered().length).toBeGreaterThan(0);
    expect(managedBenefits().map((card) => card.title)).toEqual([
      'Reduced IT Burden',
      'Cost-Effective Management',
      '24/7 Engineering Support',
    ]);
    expect(managedServices().map((card) => card.title)).toEqual([
      '24/7 Monitoring',
      'Security & Compliance',
      'Performance Tuning',
      'Backup & Recovery',
      'Patch Management',
      'Resource Planning',
    ]);
  });

  it('closes with Schedule a Consultation and Contact Support', () => {
    expect(managedCta().actions).toEqual([
      { label: 'Schedule a Consultation', target: 'booking' },
      { label: 'Contact Support', target: '/contact' },
    ]);
  });
});
