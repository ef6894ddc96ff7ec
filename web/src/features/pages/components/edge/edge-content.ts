// Edge AI / GPU cloud (/edge) content: spec content-and-data-pages.md §2. The
// cluster is planned: every sentence speaks of early access and reservation,
// never of capacity that runs today.

import {
  Bot,
  BrainCircuit,
  Briefcase,
  Cable,
  Cpu,
  Globe2,
  HardDrive,
  Handshake,
  Landmark,
  Layers,
  Leaf,
  Lock,
  MapPin,
  Network,
  Rocket,
  Router,
  Server,
  Timer,
  Users,
  Workflow,
  Zap,
  type LucideIcon,
} from 'lucide-react';

export interface EdgeCard {
  icon: LucideIcon;
  title: string;
  text: string;
  /** A link under the text (investors go to the investment pitch of /auth). */
  link?: { href: string; label: string };
}

export const edgeBadge = 'EARLY ACCESS · PLANNED GPU CLUSTER';

export const edgeHeroLead =
  'We are building a GPU cluster in East Africa for training, inference and edge computing, close to the people and data it serves. ' +
  'Early access is open: reserve capacity now and help shape the platform before it launches.';

/** Power engines: what the planned cluster is built from. */
export const powerEngines: readonly EdgeCard[] = [
  {
    icon: Cpu,
    title: 'Data-Center GPUs',
    text: 'Nodes built on current-generation data-center GPUs with high-bandwidth memory, sized for large-model training and fast inference.',
  },
  {
    icon: Cable,
    title: 'High-Speed Interconnect',
    text: 'Low-latency, high-throughput networking between GPU nodes so multi-node jobs scale instead of waiting on the network.',
  },
  {
    icon: HardDrive,
    title: 'NVMe Storage Fabric',
    text: 'Parallel NVMe storage that keeps datasets and checkpoints close to the GPUs and loads them at full speed.',
  },
  {
    icon: Leaf,
    title: 'Renewable-Ready Power',
    text: 'Kenya’s grid draws most of its power from geothermal, hydro and wind, which makes it a natural home for energy-hungry AI.',
  },
];

export const chatAiLead =
  'Chat AI will let you run leading open models on African infrastructure, through an API or a private deployment, with your prompts and data kept in Africa.';

/** Open models the platform will support at launch (shown as tags). */
export const chatAiModels: readonly string[] = [
  'Llama 3.1',
  'Mistral',
  'Qwen 2.5',
  'Gemma 2',
  'DeepSeek',
  'Whisper',
  'Stable Diffusion XL',
];

/** Supercomputing-scale points. */
export const scalePoints: readonly { title: string; text: string }[] = [
  {
    title: 'From one GPU to the whole cluster',
    text: 'Start with a single GPU for experiments and scale to multi-node jobs for training runs, on the same platform.',
  },
  {
    title: 'Latency measured in milliseconds, not continents',
    text: 'Serving models from East Africa cuts round trips for users across the region compared with overseas clouds.',
  },
  {
    title: 'Data residency by design',
    text: 'Training data, model weights and inference logs stay in African data centers, supporting local data-protection rules.',
  },
  {
    title: 'Reserved capacity, predictable cost',
    text: 'Early-access partners reserve GPU hours ahead of launch at a committed price, instead of competing for spot capacity.',
  },
];

/** Edge solutions, in the spec's order. */
export const edgeSolutions: readonly EdgeCard[] = [
  {
    icon: Zap,
    title: 'Inference',
    text: 'Serve chat, speech, vision and recommendation models behind an API, with autoscaling for traffic peaks.',
  },
  {
    icon: BrainCircuit,
    title: 'Training',
    text: 'Fine-tune open models on your own data or train from scratch across multiple GPU nodes.',
  },
  {
    icon: Router,
    title: 'Edge Computing',
    text: 'Run models near the source, in branches, factories or base stations, and sync with the central cluster.',
  },
  {
    icon: Workflow,
    title: 'Orchestration',
    text: 'Schedule containers and jobs across GPUs, queue workloads and track usage per team and project.',
  },
];

/** Platform features (planned). */
export const edgeFeatures: readonly EdgeCard[] = [
  {
    icon: Server,
    title: 'Dedicated or Shared GPUs',
    text: 'Reserve whole nodes for sustained training or share GPUs for development and light inference.',
  },
  {
    icon: Layers,
    title: 'Containers & Notebooks',
    text: 'Bring your own containers or start from ready images with the common AI frameworks preinstalled.',
  },
  {
    icon: Network,
    title: 'Private Networking',
    text: 'Connect GPU workloads privately to your servers and storage on our cloud.',
  },
  {
    icon: Lock,
    title: 'Encryption Everywhere',
    text: 'AES-256 encryption at rest and TLS 1.3 in transit for datasets, checkpoints and API traffic.',
  },
  {
    icon: MapPin,
    title: 'Data Kept in Africa',
    text: 'Everything runs in African data centers, so your data never has to leave the continent.',
  },
  {
    icon: Timer,
    title: '24/7 Engineering Support',
    text: 'Engineers who help you size, deploy and optimise your AI workloads, around the clock.',
  },
];

/** Who is this for, in the spec's order. */
export const edgeAudiences: readonly EdgeCard[] = [
  {
    icon: Rocket,
    title: 'AI Startups',
    text: 'Train and serve your models locally at a price that fits a startup budget.',
  },
  {
    icon: Users,
    title: 'AI Africa Community',
    text: 'Researchers, students and builders who need GPU time for African languages and problems.',
  },
  {
    icon: Server,
    title: 'Infrastructure Providers',
    text: 'Data centers and hosting companies who want to offer GPU capacity to their own customers.',
  },
  {
    icon: Globe2,
    title: 'Networking Services',
    text: 'Carriers and ISPs bringing inference to the edge of their networks.',
  },
  {
    icon: Briefcase,
    title: 'Investors & Funds',
    text: 'Back the infrastructure that Africa’s AI economy will run on.',
    link: { href: '/auth?tab=register', label: 'Invest with us' },
  },
  {
    icon: Landmark,
    title: 'Government & Policy',
    text: 'Sovereign AI capacity for public services, with data that stays in the country.',
  },
  {
    icon: Handshake,
    title: 'Technology Partners',
    text: 'Hardware, software and model partners who want to reach African customers.',
  },
];

export const enterpriseAgent: { icon: LucideIcon; title: string; text: string } = {
  icon: Bot,
  title: 'Try Our Enterprise AI Agent Today',
  text: 'While the cluster is being built, our enterprise agent already answers questions over your documents and systems. Launch it and see what African-hosted AI can do for your team.',
};

export const reserveSubject = 'Edge AI GPU capacity reservation';
