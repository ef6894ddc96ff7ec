// Security & Compliance: how the platform protects customer data. Claims only
// what the site repeats (AES-256 / TLS 1.3, data kept in Africa, Tier-3 data
// centers, 24/7 monitoring); role-based access control is a marketing claim
// (spec §2). No certification is claimed: controls are "aligned with" a standard.
// The texts are the catalogue's (area `security`), in the page's language.

// The page's English messages, with the page's code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/security';
import { site } from '@/config/site';
import { t } from '@/i18n/i18n';
import { inPageLanguage, linked, p, ul, type Highlight, type LegalContent } from './legal-types';

const company = site.company;

/** The headline claims: the standards' names are the same in every language. */
export const securityHighlights: Highlight[] = [
  {
    value: 'AES-256',
    get label() {
      return t('security.highlights.atRest');
    },
  },
  {
    value: 'TLS 1.3',
    get label() {
      return t('security.highlights.inTransit');
    },
  },
  {
    get value() {
      return t('security.highlights.always');
    },
    get label() {
      return t('security.highlights.monitoring');
    },
  },
];

export const securityContent: LegalContent = inPageLanguage(() => ({
  route: '/security-compliance',
  title: t('security.title'),
  lastUpdated: '2025-04-23',
  intro: [p(t('security.intro', { company }))],
  highlights: securityHighlights,
  sections: [
    {
      title: t('security.approach.title'),
      blocks: [p(t('security.approach.depth')), p(t('security.approach.shared'))],
    },
    {
      title: t('security.encryption.title'),
      blocks: [ul(t('security.encryption.atRest'), t('security.encryption.inTransit'), t('security.encryption.keys'))],
    },
    {
      title: t('security.access.title'),
      blocks: [
        p(t('security.access.roles')),
        ul(t('security.access.staff'), t('security.access.leastPrivilege'), t('security.access.revoked')),
      ],
    },
    {
      title: t('security.residency.title'),
      blocks: [p(t('security.residency.text'))],
    },
    {
      title: t('security.physical.title'),
      blocks: [
        ul(
          t('security.physical.tier3'),
          t('security.physical.access'),
          t('security.physical.monitoring'),
          t('security.physical.decommissioning'),
        ),
      ],
    },
    {
      title: t('security.network.title'),
      blocks: [
        ul(t('security.network.firewalls'), t('security.network.ddos'), t('security.network.logging'), t('security.network.scanning')),
      ],
    },
    {
      title: t('security.continuity.title'),
      blocks: [p(...linked(t('security.continuity.text'), '/service-level-agreement'))],
    },
    {
      title: t('security.incidents.title'),
      blocks: [p(...linked(t('security.incidents.text'), '/data-processing-agreement'))],
    },
    {
      title: t('security.shared.title'),
      blocks: [
        {
          kind: 'table',
          caption: t('security.shared.caption'),
          columns: [t('security.shared.area'), company, t('security.shared.you')],
          rows: [
            [t('security.shared.dataCenters'), t('security.shared.dataCenters.us'), '—'],
            [t('security.shared.network'), t('security.shared.network.us'), t('security.shared.network.you')],
            [t('security.shared.servers'), t('security.shared.servers.us'), t('security.shared.servers.you')],
            [t('security.shared.access'), t('security.shared.access.us'), t('security.shared.access.you')],
            [t('security.shared.data'), t('security.shared.data.us'), t('security.shared.data.you')],
          ],
        },
      ],
    },
    {
      title: t('security.compliance.title'),
      blocks: [
        p(...linked(t('security.compliance.roles', { company }), '/data-processing-agreement', '/privacy')),
        p(t('security.compliance.standard')),
      ],
    },
    {
      title: t('security.reporting.title'),
      blocks: [p(t('security.reporting.text')), { kind: 'contact', mailSubject: t('security.reporting.mailSubject') }],
    },
  ],
}));
