import type { Scenario } from '../scenario/schema.js';
import { loraSkipsExperts } from './fused-experts.js';

type Target = 'q' | 'k' | 'v' | 'o' | 'gate' | 'up' | 'down';

/** Input and output width of each projection a LoRA adapter can target. */
export function projectionShape(s: Scenario, target: Target): { dIn: number; dOut: number } | null {
  const { hidden: h, heads: a, kvHeads: g, headDim: d, ffn: f, mlp } = s.model.arch;
  switch (target) {
    case 'q':
      return { dIn: h, dOut: a * d };
    case 'k':
    case 'v':
      return { dIn: h, dOut: g * d };
    case 'o':
      return { dIn: a * d, dOut: h };
    case 'gate':
      return mlp === 'gated' ? { dIn: h, dOut: f } : null;
    case 'up':
      return { dIn: h, dOut: f };
    case 'down':
      return { dIn: f, dOut: h };
  }
}

/** Matrices of a target per layer: MoE experts each carry their own adapter on MLP targets. */
function copiesPerLayer(s: Scenario, target: Target): number {
  const mlpTarget = target === 'gate' || target === 'up' || target === 'down';
  // Experts held as nn.Parameter (DBRX) are no nn.Linear for PEFT to wrap (fused-experts.ts).
  if (mlpTarget && loraSkipsExperts(s)) return 0;
  return mlpTarget ? Math.max(1, s.model.arch.experts ?? 1) : 1;
}

/**
 * LoRA adapter parameters: A (r × d_in) and B (d_out × r) per targeted matrix, r·(d_in + d_out)
 * (Hu et al. 2021; PEFT `LoraLayer.update_layer`).
 */
export function loraParams(s: Scenario): { total: number; perLayer: number; targets: { target: Target; dIn: number; dOut: number }[] } {
  if (!s.lora) return { total: 0, perLayer: 0, targets: [] };
  const r = s.lora.rank;
  const targets = s.lora.targets
    .map((t) => ({ target: t, shape: projectionShape(s, t) }))
    .filter((t): t is { target: Target; shape: { dIn: number; dOut: number } } => t.shape !== null)
    .map((t) => ({ target: t.target, dIn: t.shape.dIn, dOut: t.shape.dOut }));
  const perLayer = targets.reduce((sum, t) => sum + r * (t.dIn + t.dOut) * copiesPerLayer(s, t.target), 0);
  return { total: perLayer * s.model.arch.layers, perLayer, targets };
}
