import { describe, expect, it } from 'vitest';
import { chatAiLead, chatAiModels, edgeAudiences, edgeBadge, edgeHeroLead, edgeSolutions } from './edge-content';

describe('Edge AI content (spec §2)', () => {
  it('lists the four edge solutions in order', () => {
    expect(edgeSolutions.map((s) => s.title)).toEqual(['Inference', 'Training', 'Edge Computing', 'Orchestration']);
  });

  it('names the seven audiences', () => {
    expect(edgeAudiences.map((a) => a.title)).toEqual([
      'AI Startups',
      'AI Africa Community',
      'Infrastructure Providers',
      'Networking Services',
      'Investors & Funds',
      'Government & Policy',
      'Technology Partners',
    ]);
  });

  it('shows open models as tags, phrased as models the platform will support', () => {
    expect(chatAiModels).toEqual(['Llama 3.1', 'Mistral', 'Qwen 2.5', 'Gemma 2', 'DeepSeek', 'Whisper', 'Stable Diffusion XL']);
    expect(chatAiLead).toMatch(/will let you/);
  });

  it('presents the cluster as planned, with early access and capacity reservation', () => {
    expect(edgeBadge).toMatch(/EARLY ACCESS/);
    expect(edgeBadge).toMatch(/PLANNED/);
    expect(edgeHeroLead).toMatch(/building/);
    expect(edgeHeroLead).toMatch(/Early access/);
    expect(edgeHeroLead).toMatch(/reserve capacity/);
  });
});
