import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '@/api-types/site-settings-defaults';
import { BareMetalPage } from './bare-metal/bare-metal-page';
import { DataForgePage } from './data-forge/data-forge-page';
import { ManagedInfrastructurePage } from './managed-infrastructure/managed-infrastructure-page';
import { StorageSolutionsPage } from './storage-solutions/storage-solutions-page';
import { VirtualServersPage } from './virtual-servers/virtual-servers-page';

const booking = defaultSiteSettings.bookingUrl;

function renderPage(Page: ComponentType, path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Page />
    </MemoryRouter>,
  );
}

/** A link by its visible label (external links add "(opens in a new tab)" for screen readers). */
function links(label: string) {
  return screen.getAllByRole('link', { name: new RegExp(`^${label}(\\s*\\(opens in a new tab\\))?$`) });
}

function expectExternal(link: HTMLElement) {
  expect(link).toHaveAttribute('href', booking);
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

/** The cards (h3 titles) of the section headed `title`. */
function cardTitles(title: string) {
  const section = screen.getByRole('region', { name: title });
  return within(section)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
}

describe('bare metal page', () => {
  it('shows the hero, stats, plans, sections and buttons', () => {
    renderPage(BareMetalPage, '/bare-metal-servers');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Raw Performance, Zero Compromises');
    expect(screen.getByText('BARE METAL SERVERS')).toBeInTheDocument();
    expectExternal(links('Book a Call')[0]!);
    expect(links('Request a Quote')[0]).toHaveAttribute('href', '/contact');
    expect(screen.getAllByRole('term').map((term) => [term.nextElementSibling?.textContent, term.textContent])).toEqual([
      ['100%', 'Dedicated'],
      ['24/7', 'Support'],
      ['Tier-3', 'Data Centers'],
    ]);
    expect(cardTitles('Why Bare Metal')).toHaveLength(4);

    const plans = screen.getByRole('region', { name: 'Dedicated Servers' });
    const standard = within(plans).getByRole('article', { name: 'STANDARD' });
    expect(standard).toHaveTextContent('$99/month');
    for (const text of ['CPU Cores: 4', 'RAM: 16GB', 'Storage: 240GB SSD', 'Network: 1Gbps']) expect(standard).toHaveTextContent(text);
    expect(within(plans).getByRole('article', { name: 'BUSINESS' })).toHaveTextContent('$199/month');
    const enterprise = within(plans).getByRole('article', { name: 'ENTERPRISE' });
    expect(enterprise).toHaveTextContent('$399/month');
    expect(enterprise).toHaveTextContent('Network: 10Gbps');
    const custom = within(plans).getByRole('article', { name: 'CUSTOM' });
    expect(custom).toHaveTextContent('Custom pricing');
    expect(within(custom).getAllByText('Custom')).toHaveLength(5);
    expect(within(custom).getByRole('link', { name: /Get a Quote/ })).toHaveAttribute(
      'href',
      '/contact?subject=Bare%20metal%20server%3A%20custom%20configuration%20quote#contact-form',
    );

    expect(cardTitles('Ideal Use Cases')).toEqual([
      'Banking & Financial Services',
      'APIs & Workloads',
      'Healthcare & Public Sector',
    ]);
    expect(within(screen.getByRole('region', { name: 'How It Works' })).getAllByRole('listitem')).toHaveLength(3);
    expectExternal(links('Book a Consultation')[0]!);
    expect(links('Contact Sales')[0]).toHaveAttribute('href', '/contact');
  });
});

describe('managed infrastructure page', () => {
  it('shows the hero, the sections and buttons', () => {
    renderPage(ManagedInfrastructurePage, '/managed-infrastructure');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('We Manage. You Innovate.');
    expect(screen.getByText('MANAGED INFRASTRUCTURE')).toBeInTheDocument();
    const consultations = links('Schedule a Consultation');
    expect(consultations).toHaveLength(2);
    consultations.forEach(expectExternal);
    expect(cardTitles('Services Offered').length).toBeGreaterThan(0);
    expect(cardTitles('Benefits')).toEqual(['Reduced IT Burden', 'Cost-Effective Management', '24/7 Engineering Support']);
    expect(cardTitles('Our Managed Services Include')).toHaveLength(6);
    expect(links('Contact Support')[0]).toHaveAttribute('href', '/contact');
  });
});

describe('virtual servers page', () => {
  it('shows the hero, features, plans, claims and buttons', () => {
    renderPage(VirtualServersPage, '/virtual-servers');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Scalable, Secure, and Cost-Effective VMs');
    expect(screen.getByText('VIRTUAL SERVERS')).toBeInTheDocument();
    const deploy = links('Deploy Now');
    expect(deploy).toHaveLength(2);
    deploy.forEach(expectExternal);
    expect(links('Request a Quote')[0]).toHaveAttribute('href', '/contact');
    expect(cardTitles('Features')).toHaveLength(4);

    const pricing = screen.getByRole('region', { name: 'Simple, Transparent Pricing' });
    const rows = [
      ['Basic', 'KSh. 500', '1', '1 GB', '20 GB', '1 TB'],
      ['Professional', 'KSh. 950', '2', '2 GB', '40 GB', '2 TB'],
      ['Enterprise', 'KSh. 1,800', '4', '4 GB', '80 GB', '4 TB'],
    ];
    for (const [name, price, vcpu, ram, nvme, bandwidth] of rows) {
      const card = within(pricing).getByRole('article', { name: name! });
      expect(card).toHaveTextContent(`${price}/month`);
      for (const text of [`vCPU: ${vcpu}`, `RAM: ${ram}`, `NVMe Storage: ${nvme}`, `Bandwidth: ${bandwidth}`]) {
        expect(card).toHaveTextContent(text);
      }
      expect(within(card).getByRole('link', { name: `Get Started with the ${name} plan` })).toHaveAttribute(
        'href',
        `/contact?subject=Virtual%20server%3A%20${name}%20plan#contact-form`,
      );
    }
    expect(within(pricing).getByText('Most Popular').closest('article')).toHaveAccessibleName('Professional');
    for (const claim of ['99.9% uptime guarantee', '24/7 support', 'Instant deployment']) {
      expect(within(pricing).getByText(claim)).toBeInTheDocument();
    }
    expect(within(pricing).getByRole('link', { name: 'Contact Sales for Custom Plans' })).toHaveAttribute(
      'href',
      '/contact?subject=Virtual%20servers%3A%20custom%20plan#contact-form',
    );
    expect(cardTitles('Why Choose Our Virtual Servers')).toHaveLength(4);
    expect(links('Contact Support')[0]).toHaveAttribute('href', '/contact');
  });
});

describe('BI page', () => {
  it('shows the hero, the sections and buttons', () => {
    renderPage(DataForgePage, '/data-forge');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Turn Data into Decisions');
    expect(screen.getByText('Nyota BI')).toBeInTheDocument();
    const demos = links('Schedule a Demo');
    expect(demos).toHaveLength(2);
    demos.forEach(expectExternal);
    expect(links('Request a Quote')[0]).toHaveAttribute('href', '/contact');
    expect(cardTitles('Features')).toHaveLength(6);
    expect(cardTitles('Key Benefits')).toEqual(['Actionable Insights', 'AI-Powered Decision-Making', 'Scalable Infrastructure']);
    expect(cardTitles('Use Cases')).toHaveLength(6);
    expect(links('Contact Support')[0]).toHaveAttribute('href', '/contact');
  });
});

describe('storage solutions page', () => {
  const rowsOf = (table: HTMLElement) =>
    within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));

  it('shows the hero, sections and buttons', () => {
    renderPage(StorageSolutionsPage, '/storage-solutions');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Secure, Reliable, and High-Speed Storage');
    expect(screen.getByText('STORAGE SOLUTIONS')).toBeInTheDocument();
    const calls = links('Book a Call');
    expect(calls).toHaveLength(2);
    calls.forEach(expectExternal);
    expect(links('Request a Quote').map((link) => link.getAttribute('href'))).toEqual(['/contact', '/contact']);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/contact');
    expect(cardTitles('Why Choose Our Storage Solutions')).toHaveLength(6);
    expect(cardTitles('Why Choose Our Storage Solutions')).toContain('99.9% Uptime');
    expect(cardTitles('Use Cases')).toHaveLength(6);
  });

  it('starts on SSD and switches the price table with the tab, by click and by keyboard', async () => {
    const user = userEvent.setup();
    renderPage(StorageSolutionsPage, '/storage-solutions');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['RAM', 'SSD']);
    expect(screen.getByRole('tab', { name: 'SSD' })).toHaveAttribute('aria-selected', 'true');
    const ssd = [
      ['128 GB', 'KSh. 750'],
      ['256 GB', 'KSh. 1,000'],
      ['512 GB', 'KSh. 1,500'],
      ['1000 GB', 'KSh. 3,000'],
    ];
    const ram = [
      ['32 GB', 'KSh. 1,500'],
      ['64 GB', 'KSh. 2,500'],
      ['128 GB', 'KSh. 4,000'],
    ];
    expect(rowsOf(screen.getByRole('table', { name: 'SSD storage prices' }))).toEqual(ssd);
    expect(screen.queryByRole('table', { name: 'RAM storage prices' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'RAM' }));
    expect(screen.getByRole('tab', { name: 'RAM' })).toHaveAttribute('aria-selected', 'true');
    expect(rowsOf(screen.getByRole('table', { name: 'RAM storage prices' }))).toEqual(ram);
    expect(screen.queryByRole('table', { name: 'SSD storage prices' })).toBeNull();

    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'SSD' })).toHaveFocus();
    expect(rowsOf(screen.getByRole('table', { name: 'SSD storage prices' }))).toEqual(ssd);
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'RAM' })).toHaveAttribute('aria-selected', 'true');
    expect(rowsOf(screen.getByRole('table', { name: 'RAM storage prices' }))).toEqual(ram);
  });
});
