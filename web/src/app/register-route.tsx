// /register: registration with intake's waitlist form for when registration
// cannot be reached (the two features meet here, in app/).

import { RegisterPage } from '@/features/accounts/components/register-page';
import { WaitlistForm } from '@/features/intake/components/waitlist-form';
import { t } from '@/i18n/i18n';

export function RegisterRoute() {
  return (
    <RegisterPage
      waitlistForm={
        <WaitlistForm
          interest="general"
          title={t('register.waitlist.title')}
          text={t('register.waitlist.text')}
          submitLabel={t('register.waitlist.submit')}
        />
      }
    />
  );
}
