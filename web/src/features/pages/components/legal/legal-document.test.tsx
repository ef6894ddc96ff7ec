import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '@/api-types/site-settings-defaults';
import { renderApp } from '@/test/render';

const pages = [
  { path: '/privacy', title: 'Privacy Policy', sections: 9 },
  { path: '/terms-of-service', title: 'Terms of Service', sections: 10 },
  { path: '/security-compliance', title: 'Security & Compliance', sections: 11 },
  { path: '/service-level-agreement', title: 'Service Level Agreement', sections: 10 },
  { path: '/data-processing-agreement', title: 'Data Processing Agreement', sections: 11 },
];

describe.each(pages)('$path', ({ path, title, sections }) => {
  it('has its title, breadcrumb, last-updated line and a contents list linking to every section', async () => {
    const { container } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 })).toBeInTheDocument();

    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(breadcrumb).getByText(title)).toHaveAttribute('aria-current', 'page');
    expect(screen.getByText(/^Last updated:/)).toBeInTheDocument();

    const numbered = container.querySelectorAll('section[id^="section-"]');
    expect(numbered).toHaveLength(sections);
    numbered.forEach((section, i) => expect(section.id).toBe(`section-${i + 1}`));

    const toc = screen.getByRole('navigation', { name: 'Table of contents' });
    const links = within(toc).getAllByRole('link');
    expect(links).toHaveLength(sections);
    links.forEach((link, i) => {
      const id = link.getAttribute('href')!.slice(1);
      expect(id).toBe(`section-${i + 1}`);
      const target = document.getElementById(id);
      expect(target).not.toBeNull();
      // The link's words are the section's heading.
      expect(within(target!).getByRole('heading', { level: 2 })).toHaveTextContent(link.textContent!);
    });

    // The last section gives the contact details from the site settings.
    const last = within(document.getElementById(`section-${sections}`)!);
    expect(last.getByRole('link', { name: defaultSiteSettings.infoEmail })).toHaveAttribute(
      'href',
      expect.stringContaining('mailto:'),
    );
    expect(last.getByRole('link', { name: defaultSiteSettings.phone })).toBeInTheDocument();
  });
});

describe('dates', () => {
  it('dates the privacy policy April 23, 2025', async () => {
    renderApp('/privacy');
    expect(await screen.findByText('April 23, 2025')).toHaveAttribute('datetime', '2025-04-23');
  });

  it("dates the terms today", async () => {
    renderApp('/terms-of-service');
    const today = new Date().toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
    expect(await screen.findByText(today)).toBeInTheDocument();
  });

  it('shows the DPA version', async () => {
    renderApp('/data-processing-agreement');
    expect(await screen.findByText(/Version 2\.0/)).toBeInTheDocument();
  });
});

describe('SLA tables', () => {
  it('renders the uptime table with column and row headers', async () => {
    renderApp('/service-level-agreement');
    const table = await screen.findByRole('table', { name: 'Uptime and service credit by service' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Service', 'Uptime', 'Downtime allowed per month', 'Credit']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['IaaS', '99.9%', '43.2 minutes', '10%'],
      ['Bare metal', '99.95%', '21.6 minutes', '15%'],
      ['Virtual private servers', '99.9%', '43.2 minutes', '10%'],
      ['Managed infrastructure', '99.95%', '21.6 minutes', '15%'],
      ['Storage', '99.99%', '4.32 minutes', '20%'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Storage' })).toBeInTheDocument();
    for (const name of ['Support response by priority', 'Maintenance commitments', 'Availability credit tiers']) {
      expect(screen.getByRole('table', { name })).toBeInTheDocument();
    }
  });
});
