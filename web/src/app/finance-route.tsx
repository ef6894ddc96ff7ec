// /finance: the fintech landing page with intake's demo request form in it
// (the two features meet here, in app/).

import { DemoRequestForm } from '@/features/intake/components/demo-request-form';
import { FinancePage } from '@/features/pages/components/company/finance-page';

export function FinanceRoute() {
  return <FinancePage demoForm={<DemoRequestForm source="/finance" phone company />} />;
}
