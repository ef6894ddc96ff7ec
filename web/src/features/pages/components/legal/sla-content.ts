// The Service Level Agreement: its figures (spec §9 "Service level agreement")
// as typed data, and the document that presents them. The texts are the
// catalogue's (area `sla`, durations in `legal`), in the page's language: the
// figures' labels below are read when used, formatted for that language.

// The page's English messages, with the page's code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/legal';
import 'virtual:catalog/en/sla';
import { site } from '@/config/site';
import { formatNumber, formatPercent, t } from '@/i18n/i18n';
import { inPageLanguage, linked, p, ul, type Highlight, type LegalContent } from './legal-types';

const company = site.company;

/** "15 minutes", "4 hours" in the page's language. */
function duration(minutes: number): string {
  return minutes < 60 ? t('legal.minutes', { count: minutes }) : t('legal.hours', { count: minutes / 60 });
}

/** "99.95%" ("99,95 %" in French). */
const percent = (fraction: number) => formatPercent(fraction, 2);

type ServiceId = 'iaas' | 'bareMetal' | 'virtualServers' | 'managed' | 'storage';

const serviceNames: Record<ServiceId, () => string> = {
  iaas: () => t('sla.service.iaas'),
  bareMetal: () => t('sla.service.bareMetal'),
  virtualServers: () => t('sla.service.virtualServers'),
  managed: () => t('sla.service.managed'),
  storage: () => t('sla.service.storage'),
};

/** Each service's uptime and credit (fractions) and the downtime a 30-day month allows (minutes). */
const serviceFigures: { id: ServiceId; uptime: number; downtimeMinutes: number; credit: number }[] = [
  { id: 'iaas', uptime: 0.999, downtimeMinutes: 43.2, credit: 0.1 },
  { id: 'bareMetal', uptime: 0.9995, downtimeMinutes: 21.6, credit: 0.15 },
  { id: 'virtualServers', uptime: 0.999, downtimeMinutes: 43.2, credit: 0.1 },
  { id: 'managed', uptime: 0.9995, downtimeMinutes: 21.6, credit: 0.15 },
  { id: 'storage', uptime: 0.9999, downtimeMinutes: 4.32, credit: 0.2 },
];

export interface ServiceCommitment {
  service: string;
  uptime: string;
  downtimePerMonth: string;
  credit: string;
}

/** Uptime, downtime allowed per month and service credit, by service, as the page shows them. */
export const serviceCommitments: ServiceCommitment[] = serviceFigures.map((figures) => ({
  get service() {
    return serviceNames[figures.id]();
  },
  get uptime() {
    return percent(figures.uptime);
  },
  get downtimePerMonth() {
    return t('legal.minutes', { count: figures.downtimeMinutes });
  },
  get credit() {
    return formatPercent(figures.credit);
  },
}));

/** The headline figures shown above the agreement: response and resolution within so many hours, support around the clock. */
export const slaHighlights: Highlight[] = [
  {
    get value() {
      return t('sla.highlights.under', { hours: 1 });
    },
    get label() {
      return t('sla.highlights.response');
    },
  },
  {
    get value() {
      return t('sla.highlights.under', { hours: 4 });
    },
    get label() {
      return t('sla.highlights.resolution');
    },
  },
  {
    get value() {
      return t('sla.highlights.always');
    },
    get label() {
      return t('sla.highlights.support');
    },
  },
];

type Priority = 'Critical' | 'High' | 'Medium' | 'Low';

const priorityNames: Record<Priority, () => string> = {
  Critical: () => t('sla.priority.critical'),
  High: () => t('sla.priority.high'),
  Medium: () => t('sla.priority.medium'),
  Low: () => t('sla.priority.low'),
};

const priorityExamples: Record<Priority, () => string> = {
  Critical: () => t('sla.priority.critical.example'),
  High: () => t('sla.priority.high.example'),
  Medium: () => t('sla.priority.medium.example'),
  Low: () => t('sla.priority.low.example'),
};

export interface PriorityResponse {
  priority: Priority;
  response: string;
  example: string;
}

/** First response time (minutes) by ticket priority. */
const responseMinutes: [Priority, number][] = [
  ['Critical', 15],
  ['High', 60],
  ['Medium', 4 * 60],
  ['Low', 24 * 60],
];

/** First response time by ticket priority, as the page shows it. */
export const supportResponse: PriorityResponse[] = responseMinutes.map(([priority, minutes]) => ({
  priority,
  get response() {
    return duration(minutes);
  },
  get example() {
    return priorityExamples[priority]();
  },
}));

/** Planned and emergency maintenance: notices and durations in hours, the window in East Africa Time. */
const maintenanceFigures = { noticeHours: 72, window: { from: '02:00', to: '06:00' }, emergencyNoticeHours: 4, maximumHours: 4 };

/** Planned and emergency maintenance, as the page shows it. */
export const maintenance = {
  get notice() {
    return t('sla.maintenance.atLeast', { duration: duration(maintenanceFigures.noticeHours * 60) });
  },
  get preferredWindow() {
    return t('sla.maintenance.sundayWindow', maintenanceFigures.window);
  },
  get emergencyNotice() {
    return duration(maintenanceFigures.emergencyNoticeHours * 60);
  },
  get maximumDuration() {
    return duration(maintenanceFigures.maximumHours * 60);
  },
};

export interface CreditTier {
  availability: string;
  credit: string;
}

