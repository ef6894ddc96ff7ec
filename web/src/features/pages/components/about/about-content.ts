// About (/about) content: spec content-and-data-pages.md §2 (Mission with four
// pillars, Our Story, Our Values). The texts are the catalogue's (in the
// page's language): functions, called at render.

// The page's English messages, with the page's code (another language's load with the page: router.tsx).
import 'virtual:catalog/en/about';
import { Gauge, Handshake, Lightbulb, MapPin, Server, ShieldCheck, ShieldHalf, type LucideIcon } from 'lucide-react';
import { site } from '@/config/site';
import { t } from '@/i18n/i18n';

export interface AboutCard {
  icon: LucideIcon;
  title: string;
  text: string;
}

export const aboutHeroLead = () => t('about.hero.lead', { company: site.company });

export const missionStatement = () => t('about.mission.intro');

/** The four pillars of the mission, in the spec's order. */
export const missionPillars = (): readonly AboutCard[] => [
  { icon: Server, title: t('about.mission.infrastructure.title'), text: t('about.mission.infrastructure.text') },
  { icon: ShieldCheck, title: t('about.mission.security.title'), text: t('about.mission.security.text') },
  { icon: Gauge, title: t('about.mission.performance.title'), text: t('about.mission.performance.text') },
  { icon: MapPin, title: t('about.mission.localExpertise.title'), text: t('about.mission.localExpertise.text') },
];

/** Our Story, one paragraph per entry. */
export const ourStory = (): readonly string[] => [
  t('about.story.paragraph1', { company: site.company }),
  t('about.story.paragraph2'),
  t('about.story.paragraph3'),
];

/** Our Values, in the spec's order. */
export const ourValues = (): readonly AboutCard[] => [
  { icon: Lightbulb, title: t('about.values.innovation.title'), text: t('about.values.innovation.text') },
  { icon: ShieldHalf, title: t('about.values.reliability.title'), text: t('about.values.reliability.text') },
  { icon: Handshake, title: t('about.values.partnership.title'), text: t('about.values.partnership.text') },
];
