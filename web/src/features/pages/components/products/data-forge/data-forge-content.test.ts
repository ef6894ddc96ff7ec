import { describe, expect, it } from 'vitest';
import { dataForgeBenefits, dataForgeCta, dataForgeFeatures, dataForgeHero, dataForgeUseCases } from './data-forge-content';

describe('BI content (spec §2)', () => {
  it('has the hero badge, headline and buttons', () => {
    expect(dataForgeHero().badge).toBe('Nyota BI');
    expect(dataForgeHero().title).toBe('Turn Data into Decisions');
    expect(dataForgeHero().actions).toEqual([
      { label: 'Schedule a Demo', target: 'booking' },
      { label: 'Request a Quote', target: '/contact' },
    ]);
  });

  it('has 6 features including data mining, clustering, dashboards and custom pipelines', () => {
    expect(dataForgeFeatures()).toHaveLength(6);
    const titles = dataForgeFeatures().map((card) => card.title);
    expect(titles.slice(0, 4)).toEqual([
      'Data Mining',
      'Clustering & Segmentation',
      'Interactive Dashboards',
      'Custom Data Pipelines',
    ]);
  });

  it('has the three named key benefits and the six use cases', () => {
    expect(dataForgeBenefits().map((card) => card.title)).toEqual([
      'Actionable Insights',
      'AI-Powered Decision-Making',
      'Scalable Infrastructure',
    ]);
    expect(dataForgeUseCases().map((card) => card.title)).toEqual([
      'Finance & Banking',
      'Customer Analytics',
      'Supply Chain & Logistics',
      'Healthcare',
      'Manufacturing',
      'Energy & Utilities',
    ]);
  });

  it('closes with Schedule a Demo and Contact Support', () => {
    expect(dataForgeCta().actions).toEqual([
      { label: 'Schedule a Demo', target: 'booking' },
      { label: 'Contact Support', target: '/contact' },
    ]);
  });
});
