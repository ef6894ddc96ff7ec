// /register: registration with intake's waitlist form for when registration
// cannot be reached (the two features meet here, in app/).

import { RegisterPage } from '@/features/accounts/components/register-page';
import { WaitlistForm } from '@/features/intake/components/waitlist-form';

export function RegisterRoute() {
  return (
    <RegisterPage
      waitlistForm={
        <WaitlistForm
          interest="general"
          title="Join our waitlist"
          text="Registration can't be reached right now. Leave your email address and we'll let you know as soon as you can create your account."
        />
      }
    />
  );
}
