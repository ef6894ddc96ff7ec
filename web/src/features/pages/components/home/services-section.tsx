import { BarChart3, Cpu, Layers, Server, type LucideIcon } from 'lucide-react';
import { ActionLink } from '@/components/marketing/action-link';
import { FeatureCard, FeatureGrid } from '@/components/marketing/feature-grid';
import { Section } from '@/components/marketing/section';
import { t } from '@/i18n/i18n';
import { Rich } from '@/i18n/rich';
import { homeServices } from './home-content';

const icons: Record<string, LucideIcon> = { nodes: Server, cloudx: Layers, bi: BarChart3, 'edge-ai': Cpu };

/** The closing section, `#services` (the footer links /#services). */
export function ServicesSection() {
  return (
    <Section
      id="services"
      title={t('home.services.title')}
      intro={t('home.services.intro')}
      muted
    >
      <FeatureGrid columns={4}>
        {homeServices().map((service) => (
          <FeatureCard key={service.id} icon={icons[service.id] ?? Server} title={service.title} text={service.text}>
            <ActionLink href={service.href} variant="text">
              <Rich id="home.services.learnMore" values={{ service: service.title }} parts={[<span className="sr-only" />]} />
            </ActionLink>
          </FeatureCard>
        ))}
      </FeatureGrid>
    </Section>
  );
}
