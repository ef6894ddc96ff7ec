import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/i18n/i18n';
import { LanguageSuggestion } from './language-suggestion';

afterEach(async () => {
  vi.restoreAllMocks();
  document.cookie = 'nyota_lang=; Max-Age=0; Path=/';
  await activateLocale('en');
});

function renderAt(path: string, languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  return render(
    <MemoryRouter initialEntries={[path]}>
      <LanguageSuggestion />
    </MemoryRouter>,
  );
}

describe('LanguageSuggestion', () => {
  it('offers a French browser this page in French, in French, without leaving it', async () => {
    renderAt('/pricing?plan=pro', ['fr-CD', 'en']);
    const card = await screen.findByRole('region', { name: 'Langue' });
    expect(card).toHaveAttribute('lang', 'fr');
    expect(card).toHaveTextContent('Cette page existe aussi en français.');
    expect(screen.getByRole('link', { name: 'La lire en français' })).toHaveAttribute('href', '/fr/pricing?plan=pro');
  });

  it('is dismissed for good with "No, thanks", remembering the page language', async () => {
    renderAt('/about', ['sw-KE']);
    await userEvent.click(await screen.findByRole('button', { name: 'Hapana, asante' }));
    expect(screen.queryByRole('region')).toBeNull();
    expect(document.cookie).toContain('nyota_lang=en');
  });

  it('is not offered on a blog post, which links its own translations', async () => {
    renderAt('/blog/0190a6e2-0000-7000-8000-000000000001', ['fr-FR']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('says nothing when the page is in the browser\'s language, the language is not ours, or a choice was made', async () => {
    const silent = async (path: string, languages: string[]) => {
      const view = renderAt(path, languages);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByRole('region')).toBeNull();
      view.unmount();
    };
    await activateLocale('fr');
    await silent('/', ['fr-FR']);
    await activateLocale('en');
    await silent('/', ['de-DE', 'pt']);
    document.cookie = 'nyota_lang=en; Path=/';
    await silent('/', ['sw']);
    // The same browser with no choice made is offered Kiswahili.
    document.cookie = 'nyota_lang=; Max-Age=0; Path=/';
    renderAt('/', ['sw']);
    expect(await screen.findByRole('region', { name: 'Lugha' })).toBeInTheDocument();
  });
});
