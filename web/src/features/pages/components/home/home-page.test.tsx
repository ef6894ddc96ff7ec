import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { defaultSiteSettings } from '@/api-types/site-settings-defaults';
import { HomePage } from '../home-page';
import { homeTestimonials } from './home-content';
import { TestimonialCarousel } from './testimonial-carousel';

const renderHome = () =>
  render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );

describe('HomePage', () => {
  it('has the headline, the calls to action and the services section', () => {
    const { container } = renderHome();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Making cloud solutions affordable, accessible and transformative for SMEs',
    );
    const book = screen.getByRole('link', { name: /Book a Call/ });
    expect(book).toHaveAttribute('href', defaultSiteSettings.bookingUrl);
    expect(book).toHaveAttribute('target', '_blank');
    expect(book).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: 'Request a Quote' })).toHaveAttribute('href', '/contact');
    expect(container.querySelector('#services')).toHaveTextContent('Nodes');
  });

  it('inserts the video iframe only after the poster is pressed', async () => {
    const user = userEvent.setup();
    const { container } = renderHome();
    expect(container.querySelector('iframe')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Play video/ }));
    expect(container.querySelector('iframe')).toHaveAttribute('src', defaultSiteSettings.heroVideoUrl);
  });

  it('lists the partners once for assistive tech and once more hidden for the loop', () => {
    const { container } = renderHome();
    const list = screen.getByRole('list', { name: 'Partners' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(14);
    const copy = container.querySelector('.partner-marquee-copy');
    expect(copy).toHaveAttribute('aria-hidden', 'true');
    expect(copy?.querySelectorAll('li')).toHaveLength(14);
  });

  it('shows the nodes tab first and moves through the tabs by keyboard', async () => {
    const user = userEvent.setup();
    renderHome();
    const tabs = within(screen.getByRole('tablist', { name: 'Products' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Nodes', 'Nyota BI', 'CloudX', 'Edge AI', 'SME']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getByRole('link', { name: /Read More/ })).toHaveAttribute(
      'href',
      '/bare-metal-servers',
    );
    tabs[0]?.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'CloudX' })).toHaveFocus();
    expect(within(screen.getByRole('tabpanel')).getByRole('link', { name: /Read More/ })).toHaveAttribute(
      'href',
      '/flexi-cloud',
    );
    await user.keyboard('{End}');
    expect(within(screen.getByRole('tabpanel')).getByRole('link', { name: /Read More/ })).toHaveAttribute('href', '/iaas');
  });
});

describe('TestimonialCarousel', () => {
  it('opens one card at a time and closes an open card when pressed again', async () => {
    const user = userEvent.setup();
    render(<TestimonialCarousel items={homeTestimonials()} />);
    const cards = screen.getAllByRole('button');
    expect(cards).toHaveLength(4);
    const expanded = () => cards.map((card) => card.getAttribute('aria-expanded'));
    expect(expanded()).toEqual(['false', 'false', 'false', 'false']);

    await user.click(cards[0]!);
    expect(expanded()).toEqual(['true', 'false', 'false', 'false']);
    expect(screen.getByText(homeTestimonials()[0]!.quote, { exact: false })).toBeVisible();

    await user.click(cards[2]!);
    expect(expanded()).toEqual(['false', 'false', 'true', 'false']);
    expect(screen.getByText(homeTestimonials()[0]!.quote, { exact: false })).not.toBeVisible();

    // Keyboard: Enter on the focused card toggles it shut.
    cards[2]!.focus();
    await user.keyboard('{Enter}');
    expect(expanded()).toEqual(['false', 'false', 'false', 'false']);
    await user.keyboard(' ');
    expect(expanded()).toEqual(['false', 'false', 'true', 'false']);
  });
});
