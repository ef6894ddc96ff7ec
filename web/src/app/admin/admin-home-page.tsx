import { Link } from 'react-router-dom';
import { PageMeta } from '@/components/ui/page-meta';
import { useUser } from '@/lib/auth/get-user';
import { adminSections } from '@/components/admin/admin-sections';
import { InboxRequests } from '@/features/intake/components/inbox-requests';
import { OverviewTiles } from './overview-tiles';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';
import { WaitlistSection } from '@/features/intake/components/waitlist-section';


/** /admin: what waits for a person, the inbox of contact and demo requests, and the admin sections. */
export default function AdminHomePage() {
  // RequireAdmin has loaded the user before this page renders.
  const { data: user } = useUser();
  useScrollToHash();
  return (
    <section className="mx-auto max-w-6xl px-4 py-12 lg:px-8">
      <PageMeta title="Admin Dashboard | Nyota Cloud" description="Manage site content, events, blog posts and live chat." />
      <h1 className="text-3xl font-bold">Admin dashboard</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">Manage the site's content and talk to visitors.</p>
      <OverviewTiles />
      {user && <InboxRequests adminId={user.id} />}
      <WaitlistSection />
      <section aria-labelledby="sections-heading" className="mt-12">
        <h2 id="sections-heading" className="text-xl font-semibold">
          Sections
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {adminSections.map((section) => (
            <li key={section.path}>
              <Link
                to={section.path}
                className="block h-full rounded-lg border border-gray-200 p-4 hover:border-brand dark:border-gray-700"
              >
                <span className="block font-semibold">{section.title}</span>
                <span className="mt-1 block text-sm text-gray-700 dark:text-gray-300">{section.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </section>
  );
}
