// The hosted email page with intake's demo request form in it (the two
// features meet here, in app/).

import { DemoRequestForm } from '@/features/intake/components/demo-request-form';
import { HostedEmailPage, hostedEmailRoute } from '@/features/pages/components/company/hosted-email-page';

export function HostedEmailRoute() {
  return <HostedEmailPage demoForm={<DemoRequestForm source={hostedEmailRoute} company />} />;
}
