// The Data Processing Agreement: its figures (spec §9 "Data processing
// agreement") as typed data, and the document that presents them.

import { site } from '@/config/site';
import { p, ul, type LegalContent } from './legal-types';

const company = site.company;

/** The DPA's commitments, each used once in the text below. */
export const dpaFigures = {
  version: '2.0',
  dataLocation: 'Africa',
  retention: 'the agreement term plus 6 months',
  requests: {
    acknowledgement: '72 hours',
    initialResponse: '10 business days',
    fulfilment: '30 days',
    complexRequests: '60 days',
  },
  breachNotification: '72 hours',
} as const;

export const dpaContent: LegalContent = {
  route: '/data-processing-agreement',
  title: 'Data Processing Agreement',
  version: dpaFigures.version,
  lastUpdated: '2025-04-23',
  intro: [
    p(
      `This Data Processing Agreement ("DPA") forms part of the agreement between you (the "Customer") and ${company} for the provision of cloud services (the "Agreement"). It applies whenever ${company} processes personal data on the Customer's behalf and sets out both parties' obligations under the Kenya Data Protection Act, 2019, its regulations and, where applicable, other data protection laws such as the EU General Data Protection Regulation.`,
    ),
    p(
      'Your data is kept in Africa. If anything in the Agreement conflicts with this DPA on the processing of personal data, this DPA prevails.',
    ),
  ],
  sections: [
    {
      title: 'Definitions',
      blocks: [
        ul(
          '"Personal Data" means any information relating to an identified or identifiable natural person that the Customer or its users store in or transmit through the Services.',
          '"Data Controller" means the Customer, which determines the purposes and means of processing the Personal Data.',
          `"Data Processor" means ${company}, which processes Personal Data on behalf of the Customer.`,
          `"Sub-processor" means a third party engaged by ${company} to process Personal Data for the Services.`,
          '"Data Subject" means the natural person to whom Personal Data relates.',
          '"Personal Data Breach" means a breach of security leading to the accidental or unlawful destruction, loss, alteration, unauthorised disclosure of, or access to, Personal Data.',
          '"Data Protection Law" means the Kenya Data Protection Act, 2019 and its regulations, and any other data protection law that applies to the processing.',
        ),
      ],
    },
    {
      title: 'Scope and Roles',
      blocks: [
        p(
          `The Customer is the Data Controller and ${company} is the Data Processor of the Personal Data processed through the Services. This DPA covers all infrastructure, storage, managed and hosted services provided under the Agreement.`,
        ),
        ul(
          'Subject matter: the provision of the Services described in the Agreement.',
          'Duration: the term of the Agreement and the retention period in section 9.',
          'Nature and purpose: hosting, storage, backup, transmission and, for managed services, administration of Customer systems.',
          'Types of Personal Data: any Personal Data the Customer chooses to store or process, which may include contact details, identification numbers, financial and transaction records and system logs.',
          "Categories of Data Subjects: the Customer's employees, customers, suppliers and other individuals whose data the Customer processes.",
        ),
      ],
    },
    {
      title: 'Processing Instructions',
      blocks: [
        p(
          `${company} processes Personal Data only on the documented instructions of the Customer, including those given in the Agreement, this DPA and the Customer's configuration of the Services. ${company} will inform the Customer promptly if it believes an instruction breaches Data Protection Law.`,
        ),
        p(
          `${company} does not sell Personal Data, does not use it for advertising and does not access Customer content except as needed to provide the Services, to prevent or resolve technical problems, or where required by law.`,
        ),
      ],
    },
    {
      title: 'Data Location and Transfers',
      blocks: [
        p(
          `Customer data is stored and processed in Tier-3 data centers located in ${dpaFigures.dataLocation}. ${company} will not move Customer data outside Africa without the Customer's prior written consent.`,
        ),
        p(
          'Where a transfer outside Kenya is needed to provide the Services, for example to a data center in another African country chosen by the Customer, it is made only in line with Part VI of the Kenya Data Protection Act, 2019, with appropriate safeguards in place.',
        ),
      ],
    },
    {
      title: 'Security Measures',
      blocks: [
        p(
          `${company} implements and maintains technical and organisational measures appropriate to the risk, including:`,
        ),
        ul(
          'encryption of data at rest with AES-256 and in transit with TLS 1.3;',
          'role-based access control, multi-factor authentication and least-privilege access for staff, with access logged and reviewed;',
          'physically secured Tier-3 data centers with controlled entry, CCTV and 24/7 monitoring;',
          'network segmentation, firewalls and intrusion detection;',
          'regular vulnerability scanning, patching and independent penetration tests;',
          'confidentiality obligations and data protection training for all staff with access to Personal Data.',
        ),
        p(
          { text: 'Our Security & Compliance page', to: '/security-compliance' },
          ' describes these measures in more detail.',
        ),
      ],
    },
    {
      title: 'Sub-processors',
      blocks: [
        p(
          `The Customer authorises ${company} to engage Sub-processors for the Services. ${company} keeps a list of its current Sub-processors, available on request, and will give the Customer at least 30 days notice before adding or replacing one.`,
        ),
        p(
          `The Customer may object to a new Sub-processor on reasonable data protection grounds within that notice period. ${company} imposes data protection obligations on each Sub-processor at least as protective as this DPA and remains responsible for their performance.`,
        ),
      ],
    },
    {
      title: 'Data Subject Requests',
      blocks: [
        p(
          `Data Subjects have rights under the Kenya Data Protection Act, 2019, including access, correction, deletion, objection and data portability. ${company} assists the Customer in responding to such requests with the following timelines:`,
        ),
        {
          kind: 'table',
          caption: 'Data subject request timelines',
          columns: ['Stage', 'Timeline'],
          rows: [
            ['Acknowledgement of the request', `Within ${dpaFigures.requests.acknowledgement}`],
            ['Initial response', `Within ${dpaFigures.requests.initialResponse}`],
            ['Fulfilment of the request', `Within ${dpaFigures.requests.fulfilment}`],
            ['Complex requests', `Up to ${dpaFigures.requests.complexRequests}`],
          ],
        },
        p(
          `If ${company} receives a request directly from a Data Subject, it will forward it to the Customer without undue delay and will not respond on its own unless the Customer instructs it to. Where a request is complex or the Customer receives many requests, the extension up to ${dpaFigures.requests.complexRequests} applies, and the Data Subject is told the reason for the delay.`,
        ),
      ],
    },
    {
      title: 'Personal Data Breach Notification',
      blocks: [
        p(
          `${company} will notify the Customer of a Personal Data Breach affecting Customer data without undue delay, and in any event within ${dpaFigures.breachNotification} of becoming aware of it. The notice will describe, as far as is then known:`,
        ),
        ul(
          'the nature of the breach, including the categories and approximate number of Data Subjects and records concerned;',
          'the likely consequences of the breach;',
          'the measures taken or proposed to contain it and to mitigate its effects;',
          'a contact point from whom more information can be obtained.',
        ),
        p(
          `${company} will cooperate with the Customer in notifying the Data Protection Commissioner and affected Data Subjects where the law requires it, and will provide updates as its investigation progresses.`,
        ),
      ],
    },
    {
      title: 'Data Retention and Deletion',
      blocks: [
        p(
          `Customer data is retained for ${dpaFigures.retention}. During that period, the Customer may export its data at any time through the Services or with the help of our support team.`,
        ),
        p(
          `At the end of the retention period, ${company} securely deletes the Customer data, including copies in backups, unless the law requires it to keep some of it, in which case that data stays protected under this DPA and is used for no other purpose. On request, ${company} confirms the deletion in writing.`,
        ),
      ],
    },
    {
      title: 'Audits and Assistance',
      blocks: [
        p(
          `${company} makes available to the Customer the information needed to demonstrate compliance with this DPA. Once a year, or after a Personal Data Breach, the Customer may audit that compliance, on at least 30 days written notice, during business hours and subject to confidentiality obligations; the audit may be performed by an independent auditor the Customer appoints.`,
        ),
        p(
          `${company} also assists the Customer, taking into account the nature of the processing, with data protection impact assessments and consultations with the Data Protection Commissioner.`,
        ),
      ],
    },
    {
      title: 'Term, Liability and Contact',
      blocks: [
        p(
          `This DPA stays in force as long as ${company} processes Personal Data on behalf of the Customer. Each party's liability under this DPA is subject to the limitations set out in the `,
          { text: 'Terms of Service', to: '/terms-of-service' },
          '.',
        ),
        p('For questions about this DPA, or to request a signed copy, contact us:'),
        { kind: 'contact', mailSubject: 'Data Processing Agreement' },
      ],
    },
  ],
};
