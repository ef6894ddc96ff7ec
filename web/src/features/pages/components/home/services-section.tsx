import { BarChart3, Cpu, Layers, Server, type LucideIcon } from 'lucide-react';
import { ActionLink } from '@/components/marketing/action-link';
import { FeatureCard, FeatureGrid } from '@/components/marketing/feature-grid';
import { Section } from '@/components/marketing/section';
import { homeServices } from './home-content';

const icons: Record<string, LucideIcon> = { nodes: Server, cloudx: Layers, bi: BarChart3, 'edge-ai': Cpu };

/** The closing section, `#services` (the footer links /#services). */
export function ServicesSection() {
  return (
    <Section
      id="services"
      title="Our services"
      intro="Everything an SME needs to run, pay for and learn from its cloud, hosted in Tier-3 data centers with your data kept in Africa."
      muted
    >
      <FeatureGrid columns={4}>
        {homeServices.map((service) => (
          <FeatureCard key={service.id} icon={icons[service.id] ?? Server} title={service.title} text={service.text}>
            <ActionLink href={service.href} variant="text">
              Learn more<span className="sr-only"> about {service.title}</span>
            </ActionLink>
          </FeatureCard>
        ))}
      </FeatureGrid>
    </Section>
  );
}
