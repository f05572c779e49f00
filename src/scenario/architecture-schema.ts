import { z } from 'zod';

/**
 * A model's shape as the memory model reads it (catalog entries, config.json, a bare size's
 * Llama-style layout). Split from schema.ts, which embeds it in the scenario's model.
 */

const architectureFields = z.object({
  layers: z.number().int().min(1).max(1000),
  hidden: z.number().int().min(1).max(131072),
  heads: z.number().int().min(1).max(1024),
  kvHeads: z.number().int().min(1).max(1024),
  /**
   * Width of one attention head (config.json head_dim), kept independent of hidden / heads:
   * Gemma (256), Qwen3-32B and gpt-oss project to heads × headDim ≠ hidden.
   */
  headDim: z.number().int().min(1).max(4096),
  ffn: z.number().int().min(1).max(1_000_000),
  vocab: z.number().int().min(1).max(5_000_000),
  mlp: z.enum(['gated', 'plain']),
  norm: z.enum(['rmsnorm', 'layernorm']),
  tiedEmbeddings: z.boolean(),
  positions: z.enum(['rope', 'learned', 'alibi']),
  maxPositions: z.number().int().optional(),
  attentionBias: z.enum(['none', 'qkv', 'all']),
  mlpBias: z.boolean(),
  parallelBlock: z.boolean().optional(),
  encoderOnly: z.boolean().optional(),
  experts: z.number().int().optional(),
  expertsPerToken: z.number().int().optional(),
  sharedExperts: z.number().int().optional(),
  denseLayers: z.number().int().optional(),
  denseFfn: z.number().int().optional(),
  mla: z
    .object({
      kvLoraRank: z.number().int(),
      qLoraRank: z.number().int().optional(),
      ropeHeadDim: z.number().int(),
      nopeHeadDim: z.number().int(),
      vHeadDim: z.number().int(),
    })
    .optional(),
  /**
   * Sliding-window (local) attention: a layer with a window attends to, and caches, at most the
   * last `slidingWindow` tokens (config.json sliding_window).
   */
  slidingWindow: z.number().int().optional(),
  /** Share of layers that use the window when the count is not given (Gemma 2: 0.5); absent = all. */
  slidingWindowFraction: z.number().optional(),
  /**
   * Exact number of layers that use the window; takes precedence over slidingWindowFraction.
   * From config.json `layer_types` (count of "sliding_attention": gpt-oss, Gemma 3, Qwen3) or
   * `sliding_window_pattern` P (every P-th layer is global: layers − ⌊layers / P⌋; Gemma 3 P = 6).
   */
  slidingLayers: z.number().int().min(0).optional(),
  /**
   * Learned attention sinks: one extra softmax logit per query head per layer
   * (gpt-oss, transformers modeling_gpt_oss.py `self.sinks`, shape [num_attention_heads]).
   */
  attentionSinks: z.boolean().optional(),
  /**
   * Every N-th layer is a MoE layer, the others dense with `denseFfn` (Llama 4
   * `interleave_moe_layer_step`: Maverick 2, Scout 1). Absent = every layer after `denseLayers`.
   */
  moeEvery: z.number().int().min(1).optional(),
  /**
   * Width of the shared-expert MLP when it is not sharedExperts × ffn (Qwen2-MoE
   * `shared_expert_intermediate_size`); absent = sharedExperts × ffn (DeepSeek `n_shared_experts`).
   */
  sharedFfn: z.number().int().optional(),
  /**
   * Multi-token-prediction modules (DeepSeek-V3 / GLM-4.5 `num_nextn_predict_layers`): each one a
   * full decoder layer plus its projection and norms, stored in the checkpoint but not in the
   * published main-model total and not loaded by transformers; counted apart (ParamBreakdown.mtp).
   */
  mtpLayers: z.number().int().min(0).optional(),
  /**
   * The format the published checkpoint stores its weights in, when not 16-bit
   * (config.json `quantization_config`): `mxfp4` on the routed experts only (gpt-oss:
   * modules_to_not_convert = attention, router, embeddings, LM head), `fp8-block` on every
   * decoder linear layer (DeepSeek-V3 / Kimi K2: fp8 e4m3 with a scale per 128×128 block).
   */
  checkpoint: z
    .object({
      format: z.enum(['mxfp4', 'fp8-block']),
      scope: z.enum(['experts', 'linear']),
    })
    .optional(),
  /**
   * Soft-capped attention logits (config.json `attn_logit_softcapping`, Gemma 2: 50.0): the eager
   * kernel keeps a tanh output per score, and transformers ≥ 4.45 loads Gemma 2 with eager
   * attention by default (memory/attention-kernel.ts).
   */
  attnSoftcap: z.boolean().optional(),
  /**
   * transformers' modeling file hands SDPA fewer K/V heads than query heads, neither repeated
   * (repeat_kv) nor flagged (enable_gqa): Falcon-7B's multi-query attention (modeling_falcon.py,
   * modelling_RW.py). PyTorch's fused kernels refuse it and SDPA runs the math kernel
   * (memory/attention-kernel.ts).
   */
  sdpaKvUnrepeated: z.boolean().optional(),
  /**
   * The model's own (remote) modeling code has no SDPA or FlashAttention path at all: ChatGLM-6B's
   * `attention_fn` (THUDM/chatglm-6b modeling_chatglm.py) is baddbmm, an fp32 softmax and bmm, whatever
   * kernel transformers would pick (memory/attention-kernel.ts).
   */
  eagerOnly: z.boolean().optional(),
  /**
   * The MLP's activation is transformers' `gelu_new` (config `activation_function` / `hidden_act`:
   * GPT-2, GPT-J, Phi-1.5/2), Python arithmetic that keeps four f-wide tensors for backward where a
   * fused GELU keeps one (memory/activations.ts composedGeluTensors).
   */
  composedGelu: z.boolean().optional(),
  /** An RMSNorm scale of headDim on each query and each key head, per layer (Qwen3, Gemma 3, GLM-4.5 `use_qk_norm`). */
  qkNorm: z.boolean().optional(),
  /**
   * Norms per decoder layer when not the default: 2, or 1 for a parallel block (Gemma 2 / 3: input,
   * post-attention, pre- and post-feedforward = 4; GPT-NeoX and Falcon-40B's parallel blocks: 2).
   */
  layerNorms: z.number().int().min(1).optional(),
  /** Parameters the fields above do not describe (extra norms, biases, a second embedding), counted like embeddings; never negative. */
  extraParams: z.number().min(0).optional(),
  /**
   * Of `extraParams`, the weights of nn.Linear layers (CogVLM's visual expert: a second copy of each
   * layer's attention and MLP projections). A bitsandbytes load packs them with the decoder's own
   * linears (memory/bnb-linear.ts); every other format keeps them with the 16-bit rest.
   */
  extraLinearParams: z.number().min(0).optional(),
  /** Routed experts held as nn.Parameter, not nn.Linear (DBRX's DbrxExpertGLU): unpacked by bitsandbytes, unadaptable by LoRA (memory/fused-experts.ts). */
  expertsAsParameters: z.literal(true).optional(),
  /**
   * Signed: what the shape's own count is moved by so the total is the size asked for — "7.5b" on
   * the Llama-2-7B shape is 7.5 B, not 6.7 B — or the count the Hub publishes (src/scenario/shape.ts
   * pinnedTo). Counted like embeddings; a negative one comes off the linear layers (memory/states.ts).
   */
  sizeAdjustment: z.number().optional(),
  /**
   * The vision tower of a vision-language model (config.json vision_config plus the projector into
   * the language model), kept apart from the text `total`: loaded with the model in every mode, frozen
   * in training (LLaMA-Factory freeze_vision_tower=True; a text-only batch gives it no gradients).
   */
  vision: z
    .object({
      name: z.string(),
      params: z.number().positive(),
      /**
       * Of `params`, the weights of the tower's and projector's nn.Linear layers: what transformers'
       * bitsandbytes load packs when the tower is part of the model it loads (memory/bnb-linear.ts).
       * Absent: the tower is counted 16-bit whatever the format.
       */
      linearParams: z.number().min(0).optional(),
      /**
       * Qwen2-VL-style video input (memory/vllm-encoder-profile.ts): the image processor's max_pixels
       * (preprocessor_config.json), patch and spatial-merge sizes, temporal_patch_size, and the ViT's
       * hidden and MLP widths, gated (gate/up/down) or plain (fc1/fc2).
       */
      video: z
        .object({
          maxPixels: z.number().int().positive(),
          patch: z.number().int().positive(),
          merge: z.number().int().positive(),
          temporalPatch: z.number().int().positive(),
          channels: z.number().int().positive(),
          hidden: z.number().int().positive(),
          ffn: z.number().int().positive(),
          gated: z.boolean(),
        })
        .optional(),
    })
    .optional(),
  /**
   * Cross-attention layers among `layers` (Llama 3.2 Vision text_config cross_attention_layers):
   * decoder layers for parameters, LoRA targets and activations, but their K and V come from the
   * image's tokens only, so a text token adds nothing to their cache (memory/inference.ts).
   */
  crossAttentionLayers: z.number().int().min(0).optional(),
  /**
   * Hybrid linear attention (Qwen3-Next, model_type qwen3_next): every `fullAttentionInterval`-th
   * layer is full attention (config.json full_attention_interval / layer_types), the others Gated
   * DeltaNet with no KV cache, each holding per sequence a conv state and a recurrent (delta) state
   * of fixed size (memory/linear-attention.ts). Heads and head sizes: config.json linear_num_key_heads,
   * linear_num_value_heads, linear_key_head_dim, linear_value_head_dim, linear_conv_kernel_dim.
   * `outputGate`: the full-attention q_proj also emits a per-head sigmoid gate (2·a·d wide,
   * transformers modeling_qwen3_next.py Qwen3NextAttention).
   */
  linearAttention: z
    .object({
      fullAttentionInterval: z.number().int().min(1),
      numKeyHeads: z.number().int().min(1),
      numValueHeads: z.number().int().min(1),
      keyHeadDim: z.number().int().min(1),
      valueHeadDim: z.number().int().min(1),
      convKernel: z.number().int().min(1),
      outputGate: z.boolean().optional(),
      /** config.json `mamba_ssm_dtype: "float32"` (Qwen3.5): the recurrent state is kept in fp32 whatever the weights' dtype. */
      ssmStateFp32: z.boolean().optional(),
      /** Full-attention layers where config.json lists them rather than an interval (Kimi Linear's linear_attn_config.full_attn_layers). */
      fullAttentionLayers: z.number().int().min(0).optional(),
    })
    .optional(),
  /** Dropout probability used in training (GPT-2/BERT 0.1; modern decoders 0): masks are kept for backward. */
  dropout: z.number().min(0).max(1).optional(),
});

/**
 * Before issue 26 the size pin lived in `extraParams`, negative whenever the asked size was below
 * the shape's count. A stored thread written then is read with its negative pin moved to
 * `sizeAdjustment` (the total is the same either way).
 */
function pinOutOfExtras(arch: unknown): unknown {
  if (typeof arch !== 'object' || arch === null) return arch;
  const { extraParams, sizeAdjustment } = arch as { extraParams?: unknown; sizeAdjustment?: unknown };
  if (typeof extraParams !== 'number' || extraParams >= 0 || sizeAdjustment !== undefined) return arch;
  const { extraParams: _pin, ...rest } = arch as Record<string, unknown>;
  return { ...rest, sizeAdjustment: extraParams };
}

export const architectureSchema = z.preprocess(pinOutOfExtras, architectureFields);
