import type { ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * Moonshot AI's Kimi K2 (model_type kimi_k2, the DeepseekV3ForCausalLM architecture): MLA with
 * 64 heads instead of 128, 384 routed experts, one dense layer, no MTP module.
 */
export const KIMI_MODELS: readonly ModelSpec[] = [
  {
    id: 'kimi-k2',
    name: 'Kimi-K2',
    family: 'kimi',
    aliases: ['kimi k2', 'kimik2', 'kimi-k2-instruct', 'kimi-k2-base', 'kimi-k2-instruct-0905', 'kimi-k2-thinking', 'kimi k2 thinking', 'moonshotai/kimi-k2-instruct', 'moonshotai/kimi-k2-base', 'moonshotai/kimi-k2-thinking'],
    arch: llamaStyle({
      layers: 61, hidden: 7168, heads: 64, kvHeads: 64,
      // qk_nope_head_dim 128 + qk_rope_head_dim 64; v_head_dim 128.
      headDim: 192,
      ffn: 2048, denseFfn: 18432, denseLayers: 1,
      experts: 384, expertsPerToken: 8, sharedExperts: 1,
      mla: { kvLoraRank: 512, qLoraRank: 1536, ropeHeadDim: 64, nopeHeadDim: 128, vHeadDim: 128 },
      vocab: 163840, tiedEmbeddings: false,
      checkpoint: { format: 'fp8-block', scope: 'linear' },
    }),
    publishedParams: 1.04e12,
    source:
      'moonshotai/Kimi-K2-Instruct config.json (hidden_size 7168, 61 layers, 64 heads, kv_lora_rank 512, q_lora_rank 1536, ' +
      'n_routed_experts 384, n_shared_experts 1, num_experts_per_tok 8, first_k_dense_replace 1, vocab 163840, fp8 block [128,128]); ' +
      'total: Kimi K2 technical report (1.04 trillion total, 32B activated; model card "1T")',
  },
];