/** Service credit by monthly availability: a range (fractions), or below a floor. */
const creditFigures: ({ from: number; to: number } | { below: number })[] = [
  { from: 0.99, to: 0.9989 },
  { from: 0.98, to: 0.9899 },
  { below: 0.98 },
];
const tierCredits = [0.1, 0.25, 0.5];

/** Service credit by monthly availability, as the page shows it. */
export const availabilityCredits: CreditTier[] = creditFigures.map((tier, i) => ({
  get availability() {
    return 'below' in tier
      ? t('sla.credits.below', { percent: formatPercent(tier.below) })
      : t('sla.credits.range', {
          from: formatNumber(tier.from * 100, { minimumFractionDigits: 1 }),
          to: percent(tier.to),
        });
  },
  get credit() {
    return formatPercent(tierCredits[i]!);
  },
}));

/** How credits are claimed and paid: within so many days, capped at a share of the month's fees. */
export const creditTerms = {
  claimWithinDays: 30,
  processedWithinDays: 60,
  get maximumCredit() {
    return t('sla.credits.maximumValue', { percent: formatPercent(1) });
  },
  get appliedTo() {
    return t('sla.credits.appliedToValue');
  },
};

export const slaContent: LegalContent = inPageLanguage(() => ({
  route: '/service-level-agreement',
  title: t('sla.title'),
  lastUpdated: '2025-04-23',
  intro: [p(...linked(t('sla.intro.about', { company }), '/terms-of-service')), p(t('sla.intro.brief'))],
  highlights: slaHighlights,
  sections: [
    {
      title: t('sla.scope.title'),
      blocks: [p(t('sla.scope.services', { company })), p(t('sla.scope.separately'))],
    },
    {
      title: t('sla.definitions.title'),
      blocks: [
        ul(
          t('sla.definitions.uptime'),
          t('sla.definitions.downtime'),
          t('sla.definitions.credit'),
          t('sla.definitions.maintenance'),
          t('sla.definitions.incident'),
        ),
      ],
    },
    {
      title: t('sla.uptime.title'),
      blocks: [
        p(t('sla.uptime.intro')),
        {
          kind: 'table',
          caption: t('sla.uptime.caption'),
          columns: [t('sla.uptime.service'), t('sla.uptime.uptime'), t('sla.uptime.downtime'), t('sla.uptime.credit')],
          rows: serviceCommitments.map((c) => [c.service, c.uptime, c.downtimePerMonth, c.credit]),
        },
        p(t('sla.uptime.measured')),
      ],
    },
    {
      title: t('sla.support.title'),
      blocks: [
        p(t('sla.support.intro')),
        {
          kind: 'table',
          caption: t('sla.support.caption'),
          columns: [t('sla.support.priority'), t('sla.support.response'), t('sla.support.situation')],
          rows: supportResponse.map((r) => [priorityNames[r.priority](), r.response, r.example]),
        },
        p(t('sla.support.restore')),
      ],
    },
    {
      title: t('sla.maintenance.title'),
      blocks: [
        p(t('sla.maintenance.intro')),
        {
          kind: 'table',
          caption: t('sla.maintenance.caption'),
          columns: [t('sla.maintenance.maintenance'), t('sla.maintenance.commitment')],
          rows: [
            [t('sla.maintenance.notice'), maintenance.notice],
            [t('sla.maintenance.window'), maintenance.preferredWindow],
            [t('sla.maintenance.emergencyNotice'), maintenance.emergencyNotice],
            [t('sla.maintenance.maximum'), maintenance.maximumDuration],
          ],
        },
        p(t('sla.maintenance.notices')),
      ],
    },
    {
      title: t('sla.credits.title'),
      blocks: [
        p(t('sla.credits.intro')),
        {
          kind: 'table',
          caption: t('sla.credits.caption'),
          columns: [t('sla.credits.availability'), t('sla.credits.credit')],
          rows: availabilityCredits.map((tier) => [tier.availability, tier.credit]),
        },
        p(t('sla.credits.greater')),
        ul(
          t('sla.credits.maximum', { maximum: creditTerms.maximumCredit }),
          t('sla.credits.appliedTo', { invoice: creditTerms.appliedTo }),
          t('sla.credits.sole'),
        ),
      ],
    },
    {
      title: t('sla.claim.title'),
      blocks: [
        p(t('sla.claim.intro', { days: t('legal.days', { count: creditTerms.claimWithinDays }) })),
        ul(t('sla.claim.account'), t('sla.claim.dates'), t('sla.claim.evidence')),
        p(t('sla.claim.processed', { days: t('legal.days', { count: creditTerms.processedWithinDays }) })),
      ],
    },
    {
      title: t('sla.exclusions.title'),
      blocks: [
        p(t('sla.exclusions.intro')),
        ul(
          t('sla.exclusions.maintenance'),
          t('sla.exclusions.customer'),
          t('sla.exclusions.suspension'),
          t('sla.exclusions.connection'),
          t('sla.exclusions.attacks'),
          t('sla.exclusions.forceMajeure'),
        ),
      ],
    },
    {
      title: t('sla.responsibilities.title'),
      blocks: [
        ul(
          t('sla.responsibilities.contacts'),
          t('sla.responsibilities.report'),
          t('sla.responsibilities.resilience'),
          t('sla.responsibilities.access'),
        ),
      ],
    },
    {
      title: t('sla.changes.title'),
      blocks: [
        p(t('sla.changes.text')),
        p(t('sla.changes.contact')),
        { kind: 'contact', mailSubject: t('sla.changes.mailSubject') },
      ],
    },
  ],
}));
