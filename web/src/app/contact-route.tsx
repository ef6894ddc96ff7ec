// /contact: the contact page with intake's message form in it (the two
// features meet here, in app/). The Subject is prefilled from `?subject=`.

import { useSearchParams } from 'react-router-dom';
import { DemoRequestForm } from '@/features/intake/components/demo-request-form';
import { ContactPage, contactSentToast } from '@/features/pages/components/company/contact-page';
import { contactFormId } from '@/features/pages/lib/contact-link';
import { t } from '@/i18n/i18n';
import { toast } from '@/lib/toast-store';

export function ContactRoute() {
  const [params] = useSearchParams();
  const subject = params.get('subject') ?? '';
  return (
    <ContactPage
      form={
        <DemoRequestForm
          key={subject}
          id={contactFormId}
          source="/contact"
          phone
          defaultSubject={subject}
          submitLabel={t('contact.form.submit')}
          pendingLabel={t('contact.form.sending')}
          successText={null}
          onSent={() => toast(contactSentToast())}
        />
      }
    />
  );
}
