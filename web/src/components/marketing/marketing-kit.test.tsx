import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ActionLink, actionKind } from './action-link';
import { FallbackImage, defaultServerImage } from './fallback-image';
import { StarRating } from './star-rating';
import { Tabs, type TabItem } from './tabs';

const items: TabItem[] = [
  { id: 'one', label: 'One', panel: <p>Panel one</p> },
  { id: 'two', label: 'Two', panel: <p>Panel two</p> },
  { id: 'three', label: 'Three', panel: <p>Panel three</p> },
];

describe('Tabs', () => {
  it('selects the first tab by default and links tabs and panels', () => {
    render(<Tabs label="Numbers" items={items} />);
    const tabs = screen.getAllByRole('tab');
    expect(screen.getByRole('tablist', { name: 'Numbers' })).toBeInTheDocument();
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(tabs[0]).toHaveAttribute('tabindex', '0');
    expect(tabs[1]).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel');
    expect(panel).toHaveTextContent('Panel one');
    expect(panel).toHaveAttribute('aria-labelledby', tabs[0]?.id);
    expect(tabs[0]).toHaveAttribute('aria-controls', panel.id);
  });

  it('moves with Arrow keys (wrapping), Home and End, with a roving tabindex', async () => {
    const user = userEvent.setup();
    render(<Tabs label="Numbers" items={items} defaultValue="two" />);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel three');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('tabindex', '-1');
    // Tab leaves the list for the panel.
    await user.tab();
    expect(screen.getByRole('tabpanel')).toHaveFocus();
  });

  it('can be controlled', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    function Controlled() {
      const [value, setValue] = useState('three');
      return (
        <Tabs
          label="Numbers"
          items={items}
          value={value}
          onValueChange={(next) => {
            seen.push(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Controlled />);
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel three');
    await user.click(screen.getByRole('tab', { name: 'One' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel one');
    expect(seen).toEqual(['one']);
  });
});

describe('ActionLink', () => {
  const renderLink = (href: string, text = 'Go') =>
    render(
      <MemoryRouter>
        <ActionLink href={href}>{text}</ActionLink>
      </MemoryRouter>,
    );

  it('opens external links in a new tab, safely, and says so', () => {
    renderLink('https://calendar.example/book', 'Book a Call');
    const link = screen.getByRole('link', { name: /^Book a Call\s*\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute('href', 'https://calendar.example/book');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('routes internal paths and leaves mailto and anchors as plain links', () => {
    renderLink('/contact', 'Request a Quote');
    const internal = screen.getByRole('link', { name: 'Request a Quote' });
    expect(internal).toHaveAttribute('href', '/contact');
    expect(internal).not.toHaveAttribute('target');
    renderLink('mailto:info@nyota.example', 'Email us');
    expect(screen.getByRole('link', { name: 'Email us' })).toHaveAttribute('href', 'mailto:info@nyota.example');
    expect(screen.getByRole('link', { name: 'Email us' })).not.toHaveAttribute('target');
    renderLink('#pricing', 'See pricing');
    expect(screen.getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '#pricing');
  });

  it('keeps the new-tab notice with an aria-label', () => {
    render(
      <ActionLink href="https://agents.example" aria-label="Launch the enterprise agent">
        Launch
      </ActionLink>,
    );
    expect(screen.getByRole('link', { name: 'Launch the enterprise agent (opens in a new tab)' })).toBeInTheDocument();
  });

  it('classifies hrefs', () => {
    expect(actionKind('https://x.example')).toBe('external');
    expect(actionKind('//x.example')).toBe('external');
    expect(actionKind('tel:+254700000000')).toBe('mailto');
    expect(actionKind('#services')).toBe('anchor');
    expect(actionKind('/#services')).toBe('internal');
  });
});

describe('StarRating', () => {
  it('has the accessible label and draws the stars', () => {
    const { container } = render(<StarRating rating={4} />);
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(container.querySelectorAll('svg')).toHaveLength(5);
    expect(container.querySelectorAll('svg.fill-amber-400')).toHaveLength(4);
  });
});

describe('FallbackImage', () => {
  it('is sized and lazy by default, and falls back to the server illustration on error', () => {
    render(<FallbackImage src="/uploads/missing.png" alt="Rack" width={640} height={400} />);
    const img = screen.getByRole('img', { name: 'Rack' });
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '400');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('src', '/uploads/missing.png');
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', defaultServerImage);
    // A failing fallback does not loop.
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', defaultServerImage);
  });

  it('can load eagerly above the fold', () => {
    render(<FallbackImage src="/a.png" alt="A" width={1} height={1} loading="eager" />);
    expect(screen.getByRole('img', { name: 'A' })).toHaveAttribute('loading', 'eager');
  });
});
