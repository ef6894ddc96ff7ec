import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { ActionLink } from '@/components/marketing/action-link';
import { CtaBanner } from '@/components/marketing/cta-banner';
import { FallbackImage } from '@/components/marketing/fallback-image';
import { FeatureCard, FeatureGrid } from '@/components/marketing/feature-grid';
import { PageHero } from '@/components/marketing/page-hero';
import { Section } from '@/components/marketing/section';
import { contactFormHref } from '../../lib/contact-link';
import { useSiteSettings } from '@/lib/site-settings';
import { catalogueEntry } from '../page-catalogue';
import { RouteMeta } from '@/components/ui/route-meta';
import {
  chatAiLead,
  chatAiModels,
  edgeAudiences,
  edgeBadge,
  edgeFeatures,
  edgeHeroLead,
  edgeSolutions,
  enterpriseAgent,
  powerEngines,
  reserveSubject,
  scalePoints,
  type EdgeCard,
} from './edge-content';
import gpuCluster from './gpu-cluster.svg';

const route = '/edge';

function Cards({ items, columns }: { items: readonly EdgeCard[]; columns?: 2 | 3 | 4 }) {
  return (
    <FeatureGrid columns={columns}>
      {items.map((item) => (
        <FeatureCard key={item.title} icon={item.icon} title={item.title} text={item.text}>
          {item.link && (
            <ActionLink href={item.link.href} variant="text">
              {item.link.label}
            </ActionLink>
          )}
        </FeatureCard>
      ))}
    </FeatureGrid>
  );
}

/**
 * /edge: the planned Edge AI / GPU cloud, with early access (`waitlistForm`, intake's, given by
 * app/edge-route.tsx) and capacity reservation.
 */
export default function EdgePage({ waitlistForm }: { waitlistForm: ReactNode }) {
  const entry = catalogueEntry(route);
  const settings = useSiteSettings();
  const AgentIcon = enterpriseAgent.icon;
  return (
    <>
      <RouteMeta route={route} />
      <PageHero
        badge={edgeBadge}
        title={entry.heading}
        lead={edgeHeroLead}
        actions={
          <>
            <ActionLink href={contactFormHref(reserveSubject)}>Reserve Capacity</ActionLink>
            <ActionLink href="/dashboard" variant="secondary">
              Back the Project
            </ActionLink>
          </>
        }
        illustration={
          <FallbackImage
            src={gpuCluster}
            alt="Illustration of GPU nodes linked to a central cluster"
            width={640}
            height={400}
            loading="eager"
            className="h-auto w-full rounded-2xl"
          />
        }
      />
      <Section
        id="power-engines"
        title="Power Engines"
        intro="What the planned cluster is built from: every layer chosen for AI workloads."
      >
        <Cards items={powerEngines} columns={4} />
      </Section>
      <Section id="chat-ai" title="Chat AI" intro={chatAiLead} muted>
        <h3 className="text-center text-sm font-semibold tracking-wide text-gray-700 uppercase dark:text-gray-300">
          Open models the platform will support
        </h3>
        <ul className="mt-4 flex flex-wrap justify-center gap-3">
          {chatAiModels.map((model) => (
            <li
              key={model}
              className="rounded-full border border-pink-200 bg-white px-4 py-2 text-sm font-semibold text-pink-900 dark:border-pink-900 dark:bg-gray-800 dark:text-pink-100"
            >
              {model}
            </li>
          ))}
        </ul>
      </Section>
      <Section id="scale" title="Supercomputing Scale, Built in Africa">
        <ul className="grid gap-6 md:grid-cols-2">
          {scalePoints.map((point) => (
            <li key={point.title} className="flex gap-3">
              <CheckCircle2 className="mt-1 h-5 w-5 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
              <div>
                <h3 className="font-semibold">{point.title}</h3>
                <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{point.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <Section
        id="solutions"
        title="Edge Solutions"
        intro="Four ways to put the cluster to work, from a single model endpoint to a fleet of edge sites."
        muted
      >
        <Cards items={edgeSolutions} columns={4} />
        <div className="mt-8 text-center">
          <ActionLink href="/iaas" variant="secondary">
            View All Use Cases
          </ActionLink>
        </div>
      </Section>
      <Section id="features" title="Platform Features" intro="What early-access partners will get when the cluster opens.">
        <Cards items={edgeFeatures} />
      </Section>
      <Section id="who" title="Who Is This For?" muted>
        <Cards items={edgeAudiences} columns={4} />
      </Section>
      <section aria-labelledby="enterprise-agent-heading" className="px-4 pt-16 lg:px-8">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 rounded-2xl border border-gray-200 bg-white p-8 text-center shadow-sm sm:flex-row sm:text-left dark:border-gray-700 dark:bg-gray-800">
          <span className="inline-flex h-14 w-14 shrink-0 items-center justify-center rounded-xl bg-pink-100 text-brand-dark dark:bg-pink-950 dark:text-brand-light">
            <AgentIcon className="h-7 w-7" aria-hidden="true" />
          </span>
          <div className="flex-1">
            <h2 id="enterprise-agent-heading" className="text-xl font-bold">
              {enterpriseAgent.title}
            </h2>
            <p className="mt-2 text-gray-700 dark:text-gray-300">{enterpriseAgent.text}</p>
          </div>
          <ActionLink href={settings.enterpriseAgentUrl}>Launch Enterprise Agent</ActionLink>
        </div>
      </section>
      <Section
        id="early-access"
        title="Early Access"
        intro="Join the early-access list: we will email you when the cluster opens to partners, with the capacity and terms on offer."
        muted
      >
        <div className="mx-auto max-w-xl">
          {waitlistForm}
        </div>
      </Section>
      <CtaBanner
        title="Help Build Africa’s GPU Cloud"
        text="Talk to us about early access and capacity reservation, or back the project and follow its progress from your dashboard."
        actions={
          <>
            <ActionLink href={settings.bookingUrl} variant="secondary">
              Book a Call
            </ActionLink>
            <ActionLink href="/dashboard" variant="secondary">
              Back the Project
            </ActionLink>
          </>
        }
      />
    </>
  );
}
