import type { Scenario } from '../scenario/schema.js';
import { count } from './format.js';
import { activeMlpWidth, prefillScores } from './inference.js';
import type { Layout } from './layout.js';
import { activationBytes } from './precision.js';
import type { Component } from './types.js';

/**
 * One decoder layer's peak in vLLM's own forward over `tokens` (the profile run), per GPU. vLLM's
 * layers keep fewer full-width tensors than a transformers forward (vllm/model_executor/models/llama.py,
 * 0.5 → 0.10; the other decoders copy it):
 * - `LlamaDecoderLayer.forward` normalises in place (`self.input_layernorm(hidden_states, residual)`
 *   and `post_attention_layernorm` are fused add-RMSNorms that write into their inputs), so the layer
 *   holds its input and the residual, two tensors of tokens × hidden;
 * - `LlamaMLP.forward` (`gate_up, _ = self.gate_up_proj(x); x = self.act_fn(gate_up); x, _ =
 *   self.down_proj(x)`) keeps `gate_up` (2·ffn ÷ tp) and SiluAndMul's output (ffn ÷ tp) alive while
 *   down_proj writes its output (hidden): 3·hidden + 3·ffn ÷ tp at its peak;
 * - `LlamaAttention.forward` splits q, k, v as views of one qkv output ((heads + 2·kv heads) × head
 *   dim ÷ tp), applies rotary in place, and writes the attention output (heads × head dim ÷ tp) and
 *   o_proj's (hidden): 3·hidden + (2·heads + 2·kv heads) × head dim ÷ tp.
 * The layer's peak is the larger of the two. An attention kernel that materialises scores keeps them
 * beside (prefillScores, the transformers working set's own term).
 */
export function vllmForwardPeak(s: Scenario, tokens: number, l: Layout): Component {
  const { hidden: h, heads: a, kvHeads: g, headDim: d, mlp } = s.model.arch;
  const f = activeMlpWidth(s.model.arch);
  const e = activationBytes(s);
  const mlpCount = mlp === 'gated' ? 3 : 2;
  const mlpWidth = (mlpCount * f) / l.tp;
  const attentionWidth = ((2 * a + 2 * g) * d) / l.tp;
  // The scores the attention kernel keeps beside, when it keeps any (attention-kernel.ts).
  const scores = prefillScores({ ...s, microBatch: 1 }, tokens, l).bytes;
  const widest = Math.max(mlpWidth, attentionWidth);
  const which = mlpWidth >= attentionWidth ? `${mlpCount}·f ÷ ${l.tp} (MLP)` : `(2·${a} + 2·${g}) × ${d} ÷ ${l.tp} (attention)`;
  return {
    key: 'prefill',
    name: "vLLM forward's peak (one layer)",
    group: 'activations',
    bytes: tokens * e * (3 * h + widest) + scores,
    formula: `${count(tokens)} tokens × ${e} B × (3·h + ${which}), h ${h}, f ${f}${scores > 0 ? ' + attention scores' : ''}`,
  };
}
