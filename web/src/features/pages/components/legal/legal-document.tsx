// The legal pages' frame: its texts are the catalogue's area `legal`.
import 'virtual:catalog/en/legal';
import { Clock, Info, Mail, MapPin, Phone } from 'lucide-react';
import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { site } from '@/config/site';
import { activeLocale, formatDate, t } from '@/i18n/i18n';
import { localizedPath } from '@/i18n/locales';
import { Rich } from '@/i18n/rich';
import { mailtoHref } from '@/lib/mailto';
import { telHref, useSiteSettings } from '@/lib/site-settings';
import { RouteMeta } from '@/components/ui/route-meta';
import { sectionId, type Block, type Inline, type LegalContent } from './legal-types';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

const linkClass =
  'font-medium text-pink-700 underline underline-offset-2 hover:text-pink-900 dark:text-pink-300 dark:hover:text-pink-200';

function InlineText({ content }: { content: Inline[] }) {
  return (
    <>
      {content.map((part, i) =>
        typeof part === 'string' ? (
          part
        ) : (
          <Link key={i} to={part.to} className={linkClass}>
            {part.text}
          </Link>
        ),
      )}
    </>
  );
}

function ContactDetails({ mailSubject }: { mailSubject: string }) {
  const settings = useSiteSettings();
  return (
    <address className="not-italic">
      <p className="font-semibold text-gray-900 dark:text-white">{site.company}</p>
      <ul className="mt-2 space-y-2">
        <li className="flex items-start gap-2">
          <Mail className="mt-1 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            {t('legal.contact.email')}{' '}
            <a href={mailtoHref(settings.infoEmail, { subject: mailSubject })} className={linkClass}>
              {settings.infoEmail}
            </a>
          </span>
        </li>
        <li className="flex items-start gap-2">
          <Phone className="mt-1 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            {t('legal.contact.phone')}{' '}
            <a href={telHref(settings.phone)} className={linkClass}>
              {settings.phone}
            </a>
          </span>
        </li>
        <li className="flex items-start gap-2">
          <MapPin className="mt-1 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            {t('legal.contact.office')} {settings.office.building}, {settings.office.street}, {settings.office.city}
          </span>
        </li>
        <li className="flex items-start gap-2">
          <Clock className="mt-1 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            {t('legal.contact.hours')} {settings.hours}
          </span>
        </li>
      </ul>
    </address>
  );
}

