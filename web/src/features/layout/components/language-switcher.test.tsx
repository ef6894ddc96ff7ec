import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/i18n/i18n';
import { json, mockFetch, renderApp } from '@/test/render';

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'nyota_lang=; Max-Age=0; Path=/';
  await activateLocale('en');
});

const signedOut = () => mockFetch((url) => (url === '/api/user' ? json(401, { message: 'Unauthorized' }) : json(404, {})));

describe('the site in another language', () => {
  it('shows the header and footer in French, with the languages as links to this page', async () => {
    signedOut();
    await activateLocale('fr');
    renderApp('/about?tab=team');
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Nyota Cloud. Tous droits réservés.`);
    expect(within(footer).getByRole('navigation', { name: 'Pied de page : Informations légales' })).toBeInTheDocument();
    expect(await screen.findAllByRole('link', { name: 'Se connecter' })).not.toHaveLength(0);
    const languages = within(footer).getByRole('navigation', { name: 'Langue' });
    expect(within(languages).getByRole('link', { name: 'English' })).toHaveAttribute('href', '/about?tab=team');
    expect(within(languages).getByRole('link', { name: 'Kiswahili' })).toHaveAttribute('href', '/sw/about?tab=team');
    expect(within(languages).getByRole('link', { name: 'Français' })).toHaveAttribute('aria-current', 'true');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('loads this page in the language chosen in the header, and remembers it', async () => {
    signedOut();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderApp('/contact');
    const header = screen.getByRole('banner');
    const menu = within(header).getAllByRole('combobox', { name: 'Language' })[0]!;
    expect(menu).toHaveValue('en');
    await userEvent.selectOptions(menu, 'Kiswahili');
    expect(assign).toHaveBeenCalledWith('/sw/contact');
    expect(document.cookie).toContain('nyota_lang=sw');
  });
});
