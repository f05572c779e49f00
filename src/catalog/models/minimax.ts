import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * MiniMax's M2 series (MiniMaxM2ForCausalLM): 62 layers, every one sparse (256 experts of 1536, 8 a token, a
 * sigmoid router, no shared expert), GQA 48 / 8 heads of 128, untied 200,064-token vocabulary. M2, M2.1 and M2.5
 * share the architecture and the shape. Its q/k RMSNorm runs over all heads at once (a weight of heads × 128 on q,
 * kvHeads × 128 on k, slime PR #1929) where the catalog counts one of head_dim: 62 × 6,912 parameters short, 0.0002%.
 * The checkpoint's multi-token-prediction modules are not counted (not in the published total).
 */
const minimaxM2 = () =>
  llamaStyle({
    layers: 62, hidden: 3072, heads: 48, kvHeads: 8, headDim: 128,
    ffn: 1536, experts: 256, expertsPerToken: 8,
    vocab: 200064, tiedEmbeddings: false, qkNorm: true,
  });

const SOURCE =
  'MiniMaxAI/MiniMax-M2.5 config.json as THUDM/slime scripts/models/minimax-m2.sh carries it in Megatron arguments ("MiniMax-M2.5 (229B, 62 layers, 256 experts, top-8)": hidden 3072, ffn 1536, ' +
  '48 heads, 8 query groups, kv-channels 128, moe-ffn-hidden-size 1536, 256 experts, top-8, moe-layer-freq [1]*62, vocab 200064, ' +
  'untied, qk-layernorm); the same architecture for M2 and M2.1: ai-dynamo/aiconfigurator#405 ("MiniMax-M2.1 · ' +
  'MiniMaxM2ForCausalLM · same arch") and exo-explore/exo#1514 (M2.5 "shares the same architecture as M2/M2.1"); total: the ' +
  'script\'s 229B (10B active)';

export const MINIMAX_MODELS: readonly ModelSpec[] = [
  {
    id: 'minimax-m2',
    name: 'MiniMax-M2',
    family: 'minimax',
    aliases: ['minimax m2', 'minimax-m2-229b', 'minimaxai/minimax-m2', 'minimax-m2:229b'],
    arch: minimaxM2(),
    publishedParams: 229e9,
    source: SOURCE,
  },
  {
    id: 'minimax-m2.1',
    name: 'MiniMax-M2.1',
    family: 'minimax',
    aliases: ['minimax m2.1', 'minimax-m2.1-229b', 'minimax-m2.1-229b-a10b', 'minimaxai/minimax-m2.1', 'minimax-m2.1:229b'],
    arch: minimaxM2(),
    publishedParams: 229e9,
    source: SOURCE,
  },
  {
    id: 'minimax-m2.5',
    name: 'MiniMax-M2.5',
    family: 'minimax',
    aliases: ['minimax m2.5', 'minimax-m2.5-229b', 'minimax-m2.5-229b-a10b', 'minimaxai/minimax-m2.5', 'minimax-m2.5:229b'],
    arch: minimaxM2(),
    publishedParams: 229e9,
    source: SOURCE,
  },
];