function BlockView({ block }: { block: Block }): ReactNode {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <InlineText content={block.content} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, i) => (
        <li key={i}>
          <InlineText content={item} />
        </li>
      ));
      return block.ordered ? (
        <ol className="list-decimal space-y-2 pl-6">{items}</ol>
      ) : (
        <ul className="list-disc space-y-2 pl-6">{items}</ul>
      );
    }
    case 'table':
      // Wide tables scroll inside their own box on a narrow screen; the box is focusable so a
      // keyboard user can scroll it too.
      return (
        <div className="overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-700" tabIndex={0} role="region" aria-label={block.caption}>
          <table className="w-full min-w-[28rem] border-collapse text-left text-sm">
            <caption className="bg-gray-50 px-4 py-2 text-left font-semibold text-gray-900 dark:bg-gray-800 dark:text-white">
              {block.caption}
            </caption>
            <thead className="bg-gray-100 dark:bg-gray-800">
              <tr>
                {block.columns.map((column) => (
                  <th key={column} scope="col" className="px-4 py-2 font-semibold text-gray-900 dark:text-white">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row) => (
                <tr key={row[0]} className="border-t border-gray-200 dark:border-gray-700">
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="px-4 py-2 font-medium text-gray-900 dark:text-white">
                        {cell}
                      </th>
                    ) : (
                      <td key={i} className="px-4 py-2">
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'subsection':
      return (
        <div className="space-y-3">
          <h3 className="text-lg font-semibold text-gray-900 dark:text-white">{block.title}</h3>
          {block.blocks.map((inner, i) => (
            <BlockView key={i} block={inner} />
          ))}
        </div>
      );
    case 'contact':
      return <ContactDetails mailSubject={block.mailSubject} />;
  }
}

/**
 * In French and Kiswahili, above the text: the translation is for
 * information, the English version prevails, and a link to it.
 */
function TranslationNotice({ route }: { route: string }) {
  if (activeLocale() === 'en') return null;
  return (
    <div className="mt-6 flex items-start gap-3 rounded-lg border border-sky-200 bg-sky-50 p-4 text-sm text-gray-800 dark:border-sky-800 dark:bg-sky-950 dark:text-gray-100">
      <Info className="mt-0.5 h-5 w-5 shrink-0 text-sky-700 dark:text-sky-300" aria-hidden="true" />
      <p>
        <Rich id="legal.notice" parts={[<a href={localizedPath(route, 'en')} hrefLang="en" className={linkClass} />]} />
      </p>
    </div>
  );
}

/** "April 23, 2025", "23 avril 2025", "23 Aprili 2025" for "2025-04-23", whatever the visitor's time zone. */
function longDate(iso: string): string {
  return formatDate(new Date(`${iso}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });
}

/**
 * The layout of every legal page: breadcrumb, title, last-updated line,
 * a table of contents and numbered sections with linkable ids (`#section-N`).
 */
export function LegalDocument({ content, children }: { content: LegalContent; children?: ReactNode }) {
  useScrollToHash();
  // Read once, in the page's language (a document's parts are built when read).
  const doc: LegalContent = { ...content };
  return (
    <article className="mx-auto max-w-4xl px-4 py-12 lg:px-8">
      <RouteMeta route={doc.route} />
      <nav aria-label={t('legal.breadcrumb')} className="text-sm text-gray-700 dark:text-gray-300">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to="/" className={linkClass}>
              {t('header.home')}
            </Link>
          </li>
          <li aria-hidden="true">{'>'}</li>
          <li aria-current="page">{doc.title}</li>
        </ol>
      </nav>

      <header className="mt-6 border-b border-gray-200 pb-6 dark:border-gray-700">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{doc.title}</h1>
        <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">
          {doc.version && <span>{t('legal.version', { version: doc.version })} · </span>}
          <Rich id="legal.lastUpdated" values={{ date: longDate(doc.lastUpdated) }} parts={[<time dateTime={doc.lastUpdated} />]} />
        </p>
      </header>
      <TranslationNotice route={doc.route} />

      <div className="mt-6 space-y-4 leading-relaxed text-gray-700 dark:text-gray-300">
        {doc.intro.map((block, i) => (
          <BlockView key={i} block={block} />
        ))}
      </div>

      {doc.highlights && (
        <ul className="mt-8 grid gap-4 sm:grid-cols-3" aria-label={t('legal.highlights')}>
          {doc.highlights.map((h) => (
            <li
              key={h.label}
              className="rounded-xl border border-gray-200 bg-gray-50 p-4 text-center dark:border-gray-700 dark:bg-gray-800"
            >
              <p className="text-2xl font-bold text-pink-700 dark:text-pink-300">{h.value}</p>
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{h.label}</p>
            </li>
          ))}
        </ul>
      )}

      <nav
        aria-labelledby="toc-heading"
        className="mt-8 rounded-xl border border-gray-200 bg-gray-50 p-5 dark:border-gray-700 dark:bg-gray-800"
      >
        <h2 id="toc-heading" className="text-lg font-semibold text-gray-900 dark:text-white">
          {t('legal.contents')}
        </h2>
        <ol className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
          {doc.sections.map((section, i) => (
            <li key={section.title}>
              <a href={`#${sectionId(i + 1)}`} className={linkClass}>
                {i + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {doc.sections.map((section, i) => (
        <section
          key={section.title}
          id={sectionId(i + 1)}
          aria-labelledby={`${sectionId(i + 1)}-heading`}
          className="mt-10 scroll-mt-24 space-y-4 leading-relaxed text-gray-700 dark:text-gray-300"
        >
          <h2 id={`${sectionId(i + 1)}-heading`} className="text-2xl font-bold text-gray-900 dark:text-white">
            {i + 1}. {section.title}
          </h2>
          {section.blocks.map((block, j) => (
            <BlockView key={j} block={block} />
          ))}
        </section>
      ))}
      {children}
    </article>
  );
}
