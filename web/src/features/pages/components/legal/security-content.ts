// Security & Compliance: how the platform protects customer data. Claims only
// what the site repeats (AES-256 / TLS 1.3, data kept in Africa, Tier-3 data
// centers, 24/7 monitoring); role-based access control is a marketing claim
// (spec §2). No certification is claimed: controls are "aligned with" a standard.

import { site } from '@/config/site';
import { p, ul, type Highlight, type LegalContent } from './legal-types';

const company = site.company;

export const securityHighlights: Highlight[] = [
  { value: 'AES-256', label: 'encryption at rest' },
  { value: 'TLS 1.3', label: 'encryption in transit' },
  { value: '24/7', label: 'monitoring of Tier-3 data centers in Africa' },
];

export const securityContent: LegalContent = {
  route: '/security-compliance',
  title: 'Security & Compliance',
  lastUpdated: '2025-04-23',
  intro: [
    p(
      `Security is built into every layer of the ${company} platform, from the data center floor to the APIs you call. This page describes how we protect your infrastructure and data, where your data lives and how we meet our obligations under Kenyan data protection law.`,
    ),
  ],
  highlights: securityHighlights,
  sections: [
    {
      title: 'Our Security Approach',
      blocks: [
        p(
          'We follow a defence-in-depth approach: several independent layers of protection, so that no single failure exposes customer data. Our security programme is led by a dedicated team, reviewed by management every quarter and updated as threats evolve.',
        ),
        p(
          'Security is a shared responsibility. We secure the platform: data centers, hardware, network and the virtualisation layer. You secure what you run on it: your operating systems, applications, user accounts and data. Section 9 sets out the split.',
        ),
      ],
    },
    {
      title: 'Encryption',
      blocks: [
        ul(
          'At rest: customer data on our storage, block volumes and backups is encrypted with AES-256.',
          'In transit: connections to our website, control panel and APIs use TLS 1.3; older, weaker protocols and cipher suites are disabled.',
          'Key management: encryption keys are stored separately from the data they protect, access to them is restricted and logged, and they are rotated on a regular schedule.',
        ),
      ],
    },
    {
      title: 'Access Control',
      blocks: [
        p(
          'Role-based access control lets you decide exactly who in your organisation can view, create, change or delete resources, so each team member has only the access their role requires.',
        ),
        ul(
          'Our own staff access customer systems only when needed to provide support you request or to resolve an incident, through named accounts with multi-factor authentication.',
          'Administrative access is granted on the principle of least privilege, logged, and reviewed every quarter.',
          'Access is revoked immediately when an employee changes role or leaves the company.',
        ),
      ],
    },
    {
      title: 'Data Residency',
      blocks: [
        p(
          'Your data is kept in Africa. Customer data is stored and processed in data centers located in Africa and is not moved outside the continent without your written consent. Keeping data close to your users also lowers latency and helps you meet local data protection requirements.',
        ),
      ],
    },
    {
      title: 'Physical and Infrastructure Security',
      blocks: [
        ul(
          'Tier-3 data centers with redundant power, cooling and network paths, so equipment can be maintained without taking services offline.',
          'Physical access restricted to authorised personnel, with biometric or badge entry, visitor logs and CCTV.',
          '24/7 monitoring of facilities, hardware and network by on-site staff and our network operations team.',
          'Secure decommissioning: storage media are wiped to recognised standards or physically destroyed before they leave the data center.',
        ),
      ],
    },
    {
      title: 'Network Security and Monitoring',
      blocks: [
        ul(
          'Firewalls and network segmentation isolate customer environments from each other and from our management network.',
          'Distributed denial-of-service mitigation protects public endpoints.',
          'Centralised logging and 24/7 monitoring raise alerts on unusual activity for immediate investigation.',
          'Regular vulnerability scanning, prompt patching and independent penetration tests of our platform.',
        ),
      ],
    },
    {
      title: 'Business Continuity and Backup',
      blocks: [
        p(
          'Platform configuration and managed backups are replicated to a separate facility. We test our recovery procedures regularly, so that services can be restored quickly after a major incident. Our availability commitments are set out in the ',
          { text: 'Service Level Agreement', to: '/service-level-agreement' },
          '.',
        ),
      ],
    },
    {
      title: 'Incident Response',
      blocks: [
        p(
          'We maintain a documented incident response plan with defined roles, escalation paths and communication templates. If a personal data breach affects your data, we notify you within 72 hours of becoming aware of it, as set out in our ',
          { text: 'Data Processing Agreement', to: '/data-processing-agreement' },
          ', and we help you meet your own notification duties.',
        ),
      ],
    },
    {
      title: 'Shared Responsibility',
      blocks: [
        {
          kind: 'table',
          caption: 'Who secures what',
          columns: ['Area', `${company}`, 'You'],
          rows: [
            ['Data centers and hardware', 'Physical security, power, cooling, hardware replacement', '—'],
            ['Network', 'Core network, DDoS mitigation, isolation between customers', 'Firewall rules and exposed ports of your servers'],
            ['Servers', 'Hypervisor and host operating system; the guest OS on managed services', 'Guest operating system, applications and patches on self-managed servers'],
            ['Access', 'Staff access controls and audit logs', 'Your users, roles, passwords and multi-factor authentication'],
            ['Data', 'Encryption at rest and in transit, managed backups where ordered', 'Classifying your data and keeping your own backups'],
          ],
        },
      ],
    },
    {
      title: 'Compliance',
      blocks: [
        p(
          `${company} is committed to compliance with the Kenya Data Protection Act, 2019 and its regulations. We act as a data processor for the personal data our customers store on our platform, under our `,
          { text: 'Data Processing Agreement', to: '/data-processing-agreement' },
          ', and as a data controller for the account and billing data described in our ',
          { text: 'Privacy Policy', to: '/privacy' },
          '.',
        ),
        p(
          'Our security controls are aligned with the ISO/IEC 27001 standard for information security management. On request, and under a non-disclosure agreement, we share a summary of our security policies and answer security questionnaires for your own due diligence.',
        ),
      ],
    },
    {
      title: 'Reporting a Security Issue',
      blocks: [
        p(
          'If you believe you have found a vulnerability in our services, or suspect that your account has been compromised, contact us right away. Please give us reasonable time to investigate and fix a vulnerability before disclosing it publicly; we will keep you informed of our progress and will not take action against good-faith research.',
        ),
        { kind: 'contact', mailSubject: 'Security report' },
      ],
    },
  ],
};
