import type { ReactNode } from 'react';
import { PageMeta } from '@/components/ui/page-meta';
import { cn } from '@/lib/cn';
import { adminSection } from '@/config/admin-sections';

/** The frame of one admin section: title, purpose and the section's screen (the shell's sidebar says where you are). */
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
    <section className={cn('mx-auto px-4 py-6 lg:px-8', wide ? 'max-w-7xl' : 'max-w-5xl')}>
      <PageMeta title={`${section.title} | Admin | Nyota Cloud`} description={section.description} />
      <h1 className="text-3xl font-bold">{section.title}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{section.description}</p>
      {children && <div className="mt-8">{children}</div>}
    </section>
  );
}
