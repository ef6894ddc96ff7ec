import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '@/test/render';
import { defaultSiteSettings } from '@/api-types/site-settings-defaults';
import { parseSiteSettings, useSiteSettings } from './site-settings';

function Phone() {
  const settings = useSiteSettings();
  return (
    <p>
      {settings.phone} / {settings.infoEmail} / {settings.partners.length} partners
    </p>
  );
}

function renderPhone() {
  return render(<Phone />);
}

function setBlock(text: string | null) {
  document.getElementById('site-settings')?.remove();
  if (text === null) return;
  const block = document.createElement('script');
  block.id = 'site-settings';
  block.type = 'application/json';
  block.textContent = text;
  document.head.append(block);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useSiteSettings', () => {
  it('reads the settings the gateway put into the page, without a request', () => {
    const fetch = mockFetch(() => json(500, {}));
    setBlock(JSON.stringify({ ...defaultSiteSettings, phone: '+254 711 222 333', partners: ['One', 'Two'] }));
    renderPhone();
    expect(screen.getByText('+254 711 222 333 / info@nyota.example / 2 partners')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks the API when the page carries none, showing the defaults meanwhile', async () => {
    setBlock(null);
    let answer: (response: Response) => void = () => {};
    const fetch = mockFetch((url) => {
      expect(url).toBe('/api/site-settings');
      return new Promise<Response>((resolve) => (answer = resolve));
    });
    renderPhone();
    expect(screen.getByText('+254 700 000 000 / info@nyota.example / 14 partners')).toBeInTheDocument();
    answer(json(200, { ...defaultSiteSettings, infoEmail: 'hello@nyota.example' }));
    expect(await screen.findByText('+254 700 000 000 / hello@nyota.example / 14 partners')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('keeps the defaults when neither the page nor the API has settings', async () => {
    setBlock('{ not json');
    const fetch = mockFetch(() => json(503, { message: 'Unavailable' }));
    renderPhone();
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.getByText('+254 700 000 000 / info@nyota.example / 14 partners')).toBeInTheDocument();
  });
});

describe('parseSiteSettings', () => {
  it('takes the default for each missing or malformed key, as the server does', () => {
    const parsed = parseSiteSettings({
      phone: 7,
      salesEmail: 'deals@nyota.example',
      office: { city: 'Mombasa, Kenya', street: null },
      partners: ['Only', 3],
      social: [{ label: 'LinkedIn', href: 'https://www.linkedin.com/company/n' }],
      unknown: true,
    });
    expect(parsed).toEqual({
      ...defaultSiteSettings,
      salesEmail: 'deals@nyota.example',
      office: { ...defaultSiteSettings.office, city: 'Mombasa, Kenya' },
      social: [{ label: 'LinkedIn', href: 'https://www.linkedin.com/company/n' }],
    });
    expect(parseSiteSettings(null)).toEqual(defaultSiteSettings);
    expect(parseSiteSettings([1, 2])).toEqual(defaultSiteSettings);
  });
});
