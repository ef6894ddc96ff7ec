import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { activeLocale, textsIn } from '@/i18n/i18n';
import { localizedPath, suggestedLocale, type Locale } from '@/i18n/locales';
import { chooseLocale } from '@/lib/auth/account-language';

type Suggestion = { locale: Locale; text: string; go: string; stay: string; label: string };

/**
 * A first visit in another language than the browser's: a card offering
 * this page in the visitor's language, in that language. Never a redirect
 * (a shared link or a crawler keeps its language); once a language is
 * chosen either way, never again. Fixed over the page, so nothing moves.
 * A chunk of its own (layout.tsx loads it only when there is an offer).
 */
export function LanguageSuggestion() {
  const { pathname, search, hash } = useLocation();
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);

  useEffect(() => {
    const wanted = suggestedLocale(activeLocale());
    if (!wanted) return;
    let live = true;
    void textsIn(wanted).then((say) => {
      if (!live) return;
      setSuggestion({
        locale: wanted,
        text: say('language.suggestion'),
        go: say('language.suggestion.go'),
        stay: say('language.suggestion.stay'),
        label: say('language.label'),
      });
    });
    return () => {
      live = false;
    };
  }, []);

  // A blog post lives at its own language's address and links its translations
  // itself: this page "in French" would lead back to it.
  const post = /^\/blog\/[^/]+/.test(pathname);
  if (!suggestion || post) return null;
  return (
    <section
      lang={suggestion.locale}
      aria-label={suggestion.label}
      className="fixed inset-x-4 top-20 z-40 rounded-xl border border-gray-200 bg-white p-4 shadow-lg sm:left-auto sm:w-96 dark:border-gray-700 dark:bg-gray-800"
    >
      <p className="text-sm text-gray-800 dark:text-gray-100">{suggestion.text}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <a
          href={`${localizedPath(pathname, suggestion.locale)}${search}${hash}`}
          hrefLang={suggestion.locale}
          onClick={() => chooseLocale(suggestion.locale)}
          className={buttonClass('primary')}
        >
          {suggestion.go}
        </a>
        <button
          type="button"
          onClick={() => {
            chooseLocale(activeLocale());
            setSuggestion(null);
          }}
          className={buttonClass('secondary')}
        >
          {suggestion.stay}
        </button>
      </div>
    </section>
  );
}
