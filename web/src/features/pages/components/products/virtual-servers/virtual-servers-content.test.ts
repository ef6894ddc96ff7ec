import { describe, expect, it } from 'vitest';
import { formatShillings } from '@/i18n/i18n';
import {
  customPlanAction,
  popularBadge,
  virtualCta,
  virtualFeatures,
  virtualHero,
  virtualPlanClaims,
  virtualPlanPeriod,
  virtualPlans,
  virtualPlanSpecs,
  virtualWhyChoose,
} from './virtual-servers-content';

describe('virtual servers content (spec §2, §9)', () => {
  it('has the hero badge, headline and buttons', () => {
    expect(virtualHero().badge).toBe('VIRTUAL SERVERS');
    expect(virtualHero().title).toBe('Scalable, Secure, and Cost-Effective VMs');
    expect(virtualHero().actions).toEqual([
      { label: 'Deploy Now', target: 'booking' },
      { label: 'Request a Quote', target: '/contact' },
    ]);
  });

  it('has the four features: NVMe storage, root access, instant provisioning, 99.9% uptime', () => {
    expect(virtualFeatures().map((card) => card.title)).toEqual([
      'NVMe SSD Storage',
      'Full Root Access',
      'Instant Provisioning',
      '99.9% Uptime',
    ]);
  });

  it('has the three plans of §9, per month, Professional the most popular', () => {
    expect(
      virtualPlans.map(({ name, shillings, vcpu, ram, nvme, bandwidth }) => [name, formatShillings(shillings), vcpu, ram, nvme, bandwidth]),
    ).toEqual([
      ['Basic', 'KSh. 500', '1', '1 GB', '20 GB', '1 TB'],
      ['Professional', 'KSh. 950', '2', '2 GB', '40 GB', '2 TB'],
      ['Enterprise', 'KSh. 1,800', '4', '4 GB', '80 GB', '4 TB'],
    ]);
    expect(virtualPlans.filter((plan) => plan.popular).map((plan) => plan.name)).toEqual(['Professional']);
    expect(popularBadge()).toBe('Most Popular');
    expect(virtualPlanPeriod()).toBe('/month');
    expect(virtualPlanSpecs(virtualPlans[1]!)).toEqual([
      { label: 'vCPU', value: '2' },
      { label: 'RAM', value: '2 GB' },
      { label: 'NVMe Storage', value: '40 GB' },
      { label: 'Bandwidth', value: '2 TB' },
    ]);
  });

  it('claims 99.9% uptime guarantee, 24/7 support and instant deployment', () => {
    expect(virtualPlanClaims()).toEqual(['99.9% uptime guarantee', '24/7 support', 'Instant deployment']);
  });

  it('sends Get Started and Contact Sales for Custom Plans to the contact form with a subject', () => {
    expect(virtualPlans.map((plan) => plan.href)).toEqual([
      '/contact?subject=Virtual%20server%3A%20Basic%20plan#contact-form',
      '/contact?subject=Virtual%20server%3A%20Professional%20plan#contact-form',
      '/contact?subject=Virtual%20server%3A%20Enterprise%20plan#contact-form',
    ]);
    expect(customPlanAction()).toEqual({
      label: 'Contact Sales for Custom Plans',
      href: '/contact?subject=Virtual%20servers%3A%20custom%20plan#contact-form',
    });
  });

  it('has 4 why-choose cards and closes with Deploy Now (booking) and Contact Support', () => {
    expect(virtualWhyChoose()).toHaveLength(4);
    expect(virtualCta().actions).toEqual([
      { label: 'Deploy Now', target: 'booking' },
      { label: 'Contact Support', target: '/contact' },
    ]);
  });
});
