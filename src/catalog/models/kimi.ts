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
  {
    // Kimi Linear (model_type kimi_linear, KimiLinearForCausalLM): of 27 layers, 7 are MLA full attention
    // (linear_attn_config.full_attn_layers [4, 8, 12, 16, 20, 24, 27]; mla_use_nope, no q LoRA) and 20 are
    // Kimi Delta Attention, a gated delta rule over 32 heads of 128 with short convolutions of q, k and v
    // (kernel 4), carried in the linearAttention fields. vLLM keeps the KDA conv states in the model dtype
    // and the recurrent state in fp32 (vllm/model_executor/layers/mamba/mamba_utils.py
    // MambaStateDtypeCalculator.kda_state_dtype: `(state_dtype, state_dtype, state_dtype, torch.float32)`),
    // and caches MLA's latent (512 + 64) on every rank.
    id: 'kimi-linear-48b-a3b',
    name: 'Kimi-Linear-48B-A3B',
    family: 'kimi',
    aliases: [
      'kimi linear 48b a3b', 'kimi-linear-48b', 'kimi linear 48b', 'kimi-linear', 'kimi linear', 'kimi-linear-48b-a3b-instruct',
      'kimi-linear-48b-a3b-base', 'moonshotai/kimi-linear-48b-a3b-instruct', 'moonshotai/kimi-linear-48b-a3b-base',
    ],
    arch: llamaStyle({
      layers: 27, hidden: 2304, heads: 32, kvHeads: 32,
      // qk_nope_head_dim 128 + qk_rope_head_dim 64; v_head_dim 128.
      headDim: 192,
      // The one dense layer's intermediate_size is not in the sources read: 4 × hidden taken (0.1% of the total either way).
      ffn: 1024, denseFfn: 9216, denseLayers: 1,
      experts: 256, expertsPerToken: 8, sharedExperts: 1,
      mla: { kvLoraRank: 512, ropeHeadDim: 64, nopeHeadDim: 128, vHeadDim: 128 },
      linearAttention: { fullAttentionInterval: 4, fullAttentionLayers: 7, numKeyHeads: 32, numValueHeads: 32, keyHeadDim: 128, valueHeadDim: 128, convKernel: 4, ssmStateFp32: true },
      vocab: 163840, tiedEmbeddings: false,
    }),
    publishedParams: 49.2e9,
    source:
      'moonshotai/Kimi-Linear-48B-A3B-Instruct config.json as two public readers of it give it (27 layers, hidden 2304, vocab 163840, ' +
      'full_attn_layers 4,8,12,16,20,24,27 and 20 KDA layers, kv_lora_rank 512, qk_rope_head_dim 64, qk_nope_head_dim 128, v_head_dim 128, ' +
      'KDA num_heads 32 × head_dim 128, short_conv_kernel_size 4, 256 experts of moe_intermediate_size 1024 plus shared experts — one, the count that gives the total below —, untied); ' +
      'total: 49.2 B counted from config.json and model.safetensors.index.json with llama.cpp src/models/kimi-linear.cpp shapes ' +
      '(a public static inventory of the checkpoint; the model card says 48B total, 3B activated)',
  },
];
