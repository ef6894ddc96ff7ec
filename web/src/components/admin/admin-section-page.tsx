import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageMeta } from '@/components/ui/page-meta';
import { cn } from '@/components/ui/cn';
import { adminSection } from './admin-sections';

/** The frame of one admin section: title, purpose, a way back to the admin home, and the section's screen. */
export function AdminSectionPage({
  path,
  children,
  wide = false,
}: {
  path: string;
  children?: ReactNode;
  /** As wide as the site header (and aligned with it), for side-by-side editors. */
  wide?: boolean;
}) {
  const section = adminSection(path);
  return (
    <section className={cn('mx-auto px-4 py-12 lg:px-8', wide ? 'max-w-7xl' : 'max-w-5xl')}>
      <PageMeta title={`${section.title} | Admin | Nyota Cloud`} description={section.description} />
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link to="/admin" className="text-brand-dark underline dark:text-brand-light">
          Admin
        </Link>
        <span aria-hidden="true"> / </span>
        <span>{section.title}</span>
      </nav>
      <h1 className="mt-4 text-3xl font-bold">{section.title}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{section.description}</p>
      {children && <div className="mt-8">{children}</div>}
    </section>
  );
}
