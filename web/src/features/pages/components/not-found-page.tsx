import { Link } from 'react-router-dom';
import { PageMeta } from '@/components/ui/page-meta';

export function NotFoundPage() {
  return (
    <section className="mx-auto max-w-2xl px-4 py-24 text-center">
      <PageMeta title="404 Page Not Found" description="The page you are looking for does not exist." />
      <h1 className="text-4xl font-bold">404 Page Not Found</h1>
      <p className="mt-4 text-gray-700 dark:text-gray-300">
        Sorry, the page you are looking for doesn't exist or has been moved.
      </p>
      <Link to="/" className="mt-8 inline-block font-semibold text-brand-dark underline dark:text-brand-light">
        Go back home
      </Link>
    </section>
  );
}
