import { describe, expect, it } from 'vitest';
import { formatShillings } from '@/i18n/i18n';
import {
  defaultStorageKind,
  storageCta,
  storageFeatures,
  storageGetStarted,
  storageHero,
  storagePrices,
  storageTabs,
  storageUseCases,
  storageWhyChoose,
  type StorageKind,
} from './storage-solutions-content';

describe('storage content (spec §2, §9)', () => {
  it('has the hero badge, headline and buttons', () => {
    expect(storageHero().badge).toBe('STORAGE SOLUTIONS');
    expect(storageHero().title).toBe('Secure, Reliable, and High-Speed Storage');
    expect(storageHero().actions).toEqual([
      { label: 'Book a Call', target: 'booking' },
      { label: 'Request a Quote', target: '/contact' },
    ]);
  });

  it('has the RAM and SSD tabs, SSD first selected', () => {
    expect(storageTabs.map((tab) => tab.label)).toEqual(['RAM', 'SSD']);
    expect(defaultStorageKind).toBe('ssd');
  });

  it('has the storage prices of §9', () => {
    // As shown in English: the spec's labels.
    const shown = (kind: StorageKind) => storagePrices[kind].map(({ capacity, shillings }) => ({ capacity, price: formatShillings(shillings) }));
    expect(shown('ram')).toEqual([
      { capacity: '32 GB', price: 'KSh. 1,500' },
      { capacity: '64 GB', price: 'KSh. 2,500' },
      { capacity: '128 GB', price: 'KSh. 4,000' },
    ]);
    expect(shown('ssd')).toEqual([
      { capacity: '128 GB', price: 'KSh. 750' },
      { capacity: '256 GB', price: 'KSh. 1,000' },
      { capacity: '512 GB', price: 'KSh. 1,500' },
      { capacity: '1000 GB', price: 'KSh. 3,000' },
    ]);
    expect(storageGetStarted()).toEqual({ label: 'Get Started', href: '/contact' });
  });

  it('has the section cards, claims 99.9% uptime, and closes with Book a Call and Request a Quote', () => {
    expect(storageFeatures().length).toBeGreaterThan(0);
    expect(storageWhyChoose()).toHaveLength(6);
    expect(storageWhyChoose().map((card) => card.title)).toContain('99.9% Uptime');
    expect(storageUseCases()).toHaveLength(6);
    expect(storageCta().actions).toEqual(storageHero().actions);
  });
});
