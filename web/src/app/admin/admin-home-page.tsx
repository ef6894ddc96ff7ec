import { Navigate, useLocation } from 'react-router-dom';
import { PageMeta } from '@/components/ui/page-meta';
import { OverviewTiles } from './overview-tiles';

// The inbox and waitlist moved to /admin/requests: links saved before keep working.
const movedAnchors = new Set(['#inbox', '#waitlist']);

/** /admin: what waits for a person now, each tile a link to where it is handled; fits one screen. */
export default function AdminHomePage() {
  const { hash } = useLocation();
  if (movedAnchors.has(hash)) return <Navigate to={`/admin/requests${hash}`} replace />;
  return (
    <section className="mx-auto max-w-6xl px-4 py-6 lg:px-8">
      <PageMeta title="Overview | Admin | Nyota Cloud" description="What needs attention now: chats, requests, subscriptions and dead letters." />
      <h1 className="text-2xl font-bold">Overview</h1>
      <p className="mt-1 text-gray-700 dark:text-gray-300">What needs attention now: each figure opens the section where it is handled.</p>
      <OverviewTiles />
    </section>
  );
}
