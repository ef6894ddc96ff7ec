// The legal pages' figures against the specification (content-and-data-pages.md
// §2 "Legal pages" and §9 "Service level agreement", "Data processing
// agreement", "Terms", "Security claims").

import { describe, expect, it } from 'vitest';
import { dpaContent, dpaFigures } from './dpa-content';
import { longUsDate, localIsoDate, type Block, type Inline, type LegalContent } from './legal-types';
import { privacyContent } from './privacy-content';
import { localeCookie } from '@/i18n/locales';
import { securityContent } from './security-content';
import {
  availabilityCredits,
  creditTerms,
  maintenance,
  serviceCommitments,
  slaContent,
  slaHighlights,
  supportResponse,
} from './sla-content';
import { termsContent } from './terms-content';

function inlineText(content: Inline[]): string {
  return content.map((part) => (typeof part === 'string' ? part : part.text)).join('');
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'paragraph':
      return inlineText(block.content);
    case 'list':
      return block.items.map(inlineText).join('\n');
    case 'table':
      return [block.caption, block.columns.join(' | '), ...block.rows.map((r) => r.join(' | '))].join('\n');
    case 'subsection':
      return [block.title, ...block.blocks.map(blockText)].join('\n');
    case 'contact':
      return '';
  }
}

/** Every word of a document, as a visitor reads it. */
function documentText(doc: LegalContent): string {
  return [
    doc.title,
    ...doc.intro.map(blockText),
    ...(doc.highlights ?? []).map((h) => `${h.value} ${h.label}`),
    ...doc.sections.flatMap((s) => [s.title, ...s.blocks.map(blockText)]),
  ].join('\n');
}

function tables(doc: LegalContent): Extract<Block, { kind: 'table' }>[] {
  return doc.sections.flatMap((s) => s.blocks.filter((b): b is Extract<Block, { kind: 'table' }> => b.kind === 'table'));
}

function table(doc: LegalContent, caption: string) {
  const found = tables(doc).find((t) => t.caption === caption);
  if (!found) throw new Error(`no table "${caption}"`);
  return found;
}

describe('Service Level Agreement (spec §9)', () => {
  it('has the uptime, downtime and credit of every service', () => {
    expect(serviceCommitments).toEqual([
      { service: 'IaaS', uptime: '99.9%', downtimePerMonth: '43.2 minutes', credit: '10%' },
      { service: 'Bare metal', uptime: '99.95%', downtimePerMonth: '21.6 minutes', credit: '15%' },
      { service: 'Virtual private servers', uptime: '99.9%', downtimePerMonth: '43.2 minutes', credit: '10%' },
      { service: 'Managed infrastructure', uptime: '99.95%', downtimePerMonth: '21.6 minutes', credit: '15%' },
      { service: 'Storage', uptime: '99.99%', downtimePerMonth: '4.32 minutes', credit: '20%' },
    ]);
    const t = table(slaContent, 'Uptime and service credit by service');
    expect(t.columns).toEqual(['Service', 'Uptime', 'Downtime allowed per month', 'Credit']);
    expect(t.rows).toEqual([
      ['IaaS', '99.9%', '43.2 minutes', '10%'],
      ['Bare metal', '99.95%', '21.6 minutes', '15%'],
      ['Virtual private servers', '99.9%', '43.2 minutes', '10%'],
      ['Managed infrastructure', '99.95%', '21.6 minutes', '15%'],
      ['Storage', '99.99%', '4.32 minutes', '20%'],
    ]);
  });

  it('allows the downtime that each uptime implies over a 30-day month', () => {
    for (const c of serviceCommitments) {
      const allowed = ((100 - parseFloat(c.uptime)) / 100) * 30 * 24 * 60;
      expect(parseFloat(c.downtimePerMonth)).toBeCloseTo(allowed, 2);
    }
  });

  it('states the headline figures', () => {
    expect(slaHighlights.map((h) => `${h.value} ${h.label}`)).toEqual([
      'Under 1 hour response',
      'Under 4 hours resolution',
      '24/7 support',
    ]);
    expect(documentText(slaContent)).toContain('under 1 hour response, under 4 hours resolution and 24/7 support');
  });

  it('has the support response time of every priority', () => {
    expect(supportResponse.map((r) => [r.priority, r.response])).toEqual([
      ['Critical', '15 minutes'],
      ['High', '1 hour'],
      ['Medium', '4 hours'],
      ['Low', '24 hours'],
    ]);
    expect(table(slaContent, 'Support response by priority').rows.map((r) => r.slice(0, 2))).toEqual([
      ['Critical', '15 minutes'],
      ['High', '1 hour'],
      ['Medium', '4 hours'],
      ['Low', '24 hours'],
    ]);
  });

  it('has the maintenance notice, window, emergency notice and maximum', () => {
    expect(maintenance).toEqual({
      notice: 'At least 72 hours',
      preferredWindow: 'Sunday 02:00-06:00 EAT',
      emergencyNotice: '4 hours',
      maximumDuration: '4 hours',
    });
    expect(table(slaContent, 'Maintenance commitments').rows).toEqual([
      ['Advance notice', 'At least 72 hours'],
      ['Preferred window', 'Sunday 02:00-06:00 EAT'],
      ['Emergency maintenance notice', '4 hours'],
      ['Maximum duration', '4 hours'],
    ]);
  });

  it('has the availability credit tiers', () => {
    expect(availabilityCredits).toEqual([
      { availability: '99.0-99.89%', credit: '10%' },
      { availability: '98.0-98.99%', credit: '25%' },
      { availability: 'Below 98%', credit: '50%' },
    ]);
    expect(table(slaContent, 'Availability credit tiers').rows).toEqual([
      ['99.0-99.89%', '10%'],
      ['98.0-98.99%', '25%'],
      ['Below 98%', '50%'],
    ]);
  });

  it('states how credits are claimed, processed, capped and applied', () => {
    expect(creditTerms).toEqual({
      claimWithinDays: 30,
      processedWithinDays: 60,
      maximumCredit: '100% of monthly fees',
      appliedTo: "the following month's invoice",
    });
    const text = documentText(slaContent);
    expect(text).toContain('Claims must be submitted within 30 days');
    expect(text).toContain('processed within 60 days');
    expect(text).toContain('capped at 100% of monthly fees');
    expect(text).toContain("Credits apply to the following month's invoice");
  });
});

