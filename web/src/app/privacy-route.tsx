// /privacy: the Privacy Policy with the data subject request form under it
// (the two features meet here, in app/).

import { PrivacyPage } from '@/features/pages/components/legal/privacy-page';
import { PrivacyRequestForm } from '@/features/privacy/components/privacy-request-form';

export function PrivacyRoute() {
  return (
    <PrivacyPage>
      <PrivacyRequestForm />
    </PrivacyPage>
  );
}
