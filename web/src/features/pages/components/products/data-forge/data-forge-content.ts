// Analytics / business intelligence (/data-forge): spec content-and-data-pages.md §2.

import {
  BrainCircuit,
  Factory,
  GitMerge,
  HeartPulse,
  Landmark,
  LayoutDashboard,
  Lightbulb,
  Network,
  Pickaxe,
  Scale,
  Server,
  Truck,
  Users,
  Workflow,
  Zap,
} from 'lucide-react';
import { site } from '@/config/site';
import type { ProductCard, ProductCta, ProductHero } from '../product-content';

export const dataForgeHero: ProductHero = {
  badge: site.biProduct,
  title: 'Turn Data into Decisions',
  lead: `${site.biProduct} brings your transactions, ledgers and operational data together, reconciles them automatically and turns them into dashboards and insights your teams act on.`,
  actions: [
    { label: 'Schedule a Demo', target: 'booking' },
    { label: 'Request a Quote', target: '/contact' },
  ],
};

export const dataForgeFeatures: readonly ProductCard[] = [
  {
    icon: Pickaxe,
    title: 'Data Mining',
    text: 'Find patterns, trends and anomalies across millions of records from your core systems, spreadsheets and databases.',
  },
  {
    icon: Network,
    title: 'Clustering & Segmentation',
    text: 'Group customers, products and transactions by behaviour to target offers, price better and spot risk early.',
  },
  {
    icon: LayoutDashboard,
    title: 'Interactive Dashboards',
    text: 'Live dashboards for every team, from the boardroom to the branch, with drill-down to the underlying records.',
  },
  {
    icon: Workflow,
    title: 'Custom Data Pipelines',
    text: 'Pipelines built around your sources and schedules that clean, validate and load your data, with every run logged.',
  },
  {
    icon: GitMerge,
    title: 'Automated Reconciliation',
    text: 'Match bank statements, mobile money records and ledgers automatically, and review only the exceptions that need a human.',
  },
  {
    icon: Scale,
    title: 'Governed, Secure Data',
    text: 'Access controlled per team, data encrypted with AES-256 at rest and TLS 1.3 in transit, and hosted in Africa.',
  },
];

export const dataForgeBenefits: readonly ProductCard[] = [
  {
    icon: Lightbulb,
    title: 'Actionable Insights',
    text: 'Clear answers to business questions, delivered to the people who decide, not buried in reports.',
  },
  {
    icon: BrainCircuit,
    title: 'AI-Powered Decision-Making',
    text: 'Machine learning models forecast demand, score risk and flag anomalies so you act before problems grow.',
  },
  {
    icon: Server,
    title: 'Scalable Infrastructure',
    text: 'Runs on our Tier-3 cloud in Africa and grows from one department to the whole enterprise without a rebuild.',
  },
];

export const dataForgeUseCases: readonly ProductCard[] = [
  {
    icon: Landmark,
    title: 'Finance & Banking',
    text: 'Reconcile transactions, monitor liquidity and detect fraud patterns across accounts and channels.',
  },
  {
    icon: Users,
    title: 'Customer Analytics',
    text: 'Understand churn, lifetime value and buying behaviour to keep and grow your best customers.',
  },
  {
    icon: Truck,
    title: 'Supply Chain & Logistics',
    text: 'Track stock, forecast demand and measure supplier performance from warehouse to delivery.',
  },
  {
    icon: HeartPulse,
    title: 'Healthcare',
    text: 'Follow patient flows, claims and resource use to improve care while keeping records secure.',
  },
  {
    icon: Factory,
    title: 'Manufacturing',
    text: 'Monitor output, downtime and quality on the line, and find the causes of waste.',
  },
  {
    icon: Zap,
    title: 'Energy & Utilities',
    text: 'Analyse consumption, billing and network losses to plan capacity and cut revenue leakage.',
  },
];

export const dataForgeCta: ProductCta = {
  title: 'See Your Data Work for You',
  text: `Book a demo and we will show ${site.biProduct} on data like yours.`,
  actions: [
    { label: 'Schedule a Demo', target: 'booking' },
    { label: 'Contact Support', target: '/contact' },
  ],
};
