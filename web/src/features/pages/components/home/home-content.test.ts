import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '@/api-types/site-settings-defaults';
import routeTable from '@/app/routes.json';
import { defaultHomeTab, homeServices, homeTestimonials, productTabs } from './home-content';

// accounts-chat-and-shell.md §2 "Home page" and §4 (home tab).
describe('home content against the spec', () => {
  it('has the five tabs in order, nodes first and default, cloudpay labelled CloudX', () => {
    expect(productTabs().map((tab) => tab.id)).toEqual(['nodes', 'bi', 'cloudpay', 'ai', 'sme']);
    expect(defaultHomeTab).toBe('nodes');
    expect(productTabs().find((tab) => tab.id === 'cloudpay')?.label).toBe('CloudX');
  });

  it('sends Read More to the targets the spec lists', () => {
    expect(Object.fromEntries(productTabs().map((tab) => [tab.id, tab.href]))).toEqual({
      nodes: '/bare-metal-servers',
      bi: '/nyota-bi',
      cloudpay: '/flexi-cloud',
      ai: '/edge',
      sme: '/iaas',
    });
  });

  it('links only to routes the app serves (pages or redirects)', () => {
    const known = new Set([...routeTable.routes, ...Object.keys(routeTable.redirects)]);
    for (const href of [...productTabs().map((tab) => tab.href), ...homeServices().map((s) => s.href)]) {
      expect(known).toContain(href);
    }
  });

  it('gives every tab a description and highlights', () => {
    for (const tab of productTabs()) {
      expect(tab.description.length).toBeGreaterThan(80);
      expect(tab.highlights.length).toBeGreaterThan(0);
    }
  });

  it('has four testimonials with unique ids', () => {
    expect(homeTestimonials()).toHaveLength(4);
    expect(new Set(homeTestimonials().map((t) => t.id)).size).toBe(4);
  });

  it('has 14 unique partner names by default', () => {
    expect(defaultSiteSettings.partners).toHaveLength(14);
    expect(new Set(defaultSiteSettings.partners).size).toBe(14);
  });

  it('closes with Nodes, CloudX, Nyota BI and Edge AI (the BI product by its one name)', () => {
    expect(homeServices().map((s) => s.title)).toEqual(['Nodes', 'CloudX', 'Nyota BI', 'Edge AI']);
    expect(homeServices()[0]?.text).toMatch(/leased infrastructure/i);
    expect(homeServices()[1]?.text).toMatch(/all your cloud subscriptions in one place/i);
    expect(homeServices()[1]?.text).toMatch(/use now and pay later/i);
    expect(homeServices()[2]?.text).toMatch(/automated reconciliation/i);
  });
});
