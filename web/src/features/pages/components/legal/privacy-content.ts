// The Privacy Policy: nine numbered sections, last updated April 23, 2025 (spec §2).
// The texts are the catalogue's (area `privacy`), in the page's language.

// The page's English messages, with the page's code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/privacy';
import { site } from '@/config/site';
import { t } from '@/i18n/i18n';
import { localeCookie } from '@/i18n/locales';
import { inPageLanguage, linked, p, ul, type LegalContent } from './legal-types';

const company = site.company;

export const privacyContent: LegalContent = inPageLanguage(() => ({
  route: '/privacy',
  title: t('privacy.title'),
  lastUpdated: '2025-04-23',
  intro: [
    p(t('privacy.intro.about', { company })),
    p(...linked(t('privacy.intro.processor'), '/data-processing-agreement')),
  ],
  sections: [
    {
      title: t('privacy.collect.title'),
      blocks: [
        {
          kind: 'subsection',
          title: t('privacy.collect.given.title'),
          blocks: [
            ul(t('privacy.collect.given.account'), t('privacy.collect.given.billing'), t('privacy.collect.given.communications')),
          ],
        },
        {
          kind: 'subsection',
          title: t('privacy.collect.automatic.title'),
          blocks: [
            ul(
              t('privacy.collect.automatic.technical'),
              t('privacy.collect.automatic.service'),
              t('privacy.collect.automatic.cookies'),
            ),
          ],
        },
      ],
    },
    {
      title: t('privacy.use.title'),
      blocks: [
        p(t('privacy.use.intro')),
        ul(
          t('privacy.use.account'),
          t('privacy.use.payments'),
          t('privacy.use.support'),
          t('privacy.use.platform'),
          t('privacy.use.notices'),
          t('privacy.use.marketing'),
          t('privacy.use.legal'),
        ),
        p(t('privacy.use.bases')),
      ],
    },
    {
      title: t('privacy.share.title'),
      blocks: [
        p(t('privacy.share.intro')),
        ul(t('privacy.share.providers'), t('privacy.share.advisers'), t('privacy.share.authorities'), t('privacy.share.successor')),
      ],
    },
    {
      title: t('privacy.storage.title'),
      blocks: [p(t('privacy.storage.text'))],
    },
    {
      title: t('privacy.protect.title'),
      blocks: [
        p(t('privacy.protect.intro')),
        ul(t('privacy.protect.encryption'), t('privacy.protect.access'), t('privacy.protect.dataCenters'), t('privacy.protect.testing')),
        p(...linked(t('privacy.protect.breach'), '/security-compliance')),
      ],
    },
    {
      title: t('privacy.retention.title'),
      blocks: [p(t('privacy.retention.text'))],
    },
    {
      title: t('privacy.rights.title'),
      blocks: [
        p(t('privacy.rights.intro')),
        ul(
          t('privacy.rights.informed'),
          t('privacy.rights.access'),
          t('privacy.rights.object'),
          t('privacy.rights.correct'),
          t('privacy.rights.delete'),
          t('privacy.rights.portability'),
          t('privacy.rights.withdraw'),
        ),
        p(t('privacy.rights.exercise')),
      ],
    },
    {
      title: t('privacy.cookies.title'),
      blocks: [p(t('privacy.cookies.text', { cookie: localeCookie })), p(t('privacy.cookies.thirdParties'))],
    },
    {
      title: t('privacy.changes.title'),
      blocks: [
        p(t('privacy.changes.text')),
        p(t('privacy.changes.contact')),
        { kind: 'contact', mailSubject: t('privacy.changes.mailSubject') },
      ],
    },
  ],
}));
