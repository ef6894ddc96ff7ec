// The Privacy Policy: nine numbered sections, last updated April 23, 2025 (spec §2).

import { site } from '@/config/site';
import { p, ul, type LegalContent } from './legal-types';

const company = site.company;

export const privacyContent: LegalContent = {
  route: '/privacy',
  title: 'Privacy Policy',
  lastUpdated: '2025-04-23',
  intro: [
    p(
      `${company} ("we", "us", "our") provides cloud infrastructure and related services to businesses across Africa. This Privacy Policy explains what personal data we collect when you visit our website, create an account, use our services or contact us, how we use and protect it, and the rights you have over it.`,
    ),
    p(
      'We process personal data in line with the Kenya Data Protection Act, 2019 and its regulations. Where we process data on behalf of our customers as a data processor, our ',
      { text: 'Data Processing Agreement', to: '/data-processing-agreement' },
      ' applies instead of this policy.',
    ),
  ],
  sections: [
    {
      title: 'Information We Collect',
      blocks: [
        {
          kind: 'subsection',
          title: 'Information you give us',
          blocks: [
            ul(
              'Account details: your name, email address, phone number, company name and password (stored only as a secure hash).',
              'Billing details: billing address, tax identification number and payment records. Card and mobile money payments are handled by our payment partners; we do not store full card numbers.',
              'Communications: messages you send through our contact and demo request forms, live chat, email or phone, and the records of support tickets.',
            ),
          ],
        },
        {
          kind: 'subsection',
          title: 'Information collected automatically',
          blocks: [
            ul(
              'Technical data: IP address, browser type, device information and the pages you visit on our website.',
              'Service data: logs and usage metrics of the resources you run on our platform, used to operate, secure and bill the services.',
              'Cookies and similar technologies, as described in section 8.',
            ),
          ],
        },
      ],
    },
    {
      title: 'How We Use Your Information',
      blocks: [
        p('We use personal data only for specific, explicit and legitimate purposes:'),
        ul(
          'to create and manage your account and provide the services you order;',
          'to process payments, issue invoices and apply service credits;',
          'to provide 24/7 technical support and respond to your enquiries;',
          'to monitor, secure and improve our platform, and to detect and prevent fraud and abuse;',
          'to send service notices such as maintenance windows, security alerts and changes to our terms;',
          'to send marketing messages about our products and events, only where you have agreed to receive them; you may opt out at any time;',
          'to comply with our legal, tax and regulatory obligations.',
        ),
        p(
          'We rely on the performance of our contract with you, our legitimate interests in running a secure and reliable service, your consent where we ask for it, and our legal obligations as the lawful bases for this processing.',
        ),
      ],
    },
    {
      title: 'How We Share Your Information',
      blocks: [
        p('We do not sell your personal data. We share it only with:'),
        ul(
          'service providers who help us operate our business, such as payment processors, email delivery and customer support tools, under written contracts that require them to protect your data and use it only on our instructions;',
          'professional advisers such as auditors and lawyers, under duties of confidentiality;',
          'public authorities, where the law requires it or to protect the rights, property or safety of our customers, our staff or the public;',
          'a successor entity in the event of a merger, acquisition or sale of assets, which will remain bound by this policy.',
        ),
      ],
    },
    {
      title: 'Where Your Data Is Stored',
      blocks: [
        p(
          'Your data is kept in Africa. We store and process personal data in Tier-3 data centers located in Africa. Where a service provider must process data outside Kenya, we transfer it only with appropriate safeguards as required by the Kenya Data Protection Act, 2019, such as contractual protections or a destination with an adequate level of protection.',
        ),
      ],
    },
    {
      title: 'How We Protect Your Data',
      blocks: [
        p('We apply technical and organisational measures appropriate to the risk, including:'),
        ul(
          'encryption with AES-256 at rest and TLS 1.3 in transit;',
          'role-based access control and multi-factor authentication, so staff access only the data their role requires;',
          'Tier-3 data centers with physical access controls and 24/7 monitoring;',
          'regular security testing, patching and staff training.',
        ),
        p(
          'No system is completely secure. If a personal data breach is likely to put your rights at risk, we will notify you and the Office of the Data Protection Commissioner as the law requires. See our ',
          { text: 'Security & Compliance', to: '/security-compliance' },
          ' page for more detail.',
        ),
      ],
    },
    {
      title: 'Data Retention',
      blocks: [
        p(
          'We keep personal data only as long as we need it for the purposes above. Account and service data is kept for the life of your account and deleted or anonymised after it closes, unless we must keep it longer. Billing and tax records are kept for the periods required by Kenyan law. Enquiries from visitors who do not become customers are deleted within 24 months of our last contact.',
        ),
      ],
    },
    {
      title: 'Your Rights',
      blocks: [
        p('Under the Kenya Data Protection Act, 2019 you have the right to:'),
        ul(
          'be informed of the use to which your personal data is put;',
          'access the personal data we hold about you;',
          'object to the processing of all or part of your personal data, including for direct marketing;',
          'have false or misleading data corrected;',
          'have false or misleading data deleted, and ask us to erase data we no longer need;',
          'receive your data in a structured, commonly used and machine-readable format (data portability);',
          'withdraw your consent at any time, without affecting processing that took place before.',
        ),
        p(
          'To exercise these rights, contact us using the details in section 9. We may ask you to verify your identity before acting on a request. If you are not satisfied with our response, you may lodge a complaint with the Office of the Data Protection Commissioner.',
        ),
      ],
    },
    {
      title: 'Cookies and Similar Technologies',
      blocks: [
        p(
          'Our website uses cookies and local storage to keep you signed in, remember your theme and cookie choice, and keep a live chat session open. When you choose a language, the nyota_lang cookie remembers it for a year; like the others, it is needed for the site to work as you asked, so it is set without asking for consent. Only with your consent do we use analytics cookies to understand how visitors use the site so that we can improve it. You can accept or decline non-essential cookies in the cookie banner, and delete cookies at any time in your browser settings.',
        ),
        p(
          'We do not allow third parties to use cookies on our website for advertising. Embedded content, such as our introduction video, loads only when you choose to play it.',
        ),
      ],
    },
    {
      title: 'Changes to This Policy and Contact',
      blocks: [
        p(
          'We may update this policy to reflect changes in our services or the law. The date at the top of this page shows when it was last revised; if we make significant changes, we will notify account holders by email before they take effect.',
        ),
        p('For questions about this policy or to exercise your rights, contact our data protection team:'),
        { kind: 'contact', mailSubject: 'Privacy request' },
      ],
    },
  ],
};
