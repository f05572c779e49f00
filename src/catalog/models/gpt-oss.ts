import type { Architecture, ModelSpec } from '../types.js';
import { llamaStyle } from './shape.js';

/**
 * OpenAI's gpt-oss (GptOssForCausalLM, transformers modeling_gpt_oss.py): MoE with 4 routed
 * experts a token, biases on q, k, v, o, on the experts' gate_up / down projections and on the
 * router; one learned attention-sink logit per head; layer_types alternate 128-token
 * sliding-window and full attention (half the layers each). The checkpoint stores the experts in
 * MXFP4 (quantization_config quant_method mxfp4, modules_to_not_convert: self_attn, router,
 * embed_tokens, lm_head), everything else in bf16.
 */
function gptOss(layers: number, experts: number): Architecture {
  return llamaStyle({
    layers, hidden: 2880, heads: 64, kvHeads: 8, headDim: 64,
    ffn: 2880, experts, expertsPerToken: 4,
    vocab: 201088, tiedEmbeddings: false,
    attentionBias: 'all', mlpBias: true, attentionSinks: true,
    slidingWindow: 128, slidingLayers: layers / 2,
    checkpoint: { format: 'mxfp4', scope: 'experts' },
  });
}

const SHAPE =
  'config.json (hidden_size 2880, intermediate_size 2880, 64 heads of head_dim 64, 8 KV heads, experts_per_token 4, ' +
  'sliding_window 128, vocab 201088; same defaults in transformers GptOssConfig)';

export const GPT_OSS_MODELS: readonly ModelSpec[] = [
  {
    id: 'gpt-oss-20b',
    name: 'gpt-oss-20b',
    family: 'gpt-oss',
    aliases: ['gpt oss 20b', 'gptoss-20b', 'gpt-oss 20b', 'openai/gpt-oss-20b'],
    arch: gptOss(24, 32),
    publishedParams: 20.91e9,
    source: `openai/gpt-oss-20b ${SHAPE}, 24 layers, 32 experts; total: gpt-oss model card (20.91B total, 3.61B active)`,
  },
  {
    id: 'gpt-oss-120b',
    name: 'gpt-oss-120b',
    family: 'gpt-oss',
    aliases: ['gpt oss 120b', 'gptoss-120b', 'gpt-oss 120b', 'openai/gpt-oss-120b'],
    arch: gptOss(36, 128),
    publishedParams: 116.83e9,
    source: `openai/gpt-oss-120b ${SHAPE}, 36 layers, 128 experts; total: gpt-oss model card (116.83B total, 5.13B active)`,
  },
];
