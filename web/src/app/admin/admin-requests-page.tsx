import { AdminSectionPage } from '@/components/admin/admin-section-page';
import { InboxRequests } from '@/features/intake/components/inbox-requests';
import { WaitlistSection } from '@/features/intake/components/waitlist-section';
import { useUser } from '@/lib/auth/get-user';
import { useScrollToHash } from '@/lib/use-scroll-to-hash';

/** /admin/requests: the inbox of contact and demo requests, and the waitlist (moved off the overview so it fits one screen). */
export default function AdminRequestsPage() {
  // RequireAdmin has loaded the user before this page renders.
  const { data: user } = useUser();
  useScrollToHash();
  return (
    <AdminSectionPage path="/admin/requests" wide>
      {user && <InboxRequests adminId={user.id} />}
      <WaitlistSection />
    </AdminSectionPage>
  );
}
