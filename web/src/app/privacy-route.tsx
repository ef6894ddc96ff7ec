// /privacy: the Privacy Policy with the data subject request form under it
// (the features meet here, in app/: the form's answer depends on whether the
// site sends email, which the chat's email status says).

import { useEmailEnabled } from '@/features/chat/api/email-status';
import { PrivacyPage } from '@/features/pages/components/legal/privacy-page';
import { PrivacyRequestForm } from '@/features/privacy/components/privacy-request-form';

export function PrivacyRoute() {
  const emailEnabled = useEmailEnabled();
  return (
    <PrivacyPage>
      <PrivacyRequestForm emailEnabled={emailEnabled} />
    </PrivacyPage>
  );
}
