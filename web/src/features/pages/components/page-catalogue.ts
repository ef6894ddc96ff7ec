// Title, metadata and the opening words of the pages whose bodies later issues fill in.

import { site } from '@/config/site';

export interface PageEntry {
  title: string;
  description: string;
  keywords: string;
  heading: string;
  intro: string;
  badge?: string;
  variant?: 'default' | 'events';
  type?: 'website' | 'article';
}

const brand = site.company;

export const pageCatalogue: Record<string, PageEntry> = {
  '/blog': {
    title: `Tech Blog | ${brand}`,
    description: `News, guides and insights on cloud infrastructure, security and innovation in Africa from the ${brand} team.`,
    keywords: 'cloud blog, infrastructure news, African tech, cloud security, data centers',
    heading: 'Tech Blog',
    intro: 'Insights on cloud infrastructure, security, compliance and innovation for African businesses.',
  },
  '/blog/:id': {
    title: `Blog | ${brand}`,
    description: `An article from the ${brand} tech blog.`,
    keywords: 'cloud blog, infrastructure article',
    heading: 'Blog post',
    intro: 'Articles from the Nyota Cloud tech blog.',
    type: 'article',
  },
  '/events': {
    title: 'Upcoming Events',
    description: `Summits, conferences and infrastructure events hosted or attended by ${brand}.`,
    keywords: 'cloud events, tech summit, infrastructure conference, Africa',
    heading: 'Upcoming Events',
    intro: 'Meet the team at summits, conferences and infrastructure events across Africa.',
    variant: 'events',
  },
  '/events/:id': {
    title: 'Event Details',
    description: `Event details, highlights and registration for a ${brand} event.`,
    keywords: 'cloud event, registration',
    heading: 'Event details',
    intro: 'Dates, location, highlights and registration for this event.',
    variant: 'events',
  },
  '/testimonials': {
    title: `Client Testimonials | ${brand}`,
    description: `What businesses across Africa say about ${brand}: 250+ satisfied clients, 99.9% average uptime, 24/7 expert support.`,
    keywords: 'testimonials, customer stories, cloud provider reviews',
    heading: 'What Our Clients Say',
    intro: 'Success stories from 250+ satisfied clients in 35+ African countries.',
  },
  '/about': {
    title: `About Us | ${brand}`,
    description: `${brand} builds secure, high-performance cloud infrastructure with local expertise for African businesses.`,
    keywords: 'about Nyota Cloud, African cloud provider, mission, values',
    heading: `About ${brand}`,
    intro: 'Our mission rests on four pillars: Infrastructure, Security, Performance and Local Expertise.',
  },
  '/finance': {
    title: `Fintech Cloud Infrastructure | ${brand}`,
    description: 'IaaS, managed infrastructure, co-location and PaaS built for financial services in Africa.',
    keywords: 'fintech cloud, banking infrastructure, co-location, PaaS, Kenya',
    heading: 'Cloud Infrastructure for Fintech',
    intro: 'IaaS, managed infrastructure, co-location and a core stack built for financial services.',
  },
  [`/solutions/${site.slug}-finance`]: {
    title: `Hosted Business Email | ${brand}`,
    description: 'Google Workspace and Zoho Mail plans for your business, billed monthly or yearly, set up by our team.',
    keywords: 'hosted email, Google Workspace, Zoho Mail, business email, Flexicloud',
    heading: 'Hosted Business Email',
    intro: 'Google Workspace and Zoho Mail plans for your business, with local setup and support.',
  },
  '/iaas': {
    title: `Infrastructure as a Service | ${brand}`,
    description: 'Virtual servers, cloud storage, network infrastructure, security and compliance: 99.9% uptime and 24/7 support.',
    keywords: 'IaaS, infrastructure as a service, cloud servers, cloud storage, Africa',
    heading: 'Infrastructure Services',
    intro: 'Virtual servers, cloud storage, network infrastructure and security, trusted by 500+ businesses.',
  },
  '/contact': {
    title: `Contact Us | ${brand}`,
    description: `Talk to ${brand} about investment, general inquiries or enterprise solutions. We reply within 24 hours.`,
    keywords: 'contact, request a quote, enterprise solutions, support',
    heading: 'Contact Us',
    intro: 'Talk to our team about infrastructure, partnerships or investment. We reply within 24 hours.',
  },
  '/bare-metal-servers': {
    title: `Bare Metal Servers | ${brand}`,
    description: 'Dedicated bare metal servers in Tier-3 data centers: 100% dedicated resources and 24/7 support.',
    keywords: 'bare metal servers, dedicated servers, Tier-3 data center, Kenya',
    badge: 'BARE METAL SERVERS',
    heading: 'Raw Performance, Zero Compromises',
    intro: '100% dedicated hardware in Tier-3 data centers with 24/7 support.',
  },
  '/managed-infrastructure': {
    title: `Managed Infrastructure | ${brand}`,
    description: 'Monitoring, security, patching, backup and resource planning handled by our engineers, 24/7.',
    keywords: 'managed infrastructure, managed services, monitoring, patching, backup',
    badge: 'MANAGED INFRASTRUCTURE',
    heading: 'We Manage. You Innovate.',
    intro: 'Reduced IT burden, cost-effective management and 24/7 engineering support.',
  },
  '/virtual-servers': {
    title: `Virtual Servers | ${brand}`,
    description: 'Scalable virtual servers with NVMe storage, root access, instant provisioning and 99.9% uptime.',
    keywords: 'virtual servers, VPS, cloud VMs, NVMe, Kenya',
    badge: 'VIRTUAL SERVERS',
    heading: 'Scalable, Secure, and Cost-Effective VMs',
    intro: 'NVMe storage, full root access and instant provisioning with a 99.9% uptime guarantee.',
  },
  '/data-forge': {
    title: `${site.biProduct} | ${brand}`,
    description: 'Business intelligence, analytics and automated reconciliation that turn your data into decisions.',
    keywords: 'business intelligence, analytics, reconciliation, dashboards, data pipelines',
    badge: site.biProduct.toUpperCase(),
    heading: 'Turn Data into Decisions',
    intro: 'Data mining, clustering, dashboards and custom pipelines with AI-powered decision-making.',
  },
  '/storage-solutions': {
    title: `Storage Solutions | ${brand}`,
    description: 'Secure, reliable and high-speed RAM and SSD storage with 99.9% uptime.',
    keywords: 'cloud storage, SSD storage, RAM, backup, Kenya',
    badge: 'STORAGE SOLUTIONS',
    heading: 'Secure, Reliable, and High-Speed Storage',
    intro: 'RAM and SSD storage options priced in KSh, with 99.9% uptime.',
  },
  '/kaa-rada': {
    title: `Kaa Rada Cloud CCTV | ${brand}`,
    description: 'Plug-and-play cloud video storage with mobile and web viewing, encryption and local support.',
    keywords: 'cloud CCTV, video surveillance storage, security cameras, Kenya',
    heading: 'Kaa Rada Cloud CCTV',
    intro: 'Plug-and-play cloud video storage that scales from one camera to thousands, with local support.',
  },
  '/edge': {
    title: `Edge AI & GPU Cloud | ${brand}`,
    description: 'A planned GPU cluster for AI training, inference and edge computing in Africa, with early access and capacity reservation.',
    keywords: 'GPU cloud, edge AI, inference, training, Africa AI',
    heading: 'Edge AI & GPU Cloud',
    intro: 'Inference, training, edge computing and orchestration on a planned GPU cluster, with early access.',
  },
  '/privacy': {
    title: `Privacy Policy | ${brand}`,
    description: `How ${brand} collects, uses and protects your personal data.`,
    keywords: 'privacy policy, personal data, data protection',
    heading: 'Privacy Policy',
    intro: 'Last updated: April 23, 2025.',
  },
  '/terms-of-service': {
    title: `Terms of Service | ${brand}`,
    description: `The terms that govern your use of ${brand} services.`,
    keywords: 'terms of service, terms and conditions, agreement',
    heading: 'Terms of Service',
    intro: 'The terms that govern your use of our services.',
  },
  '/security-compliance': {
    title: `Security & Compliance | ${brand}`,
    description: 'AES-256 encryption at rest, TLS 1.3 in transit and role-based access control.',
    keywords: 'security, compliance, encryption, data protection',
    heading: 'Security & Compliance',
    intro: 'Your data is encrypted with AES-256 at rest and TLS 1.3 in transit.',
  },
  '/service-level-agreement': {
    title: `Service Level Agreement | ${brand}`,
    description: 'Uptime commitments, support response times, maintenance windows and service credits.',
    keywords: 'SLA, uptime, service credits, support response',
    heading: 'Service Level Agreement',
    intro: 'Uptime commitments from 99.9% to 99.99%, 24/7 support and service credits.',
  },
  '/data-processing-agreement': {
    title: `Data Processing Agreement | ${brand}`,
    description: 'How we process personal data on your behalf: data kept in Africa, breach notification within 72 hours.',
    keywords: 'data processing agreement, DPA, GDPR, data protection',
    heading: 'Data Processing Agreement',
    intro: 'Version 2.0. Your data is kept in Africa.',
  },
};
