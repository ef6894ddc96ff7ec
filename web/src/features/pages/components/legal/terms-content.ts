// The Terms of Service: ten sections; the last-updated date is the day the
// page is viewed (spec §2). Liability cap and refunds as spec §9 "Terms".
// The texts are the catalogue's (area `terms`), in the page's language.

// The page's English messages, with the page's code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/terms';
import { site } from '@/config/site';
import { t } from '@/i18n/i18n';
import { linked, localIsoDate, p, ul, type LegalContent } from './legal-types';

const company = site.company;

/** The Terms as of `today` (the visitor's local date). */
export function termsContent(today: Date = new Date()): LegalContent {
  return {
    route: '/terms-of-service',
    title: t('terms.title'),
    lastUpdated: localIsoDate(today),
    intro: [p(t('terms.intro', { company }))],
    sections: [
      {
        title: t('terms.acceptance.title'),
        blocks: [
          p(t('terms.acceptance.capacity')),
          p(...linked(t('terms.acceptance.entire'), '/service-level-agreement', '/data-processing-agreement', '/privacy')),
        ],
      },
      {
        title: t('terms.services.title'),
        blocks: [p(t('terms.services.text', { company }))],
      },
      {
        title: t('terms.account.title'),
        blocks: [ul(t('terms.account.accurate'), t('terms.account.credentials'), t('terms.account.unauthorised'), t('terms.account.roles'))],
      },
      {
        title: t('terms.use.title'),
        blocks: [
          p(t('terms.use.intro')),
          ul(t('terms.use.law'), t('terms.use.malware'), t('terms.use.spam'), t('terms.use.attack'), t('terms.use.mining')),
          p(t('terms.use.suspend')),
        ],
      },
      {
        title: t('terms.fees.title'),
        blocks: [
          p(t('terms.fees.text')),
          ul(t('terms.fees.due'), t('terms.fees.suspend'), t('terms.fees.increase'), t('terms.fees.refunds')),
        ],
      },
      {
        title: t('terms.levels.title'),
        blocks: [p(...linked(t('terms.levels.text'), '/service-level-agreement'))],
      },
      {
        title: t('terms.data.title'),
        blocks: [p(...linked(t('terms.data.ownership'), '/data-processing-agreement')), p(t('terms.data.confidentiality'))],
      },
      {
        title: t('terms.ip.title'),
        blocks: [p(t('terms.ip.text', { company }))],
      },
      {
        title: t('terms.liability.title'),
        blocks: [p(t('terms.liability.indirect')), p(t('terms.liability.cap', { company })), p(t('terms.liability.exceptions'))],
      },
      {
        title: t('terms.term.title'),
        blocks: [
          p(t('terms.term.termination')),
          p(t('terms.term.law')),
          p(t('terms.term.contact')),
          { kind: 'contact', mailSubject: t('terms.term.mailSubject') },
        ],
      },
    ],
  };
}