describe('Data Processing Agreement (spec §9)', () => {
  it('is version 2.0 and has every figure', () => {
    expect(dpaFigures).toEqual({
      version: '2.0',
      dataLocation: 'Africa',
      retention: 'the agreement term plus 6 months',
      requests: {
        acknowledgement: '72 hours',
        initialResponse: '10 business days',
        fulfilment: '30 days',
        complexRequests: '60 days',
      },
      breachNotification: '72 hours',
    });
    expect(dpaContent.version).toBe('2.0');
  });

  it('says each figure in its text', () => {
    const text = documentText(dpaContent);
    expect(text).toContain('Your data is kept in Africa');
    expect(text).toContain('Customer data is retained for the agreement term plus 6 months');
    expect(text).toContain('within 72 hours of becoming aware of it');
    expect(table(dpaContent, 'Data subject request timelines').rows).toEqual([
      ['Acknowledgement of the request', 'Within 72 hours'],
      ['Initial response', 'Within 10 business days'],
      ['Fulfilment of the request', 'Within 30 days'],
      ['Complex requests', 'Up to 60 days'],
    ]);
  });
});

describe('Privacy Policy (spec §2)', () => {
  it('has nine sections and was last updated April 23, 2025', () => {
    expect(privacyContent.sections).toHaveLength(9);
    expect(longUsDate(privacyContent.lastUpdated)).toBe('April 23, 2025');
  });

  it('names the cookie that remembers the chosen language, and why it needs no consent', () => {
    const cookies = JSON.stringify(privacyContent.sections.find((section) => section.title === 'Cookies and Similar Technologies'));
    expect(cookies).toContain(`the ${localeCookie} cookie remembers it for a year`);
    expect(cookies).toContain('set without asking for consent');
  });
});

describe('Terms of Service (spec §2, §9)', () => {
  it('has ten sections', () => {
    expect(termsContent().sections).toHaveLength(10);
  });

  it("is dated today, in long US format", () => {
    const today = new Date().toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
    expect(longUsDate(termsContent().lastUpdated)).toBe(today);
    expect(longUsDate(termsContent(new Date(2026, 10, 23, 23, 30)).lastUpdated)).toBe('November 23, 2026');
    expect(localIsoDate(new Date(2025, 0, 5))).toBe('2025-01-05');
  });

  it('caps liability and makes fees non-refundable unless specified', () => {
    const text = documentText(termsContent());
    expect(text).toContain('capped at the amount paid in the preceding twelve months');
    expect(text).toContain('non-refundable unless specified');
  });
});

describe('Security & Compliance (spec §2, §9)', () => {
  const text = documentText(securityContent);

  it('makes the security claims the site repeats', () => {
    for (const claim of [
      'AES-256',
      'TLS 1.3',
      'Role-based access control',
      'Your data is kept in Africa',
      'Tier-3 data centers',
      '24/7 monitoring',
      'Kenya Data Protection Act, 2019',
    ]) {
      expect(text).toContain(claim);
    }
  });

  it('claims no certification', () => {
    expect(text).not.toMatch(/\bcertifi|\bcompliant with ISO|\bSOC 2\b|\bPCI/i);
    expect(text).toContain('aligned with the ISO/IEC 27001 standard');
  });
});

describe('every legal document', () => {
  const docs = [privacyContent, termsContent(), securityContent, slaContent, dpaContent];

  it('has unique section titles and a contact block', () => {
    for (const doc of docs) {
      expect(new Set(doc.sections.map((s) => s.title)).size).toBe(doc.sections.length);
      expect(doc.sections.flatMap((s) => s.blocks).some((b) => b.kind === 'contact')).toBe(true);
    }
  });

  it('links only to routes of this site', () => {
    const links = docs.flatMap((doc) =>
      [...doc.intro, ...doc.sections.flatMap((s) => s.blocks)].flatMap((b) =>
        b.kind === 'paragraph' ? b.content.filter((part) => typeof part !== 'string') : [],
      ),
    );
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(['/privacy', '/terms-of-service', '/security-compliance', '/service-level-agreement', '/data-processing-agreement']).toContain(
        (link as { to: string }).to,
      );
    }
  });
});
