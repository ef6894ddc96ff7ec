import { site } from '@/config/site';
import { t } from '@/i18n/i18n';

export interface NavLink {
  to: string;
  label: string;
  description?: string;
}

// Functions, not constants: the texts are in the page's language, set before the first render.

export const productLinks = (): NavLink[] => [
  { to: '/iaas', label: t('nav.iaas'), description: t('nav.iaas.description') },
  { to: '/bare-metal-servers', label: t('nav.bareMetal'), description: t('nav.bareMetal.description') },
  { to: '/virtual-servers', label: t('nav.virtualServers'), description: t('nav.virtualServers.description') },
  { to: '/data-forge', label: site.biProduct, description: t('nav.dataForge.description') },
  { to: '/edge', label: t('nav.edge'), description: t('nav.edge.description') },
];

export const solutionLinks = (): NavLink[] => [
  { to: '/finance', label: t('nav.finance'), description: t('nav.finance.description') },
  // Product names, the same in every language.
  { to: `/solutions/${site.slug}-finance`, label: 'Flexicloud', description: t('nav.flexicloud.description') },
  { to: '/kaa-rada', label: 'Kaa Rada', description: t('nav.kaaRada.description') },
];

export const plainLinks = (): NavLink[] => [
  { to: '/blog', label: t('nav.blog') },
  { to: '/events', label: t('nav.events') },
  { to: '/contact', label: t('nav.contact') },
];

export const footerGroups = (): Array<{ title: string; links: NavLink[] }> => [
  {
    title: t('footer.products'),
    links: [
      // Named after the home section it opens.
      { to: '/#services', label: t('nav.ourServices') },
      { to: '/bare-metal-servers', label: t('nav.bareMetal') },
      { to: '/virtual-servers', label: t('nav.virtualServers') },
      { to: '/data-forge', label: site.biProduct },
      { to: '/edge', label: t('nav.edge') },
    ],
  },
  // Not in the spec's footer list: the product pages no menu names, so a
  // visitor (and a crawler) can reach every page.
  {
    title: t('footer.moreProducts'),
    links: [
      { to: '/managed-infrastructure', label: t('nav.managedInfrastructure') },
      { to: '/storage-solutions', label: t('nav.storageSolutions') },
    ],
  },
  {
    title: t('footer.company'),
    links: [
      { to: '/about', label: t('nav.about') },
      { to: '/blog', label: t('nav.blog') },
      { to: '/events', label: t('nav.events') },
      { to: '/testimonials', label: t('nav.testimonials') },
      { to: '/contact', label: t('nav.contact') },
    ],
  },
  {
    title: t('footer.legal'),
    links: [
      { to: '/terms-of-service', label: t('nav.terms') },
      { to: '/privacy', label: t('nav.privacy') },
      { to: '/security-compliance', label: t('nav.security') },
      { to: '/service-level-agreement', label: t('nav.sla') },
      { to: '/data-processing-agreement', label: t('nav.dpa') },
    ],
  },
];
