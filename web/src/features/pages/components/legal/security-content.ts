// Security & Compliance: how the platform protects customer data. Claims only
// what the site repeats (AES-256 / TLS 1.3, data kept in Africa, Tier-3 data
// centers, 24/7 monitoring); role-based access control is a marketing claim
// (spec §2). No certification is claimed: controls are "aligned with" a standard.
// The texts are the catalogue's (area `compliance`), in the page's language.

// The page's English messages, with the page's code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/compliance';
import { site } from '@/config/site';
import { t } from '@/i18n/i18n';
import { inPageLanguage, linked, p, ul, type Highlight, type LegalContent } from './legal-types';

const company = site.company;

/** The headline claims: the standards' names are the same in every language. */
export const securityHighlights: Highlight[] = [
  {
    value: 'AES-256',
    get label() {
      return t('compliance.highlights.atRest');
    },
  },
  {
    value: 'TLS 1.3',
    get label() {
      return t('compliance.highlights.inTransit');
    },
  },
  {
    get value() {
      return t('compliance.highlights.always');
    },
    get label() {
      return t('compliance.highlights.monitoring');
    },
  },
];

export const securityContent: LegalContent = inPageLanguage(() => ({
  route: '/security-compliance',
  title: t('compliance.title'),
  lastUpdated: '2025-04-23',
  intro: [p(t('compliance.intro', { company }))],
  highlights: securityHighlights,
  sections: [
    {
      title: t('compliance.approach.title'),
      blocks: [p(t('compliance.approach.depth')), p(t('compliance.approach.shared'))],
    },
    {
      title: t('compliance.encryption.title'),
      blocks: [ul(t('compliance.encryption.atRest'), t('compliance.encryption.inTransit'), t('compliance.encryption.keys'))],
    },
    {
      title: t('compliance.access.title'),
      blocks: [
        p(t('compliance.access.roles')),
        ul(t('compliance.access.staff'), t('compliance.access.leastPrivilege'), t('compliance.access.revoked')),
      ],
    },
    {
      title: t('compliance.residency.title'),
      blocks: [p(t('compliance.residency.text'))],
    },
    {
      title: t('compliance.physical.title'),
      blocks: [
        ul(
          t('compliance.physical.tier3'),
          t('compliance.physical.access'),
          t('compliance.physical.monitoring'),
          t('compliance.physical.decommissioning'),
        ),
      ],
    },
    {
      title: t('compliance.network.title'),
      blocks: [
        ul(t('compliance.network.firewalls'), t('compliance.network.ddos'), t('compliance.network.logging'), t('compliance.network.scanning')),
      ],
    },
    {
      title: t('compliance.continuity.title'),
      blocks: [p(...linked(t('compliance.continuity.text'), '/service-level-agreement'))],
    },
    {
      title: t('compliance.incidents.title'),
      blocks: [p(...linked(t('compliance.incidents.text'), '/data-processing-agreement'))],
    },
    {
      title: t('compliance.shared.title'),
      blocks: [
        {
          kind: 'table',
          caption: t('compliance.shared.caption'),
          columns: [t('compliance.shared.area'), company, t('compliance.shared.you')],
          rows: [
            [t('compliance.shared.dataCenters'), t('compliance.shared.dataCenters.us'), '—'],
            [t('compliance.shared.network'), t('compliance.shared.network.us'), t('compliance.shared.network.you')],
            [t('compliance.shared.servers'), t('compliance.shared.servers.us'), t('compliance.shared.servers.you')],
            [t('compliance.shared.access'), t('compliance.shared.access.us'), t('compliance.shared.access.you')],
            [t('compliance.shared.data'), t('compliance.shared.data.us'), t('compliance.shared.data.you')],
          ],
        },
      ],
    },
    {
      title: t('compliance.compliance.title'),
      blocks: [
        p(...linked(t('compliance.compliance.roles', { company }), '/data-processing-agreement', '/privacy')),
        p(t('compliance.compliance.standard')),
      ],
    },
    {
      title: t('compliance.reporting.title'),
      blocks: [p(t('compliance.reporting.text')), { kind: 'contact', mailSubject: t('compliance.reporting.mailSubject') }],
    },
  ],
}));
