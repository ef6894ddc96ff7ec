import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { site } from '@/config/site';
import { mailtoHref } from '@/lib/mailto';
import { telHref, useSiteSettings } from '@/lib/site-settings';
import { RouteMeta } from '@/components/ui/route-meta';
import { longUsDate, sectionId, type Block, type Inline, type LegalContent } from './legal-types';
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
            Email:{' '}
            <a href={mailtoHref(settings.infoEmail, { subject: mailSubject })} className={linkClass}>
              {settings.infoEmail}
            </a>
          </span>
        </li>
        <li className="flex items-start gap-2">
          <Phone className="mt-1 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            Phone:{' '}
            <a href={telHref(settings.phone)} className={linkClass}>
              {settings.phone}
            </a>
          </span>
        </li>
        <li className="flex items-start gap-2">
          <MapPin className="mt-1 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            Office: {settings.office.building}, {settings.office.street}, {settings.office.city}
          </span>
        </li>
        <li className="flex items-start gap-2">
          <Clock className="mt-1 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>Office hours: {settings.hours}</span>
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
 * The layout of every legal page: breadcrumb, title, last-updated line,
 * a table of contents and numbered sections with linkable ids (`#section-N`).
 */
export function LegalDocument({ content, children }: { content: LegalContent; children?: ReactNode }) {
  useScrollToHash();
  return (
    <article className="mx-auto max-w-4xl px-4 py-12 lg:px-8">
      <RouteMeta route={content.route} />
      <nav aria-label="Breadcrumb" className="text-sm text-gray-700 dark:text-gray-300">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to="/" className={linkClass}>
              Home
            </Link>
          </li>
          <li aria-hidden="true">&gt;</li>
          <li aria-current="page">{content.title}</li>
        </ol>
      </nav>

      <header className="mt-6 border-b border-gray-200 pb-6 dark:border-gray-700">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{content.title}</h1>
        <p className="mt-3 text-sm text-gray-700 dark:text-gray-300">
          {content.version && <span>Version {content.version} · </span>}
          Last updated: <time dateTime={content.lastUpdated}>{longUsDate(content.lastUpdated)}</time>
        </p>
      </header>

      <div className="mt-6 space-y-4 leading-relaxed text-gray-700 dark:text-gray-300">
        {content.intro.map((block, i) => (
          <BlockView key={i} block={block} />
        ))}
      </div>

      {content.highlights && (
        <ul className="mt-8 grid gap-4 sm:grid-cols-3" aria-label="Key commitments">
          {content.highlights.map((h) => (
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
          Table of contents
        </h2>
        <ol className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
          {content.sections.map((section, i) => (
            <li key={section.title}>
              <a href={`#${sectionId(i + 1)}`} className={linkClass}>
                {i + 1}. {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {content.sections.map((section, i) => (
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
