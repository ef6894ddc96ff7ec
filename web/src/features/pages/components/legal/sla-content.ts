// The Service Level Agreement: its figures (spec §9 "Service level agreement")
// as typed data, and the document that presents them.

import { site } from '@/config/site';
import { p, ul, type Highlight, type LegalContent } from './legal-types';

const company = site.company;

export interface ServiceCommitment {
  service: string;
  uptime: string;
  downtimePerMonth: string;
  credit: string;
}

/** Uptime, downtime allowed per month and service credit, by service. */
export const serviceCommitments: ServiceCommitment[] = [
  { service: 'IaaS', uptime: '99.9%', downtimePerMonth: '43.2 minutes', credit: '10%' },
  { service: 'Bare metal', uptime: '99.95%', downtimePerMonth: '21.6 minutes', credit: '15%' },
  { service: 'Virtual private servers', uptime: '99.9%', downtimePerMonth: '43.2 minutes', credit: '10%' },
  { service: 'Managed infrastructure', uptime: '99.95%', downtimePerMonth: '21.6 minutes', credit: '15%' },
  { service: 'Storage', uptime: '99.99%', downtimePerMonth: '4.32 minutes', credit: '20%' },
];

/** The headline figures shown above the agreement. */
export const slaHighlights: Highlight[] = [
  { value: 'Under 1 hour', label: 'response' },
  { value: 'Under 4 hours', label: 'resolution' },
  { value: '24/7', label: 'support' },
];

export interface PriorityResponse {
  priority: 'Critical' | 'High' | 'Medium' | 'Low';
  response: string;
  example: string;
}

/** First response time by ticket priority. */
export const supportResponse: PriorityResponse[] = [
  {
    priority: 'Critical',
    response: '15 minutes',
    example: 'A production service is down or unreachable, or data is at risk, with no workaround.',
  },
  {
    priority: 'High',
    response: '1 hour',
    example: 'A production service is severely degraded, or a key feature fails for many users.',
  },
  {
    priority: 'Medium',
    response: '4 hours',
    example: 'A non-critical feature misbehaves, or a workaround keeps the service running.',
  },
  {
    priority: 'Low',
    response: '24 hours',
    example: 'A general question, a configuration request or a documentation issue.',
  },
];

/** Planned and emergency maintenance. */
export const maintenance = {
  notice: 'At least 72 hours',
  preferredWindow: 'Sunday 02:00-06:00 EAT',
  emergencyNotice: '4 hours',
  maximumDuration: '4 hours',
} as const;

export interface CreditTier {
  availability: string;
  credit: string;
}

/** Service credit by monthly availability. */
export const availabilityCredits: CreditTier[] = [
  { availability: '99.0-99.89%', credit: '10%' },
  { availability: '98.0-98.99%', credit: '25%' },
  { availability: 'Below 98%', credit: '50%' },
];

/** How credits are claimed and paid. */
export const creditTerms = {
  claimWithinDays: 30,
  processedWithinDays: 60,
  maximumCredit: '100% of monthly fees',
  appliedTo: "the following month's invoice",
} as const;

