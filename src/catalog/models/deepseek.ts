import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/** DeepSeek-V2-Lite: multi-head latent attention (MLA) with a DeepSeekMoE feed-forward. */
export const DEEPSEEK_MODELS: readonly ModelSpec[] = [
  {
    id: 'deepseek-v2-lite',
    name: 'DeepSeek-V2-Lite',
    family: 'deepseek',
    aliases: ['deepseek v2 lite', 'deepseek-v2-lite-chat', 'deepseekv2-lite', 'deepseek-ai/deepseek-v2-lite'],
    arch: llamaStyle({
      layers: 27, hidden: 2048, heads: 16, kvHeads: 16,
      // Query/key head width: qk_nope_head_dim 128 + qk_rope_head_dim 64 (values are 128 wide).
      headDim: 192,
      // ffn is each routed expert's width (moe_intermediate_size); the first layer is dense (intermediate_size).
      ffn: 1408, denseFfn: 10944, denseLayers: 1,
      experts: 64, expertsPerToken: 6, sharedExperts: 2,
      // q_lora_rank is null in the Lite config: queries use a full-rank q_proj.
      mla: { kvLoraRank: 512, ropeHeadDim: 64, nopeHeadDim: 128, vHeadDim: 128 },
      vocab: 102400, tiedEmbeddings: false,
    }),
    publishedParams: 15.7e9,
    source: 'deepseek-ai/DeepSeek-V2-Lite config.json; total: model card (15.7B total, 2.4B activated)',
  },
];
