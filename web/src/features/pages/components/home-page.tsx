import { Link } from 'react-router-dom';
import { buttonClass } from '@/components/ui/button';
import { PageMeta } from '@/components/ui/page-meta';
import { site } from '@/config/site';
import { useSiteSettings } from '@/lib/site-settings';

export function HomePage() {
  const settings = useSiteSettings();
  return (
    <>
      <PageMeta
        title={`${site.company} | Affordable Cloud Solutions for African SMEs`}
        description={`${site.company} makes cloud solutions affordable, accessible and transformative for SMEs: bare metal and virtual servers, BI, edge AI and more, with 99.9% uptime and 24/7 support.`}
        keywords="cloud infrastructure, African cloud provider, SME cloud, bare metal servers, virtual servers, Kenya"
      />
      <section className="mx-auto max-w-5xl px-4 py-24 text-center lg:px-8">
        <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">
          Making cloud solutions affordable, accessible and transformative for SMEs
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-gray-700 dark:text-gray-300">
          Enterprise-grade infrastructure for African businesses: 99.9% uptime, 24/7 support, trusted by
          500+ businesses.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-4">
          <a href={settings.bookingUrl} target="_blank" rel="noopener noreferrer" className={buttonClass('primary')}>
            Book a Call
          </a>
          <Link to="/contact" className={buttonClass('secondary')}>
            Request a Quote
          </Link>
        </div>
      </section>
      <section id="services" aria-labelledby="services-heading" className="mx-auto max-w-5xl px-4 pb-24 lg:px-8">
        <h2 id="services-heading" className="text-2xl font-bold">
          Our services
        </h2>
        <p className="mt-2 text-gray-700 dark:text-gray-300">
          Nodes (leased infrastructure), CloudX (manage all your cloud subscriptions in one place, use now
          and pay later), BI (automated reconciliation) and Edge AI.
        </p>
      </section>
    </>
  );
}