export const slaContent: LegalContent = {
  route: '/service-level-agreement',
  title: 'Service Level Agreement',
  lastUpdated: '2025-04-23',
  intro: [
    p(
      `This Service Level Agreement ("SLA") sets out the availability and support commitments ${company} makes for its cloud services, and the service credits you receive if we fall short. It forms part of the `,
      { text: 'Terms of Service', to: '/terms-of-service' },
      ' and applies to every paid subscription from the first day of service.',
    ),
    p(
      'Our commitment in brief: under 1 hour response, under 4 hours resolution and 24/7 support, backed by Tier-3 data centers in Africa with 24/7 monitoring.',
    ),
  ],
  highlights: slaHighlights,
  sections: [
    {
      title: 'Scope of This Agreement',
      blocks: [
        p(
          `This SLA covers the following ${company} services when purchased under a paid plan: Infrastructure as a Service (IaaS), bare metal servers, virtual private servers, managed infrastructure and storage. Free trials, beta or preview features and services provided at no charge are excluded.`,
        ),
        p(
          'Each service is measured separately. If you use several services, the commitment and the credit of each apply to that service and its monthly fees only.',
        ),
      ],
    },
    {
      title: 'Definitions',
      blocks: [
        ul(
          '"Monthly Uptime Percentage" means the total minutes in a calendar month, less the minutes of Downtime, divided by the total minutes in that month, expressed as a percentage.',
          '"Downtime" means a period of at least one minute during which the service cannot be reached or does not respond, as measured by our monitoring systems from at least two independent locations.',
          '"Service Credit" means a percentage of the monthly fees for the affected service, credited to your account under this SLA.',
          '"Scheduled Maintenance" means maintenance announced in advance under section 5.',
          '"Incident" means an event that disrupts or degrades a service, reported by you or detected by us.',
        ),
      ],
    },
    {
      title: 'Uptime Commitments',
      blocks: [
        p(
          'We commit to the following Monthly Uptime Percentage for each service. The downtime allowed is calculated on a 30-day month. If a service falls below its commitment in a calendar month, you are eligible for the service credit shown.',
        ),
        {
          kind: 'table',
          caption: 'Uptime and service credit by service',
          columns: ['Service', 'Uptime', 'Downtime allowed per month', 'Credit'],
          rows: serviceCommitments.map((c) => [c.service, c.uptime, c.downtimePerMonth, c.credit]),
        },
        p(
          'Uptime is measured at the boundary of our network: for servers, the reachability of the instance and its network interface; for storage, the success of read and write requests to the storage endpoint.',
        ),
      ],
    },
    {
      title: 'Support Response Times',
      blocks: [
        p(
          'Our support team is available 24/7 by phone, email and the support portal. You set the priority of a ticket when you open it; we may adjust it, with an explanation, to match the definitions below. Response times are measured from the moment the ticket is logged to the first response from an engineer.',
        ),
        {
          kind: 'table',
          caption: 'Support response by priority',
          columns: ['Priority', 'Response time', 'Typical situation'],
          rows: supportResponse.map((r) => [r.priority, r.response, r.example]),
        },
        p(
          'For Critical and High priority incidents we aim to restore service in under 4 hours and keep you informed at least every hour until the incident is resolved. A written incident report follows within five business days of any Critical incident.',
        ),
      ],
    },
    {
      title: 'Maintenance Windows',
      blocks: [
        p(
          'We maintain and upgrade our platform regularly to keep it secure and reliable. Scheduled Maintenance does not count as Downtime when it follows these rules:',
        ),
        {
          kind: 'table',
          caption: 'Maintenance commitments',
          columns: ['Maintenance', 'Commitment'],
          rows: [
            ['Advance notice', maintenance.notice],
            ['Preferred window', maintenance.preferredWindow],
            ['Emergency maintenance notice', maintenance.emergencyNotice],
            ['Maximum duration', maintenance.maximumDuration],
          ],
        },
        p(
          'Notices are sent by email to the technical contacts on your account and posted on our status page. Emergency maintenance is reserved for urgent security patches and for work needed to prevent an imminent outage. Any maintenance that runs beyond the maximum duration counts as Downtime from that point on.',
        ),
      ],
    },
    {
      title: 'Service Credits',
      blocks: [
        p(
          'In addition to the per-service credit in section 3, credits scale with the depth of an outage. When the Monthly Uptime Percentage of a service falls within one of the ranges below, the corresponding credit applies:',
        ),
        {
          kind: 'table',
          caption: 'Availability credit tiers',
          columns: ['Monthly availability', 'Service credit'],
          rows: availabilityCredits.map((t) => [t.availability, t.credit]),
        },
        p(
          'Where both the per-service credit and an availability tier apply to the same service in the same month, you receive whichever credit is greater; the two do not add up. Credits are calculated on the monthly fees for the affected service only.',
        ),
        ul(
          `Maximum credit: the total credit for any calendar month is capped at ${creditTerms.maximumCredit} for the affected service.`,
          `Credits apply to ${creditTerms.appliedTo}. They are not exchangeable for cash and cannot be transferred to another account.`,
          'Service credits are your sole and exclusive remedy for any failure to meet the commitments in this SLA.',
        ),
      ],
    },
    {
      title: 'How to Claim a Credit',
      blocks: [
        p(
          `Claims must be submitted within ${creditTerms.claimWithinDays} days of the end of the month in which the Downtime occurred, through the support portal or by email to our support team. Please include:`,
        ),
        ul(
          'your account name and the affected service;',
          'the dates and times of each period of Downtime you experienced;',
          'any logs, ticket numbers or monitoring records that support the claim.',
        ),
        p(
          `We verify each claim against our monitoring records and reply with our decision. Approved credits are processed within ${creditTerms.processedWithinDays} days of receipt of the claim and appear on the following month's invoice.`,
        ),
      ],
    },
    {
      title: 'Exclusions',
      blocks: [
        p('The uptime commitments do not apply to unavailability caused by:'),
        ul(
          'Scheduled Maintenance announced in line with section 5, and emergency maintenance within its maximum duration;',
          'your own software, configuration, content or actions, or those of anyone using your account;',
          'suspension of the service under the Terms of Service, including for non-payment or a breach of acceptable use;',
          'failures of your internet connection, your own equipment or third-party networks outside our control;',
          'distributed denial-of-service attacks or other malicious activity, where we have taken reasonable steps to mitigate them;',
          'events beyond our reasonable control, such as natural disasters, war, acts of government or widespread power or telecommunications failure.',
        ),
      ],
    },
    {
      title: 'Your Responsibilities',
      blocks: [
        ul(
          'Keep the technical contacts on your account up to date so that maintenance notices and incident updates reach you.',
          'Report incidents promptly with the information we need to reproduce them.',
          'Architect critical workloads for resilience, for example by running more than one instance and keeping backups of your data.',
          'Give our engineers the access they reasonably need to investigate issues on managed services.',
        ),
      ],
    },
    {
      title: 'Changes and Contact',
      blocks: [
        p(
          'We may update this SLA from time to time. We will give at least 30 days notice of any change that reduces a commitment, and the version in force at the start of a billing month applies to that month.',
        ),
        p('For questions about this SLA or to submit a claim, contact us:'),
        { kind: 'contact', mailSubject: 'Service Level Agreement' },
      ],
    },
  ],
};
