// The Data Processing Agreement: its figures (spec §9 "Data processing
// agreement") as typed data, and the document that presents them. The texts
// are the catalogue's (area `dpa`, durations in `legal`), in the page's
// language: the figures' words below are read when used.

// The page's English messages, with the page's code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/legal';
import 'virtual:catalog/en/dpa';
import { site } from '@/config/site';
import { t } from '@/i18n/i18n';
import { inPageLanguage, linked, p, ul, type LegalContent } from './legal-types';

const company = site.company;

/** The DPA's commitments as numbers: hours, business days and days, months of retention. */
const figures = {
  retentionMonths: 6,
  acknowledgementHours: 72,
  initialResponseBusinessDays: 10,
  fulfilmentDays: 30,
  complexRequestsDays: 60,
  breachNotificationHours: 72,
};

const hours = (count: number) => t('legal.hours', { count });
const days = (count: number) => t('legal.days', { count });

/** The DPA's commitments in the page's language, each used once in the text below. */
export const dpaFigures = {
  version: '2.0',
  get dataLocation() {
    return t('dpa.figures.africa');
  },
  get retention() {
    return t('dpa.figures.retention', { months: figures.retentionMonths });
  },
  requests: {
    get acknowledgement() {
      return hours(figures.acknowledgementHours);
    },
    get initialResponse() {
      return t('legal.businessDays', { count: figures.initialResponseBusinessDays });
    },
    get fulfilment() {
      return days(figures.fulfilmentDays);
    },
    get complexRequests() {
      return days(figures.complexRequestsDays);
    },
  },
  get breachNotification() {
    return hours(figures.breachNotificationHours);
  },
};

export const dpaContent: LegalContent = inPageLanguage(() => ({
  route: '/data-processing-agreement',
  title: t('dpa.title'),
  version: dpaFigures.version,
  lastUpdated: '2025-04-23',
  intro: [p(t('dpa.intro.about', { company })), p(t('dpa.intro.prevails'))],
  sections: [
    {
      title: t('dpa.definitions.title'),
      blocks: [
        ul(
          t('dpa.definitions.personalData'),
          t('dpa.definitions.controller'),
          t('dpa.definitions.processor', { company }),
          t('dpa.definitions.subProcessor', { company }),
          t('dpa.definitions.dataSubject'),
          t('dpa.definitions.breach'),
          t('dpa.definitions.law'),
        ),
      ],
    },
    {
      title: t('dpa.scope.title'),
      blocks: [
        p(t('dpa.scope.roles', { company })),
        ul(
          t('dpa.scope.subjectMatter'),
          t('dpa.scope.duration'),
          t('dpa.scope.nature'),
          t('dpa.scope.dataTypes'),
          t('dpa.scope.subjects'),
        ),
      ],
    },
    {
      title: t('dpa.instructions.title'),
      blocks: [p(t('dpa.instructions.documented', { company })), p(t('dpa.instructions.noSale', { company }))],
    },
    {
      title: t('dpa.location.title'),
      blocks: [
        p(t('dpa.location.stored', { company, location: dpaFigures.dataLocation })),
        p(t('dpa.location.transfers')),
      ],
    },
    {
      title: t('dpa.security.title'),
      blocks: [
        p(t('dpa.security.intro', { company })),
        ul(
          t('dpa.security.encryption'),
          t('dpa.security.access'),
          t('dpa.security.dataCenters'),
          t('dpa.security.network'),
          t('dpa.security.testing'),
          t('dpa.security.staff'),
        ),
        p(...linked(t('dpa.security.more'), '/security-compliance')),
      ],
    },
    {
      title: t('dpa.subProcessors.title'),
      blocks: [p(t('dpa.subProcessors.authorised', { company })), p(t('dpa.subProcessors.objection', { company }))],
    },
    {
      title: t('dpa.requests.title'),
      blocks: [
        p(t('dpa.requests.intro', { company })),
        {
          kind: 'table',
          caption: t('dpa.requests.caption'),
          columns: [t('dpa.requests.stage'), t('dpa.requests.timeline')],
          rows: [
            [t('dpa.requests.acknowledgement'), t('dpa.requests.within', { duration: dpaFigures.requests.acknowledgement })],
            [t('dpa.requests.initialResponse'), t('dpa.requests.within', { duration: dpaFigures.requests.initialResponse })],
            [t('dpa.requests.fulfilment'), t('dpa.requests.within', { duration: dpaFigures.requests.fulfilment })],
            [t('dpa.requests.complex'), t('dpa.requests.upTo', { duration: dpaFigures.requests.complexRequests })],
          ],
        },
        p(t('dpa.requests.direct', { company, duration: dpaFigures.requests.complexRequests })),
      ],
    },
    {
      title: t('dpa.breach.title'),
      blocks: [
        p(t('dpa.breach.notify', { company, duration: dpaFigures.breachNotification })),
        ul(t('dpa.breach.nature'), t('dpa.breach.consequences'), t('dpa.breach.measures'), t('dpa.breach.contact')),
        p(t('dpa.breach.cooperate', { company })),
      ],
    },
    {
      title: t('dpa.retention.title'),
      blocks: [p(t('dpa.retention.period', { retention: dpaFigures.retention })), p(t('dpa.retention.deletion', { company }))],
    },
    {
      title: t('dpa.audits.title'),
      blocks: [p(t('dpa.audits.information', { company })), p(t('dpa.audits.assistance', { company }))],
    },
    {
      title: t('dpa.term.title'),
      blocks: [
        p(...linked(t('dpa.term.liability', { company }), '/terms-of-service')),
        p(t('dpa.term.contact')),
        { kind: 'contact', mailSubject: t('dpa.term.mailSubject') },
      ],
    },
  ],
}));
