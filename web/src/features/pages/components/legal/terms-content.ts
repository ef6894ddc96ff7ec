// The Terms of Service: ten sections; the last-updated date is the day the
// page is viewed (spec §2). Liability cap and refunds as spec §9 "Terms".

import { site } from '@/config/site';
import { localIsoDate, p, ul, type LegalContent } from './legal-types';

const company = site.company;

/** The Terms as of `today` (the visitor's local date). */
export function termsContent(today: Date = new Date()): LegalContent {
  return {
    route: '/terms-of-service',
    title: 'Terms of Service',
    lastUpdated: localIsoDate(today),
    intro: [
      p(
        `These Terms of Service ("Terms") govern your access to and use of the website, cloud infrastructure and related services provided by ${company} ("we", "us", "our"). Please read them carefully. By creating an account, placing an order or using the services, you agree to these Terms on behalf of yourself and, if applicable, the organisation you represent.`,
      ),
    ],
    sections: [
      {
        title: 'Acceptance of Terms',
        blocks: [
          p(
            'You must be at least 18 years old and able to enter into a binding contract to use the services. If you accept these Terms for a company or other organisation, you confirm that you have the authority to bind it, and "you" refers to that organisation.',
          ),
          p(
            'These Terms, together with any order form, the ',
            { text: 'Service Level Agreement', to: '/service-level-agreement' },
            ', the ',
            { text: 'Data Processing Agreement', to: '/data-processing-agreement' },
            ' and the ',
            { text: 'Privacy Policy', to: '/privacy' },
            ', form the entire agreement between you and us. If an order form conflicts with these Terms, the order form prevails for that order.',
          ),
        ],
      },
      {
        title: 'Our Services',
        blocks: [
          p(
            `${company} provides infrastructure as a service, bare metal and virtual private servers, managed infrastructure, storage, business intelligence, edge AI and related services (the "Services"), as described on our website and in your order. We may improve or change the Services over time; we will not materially reduce the functionality of a Service you pay for during your current billing period.`,
          ),
        ],
      },
      {
        title: 'Your Account',
        blocks: [
          ul(
            'Provide accurate and complete registration information and keep it up to date.',
            'Keep your credentials confidential and enable multi-factor authentication where it is offered; you are responsible for all activity under your account.',
            'Tell us immediately if you suspect unauthorised access to your account.',
            'Assign roles to your team members with the least access they need.',
          ),
        ],
      },
      {
        title: 'Acceptable Use',
        blocks: [
          p('You may not use the Services, or allow others to use them, to:'),
          ul(
            'break any law of Kenya or of the country where you operate, or infringe the rights of others;',
            'store or distribute malware, or content that is unlawful, fraudulent, defamatory or that exploits children;',
            'send unsolicited bulk messages, or conduct phishing or other deceptive practices;',
            'attack, probe or disrupt any network or system, including ours, or circumvent security or usage limits;',
            'mine cryptocurrency on shared resources without our prior written agreement.',
          ),
          p(
            'We may suspend the affected Service, with notice where practical, if your use breaches this section or threatens the security or stability of our platform. We will restore it once the issue is resolved.',
          ),
        ],
      },
      {
        title: 'Fees and Payment',
        blocks: [
          p(
            'You agree to pay the fees for the Services set out on our website or in your order form. Fees are billed in advance for each billing period (monthly or yearly), in Kenya Shillings or US Dollars as stated, and are exclusive of VAT and other applicable taxes, which we add to your invoice.',
          ),
          ul(
            'Invoices are due within 14 days of issue unless your order form states otherwise.',
            'We may suspend the Services if an invoice remains unpaid 14 days after we send you a reminder.',
            'We will give you at least 30 days notice of any price increase, which takes effect from your next billing period.',
            'All fees are non-refundable unless specified otherwise in these Terms, in the Service Level Agreement or in your order form. Service credits are not refunds and are applied to future invoices.',
          ),
        ],
      },
      {
        title: 'Service Levels and Support',
        blocks: [
          p(
            'Our uptime commitments, support response times, maintenance windows and the service credits available if we miss them are set out in our ',
            { text: 'Service Level Agreement', to: '/service-level-agreement' },
            '. Support is available 24/7.',
          ),
        ],
      },
      {
        title: 'Your Data and Confidentiality',
        blocks: [
          p(
            'You own the data and content you store or process through the Services ("Customer Data"). You grant us only the rights we need to host, process and transmit Customer Data to provide the Services. Customer Data is kept in Africa, encrypted with AES-256 at rest and TLS 1.3 in transit, and processed under our ',
            { text: 'Data Processing Agreement', to: '/data-processing-agreement' },
            '.',
          ),
          p(
            'Each party will keep the other\'s confidential information confidential, use it only to perform these Terms, and disclose it only to people who need to know it and are bound by similar obligations, or where the law requires it.',
          ),
        ],
      },
      {
        title: 'Intellectual Property',
        blocks: [
          p(
            `${company} and its licensors own all rights in the Services, our software, documentation, website and brand. These Terms give you a limited, non-exclusive, non-transferable right to use the Services during your subscription. You may send us feedback; we may use it freely without obligation to you.`,
          ),
        ],
      },
      {
        title: 'Limitation of Liability',
        blocks: [
          p(
            'To the fullest extent permitted by law, neither party is liable for indirect, incidental, special or consequential damages, or for loss of profits, revenue, business or goodwill, even if advised of their possibility.',
          ),
          p(
            `Our total liability arising out of or in connection with these Terms and the Services, whether in contract, tort or otherwise, is capped at the amount paid in the preceding twelve months by you to ${company} for the Service giving rise to the claim.`,
          ),
          p(
            'Nothing in these Terms limits liability for death or personal injury caused by negligence, for fraud, or for any other liability that cannot be limited by law. The Services are otherwise provided "as is", and we disclaim all warranties not expressly stated in these Terms or the Service Level Agreement.',
          ),
        ],
      },
      {
        title: 'Term, Termination, Governing Law and Contact',
        blocks: [
          p(
            'These Terms apply from the day you first accept them until all your subscriptions end. Either party may terminate a subscription at the end of its billing period with 30 days written notice, or immediately if the other party materially breaches these Terms and fails to remedy the breach within 30 days of notice. On termination you may export your Customer Data during the retention period set out in the Data Processing Agreement.',
          ),
          p(
            'These Terms are governed by the laws of Kenya. The parties will first try to settle any dispute through good-faith negotiation; failing that, the courts of Kenya have exclusive jurisdiction. We may update these Terms from time to time; the date at the top of this page shows the current version, and we will notify account holders of material changes by email.',
          ),
          p('For questions about these Terms, contact us:'),
          { kind: 'contact', mailSubject: 'Terms of Service' },
        ],
      },
    ],
  };
}
