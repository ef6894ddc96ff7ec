import { Link } from 'react-router-dom';
import { PageMeta } from '@/components/ui/page-meta';
import { t } from '@/i18n/i18n';

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <PageMeta title={t('notFound.title')} description={t('notFound.description')} />
      <h1 className="text-4xl font-bold">{t('notFound.title')}</h1>
      <p className="mt-4 text-gray-700 dark:text-gray-300">{t('notFound.text')}</p>
      <Link to="/" className="mt-8 inline-block font-semibold text-brand-dark underline dark:text-brand-light">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
