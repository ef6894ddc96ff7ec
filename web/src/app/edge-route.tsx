// /edge: the Edge AI page with intake's early-access waitlist form in it (the
// two features meet here, in app/).

import { WaitlistForm } from '@/features/intake/components/waitlist-form';
import EdgePage from '@/features/pages/components/edge/edge-page';

export function EdgeRoute() {
  return (
    <EdgePage
      waitlistForm={
        <WaitlistForm
          interest="gpu-cluster"
          headingLevel="h3"
          title="Get early access to the GPU cluster"
          text="Leave your email address; we send one confirmation now and write again when early access opens."
          submitLabel="Request early access"
        />
      }
    />
  );
}
