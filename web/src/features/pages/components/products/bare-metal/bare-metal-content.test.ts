import { describe, expect, it } from 'vitest';
import {
  bareMetalCta,
  bareMetalFeatures,
  bareMetalHero,
  bareMetalStats,
  bareMetalSteps,
  bareMetalUseCases,
  dedicatedPlans,
  dedicatedPlanSpecs,
} from './bare-metal-content';

describe('bare metal content (spec §2, §9)', () => {
  it('has the hero badge, headline and buttons', () => {
    expect(bareMetalHero().badge).toBe('BARE METAL SERVERS');
    expect(bareMetalHero().title).toBe('Raw Performance, Zero Compromises');
    expect(bareMetalHero().actions).toEqual([
      { label: 'Book a Call', target: 'booking' },
      { label: 'Request a Quote', target: '/contact' },
    ]);
  });

  it('has the stats row', () => {
    expect(bareMetalStats()).toEqual([
      { value: '100%', label: 'Dedicated' },
      { value: '24/7', label: 'Support' },
      { value: 'Tier-3', label: 'Data Centers' },
    ]);
  });

  it('has the four dedicated server plans of §9, per month', () => {
    expect(
      dedicatedPlans().map(({ name, price, cores, ram, storage, network }) => [name, price, cores, ram, storage, network]),
    ).toEqual([
      ['STANDARD', '$99', '4', '16GB', '240GB SSD', '1Gbps'],
      ['BUSINESS', '$199', '8', '32GB', '480GB SSD', '1Gbps'],
      ['ENTERPRISE', '$399', '16', '64GB', '960GB SSD', '10Gbps'],
      ['CUSTOM', 'Custom', 'Custom', 'Custom', 'Custom', 'Custom'],
    ]);
    expect(dedicatedPlans().map((plan) => plan.custom)).toEqual([false, false, false, true]);
  });

  it('lists each plan spec in the table order', () => {
    expect(dedicatedPlanSpecs(dedicatedPlans()[0]!)).toEqual([
      { label: 'CPU Cores', value: '4' },
      { label: 'RAM', value: '16GB' },
      { label: 'Storage', value: '240GB SSD' },
      { label: 'Network', value: '1Gbps' },
    ]);
  });

  it('sends the custom plan to the contact form with Get a Quote, the others with their plan as subject', () => {
    const custom = dedicatedPlans()[3]!;
    expect(custom.action.label).toBe('Get a Quote');
    expect(custom.action.href).toBe('/contact?subject=Bare%20metal%20server%3A%20custom%20configuration%20quote#contact-form');
    expect(dedicatedPlans()[0]!.action.href).toBe('/contact?subject=Bare%20metal%20server%3A%20STANDARD%20plan#contact-form');
  });

  it('has 4 features, the 3 named use cases, 3 steps and the closing buttons', () => {
    expect(bareMetalFeatures()).toHaveLength(4);
    expect(bareMetalUseCases().map((card) => card.title)).toEqual([
      'Banking & Financial Services',
      'APIs & Workloads',
      'Healthcare & Public Sector',
    ]);
    expect(bareMetalSteps()).toHaveLength(3);
    expect(bareMetalCta().actions).toEqual([
      { label: 'Book a Consultation', target: 'booking' },
      { label: 'Contact Sales', target: '/contact' },
    ]);
  });
});
