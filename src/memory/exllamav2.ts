import type { Scenario } from '../scenario/schema.js';
import { count, num } from './format.js';
import type { Layout } from './layout.js';
import { activeMlpWidth } from './inference.js';
import { EXL2_DEFAULT_BPW } from './precision.js';
import type { Component } from './types.js';

export { EXL2_DEFAULT_BPW };

/**
 * turboderp's ExLlamaV2 (turboderp-org/exllamav2, read at f25f653 for cache.py, 7537296 for
 * config.py, 617d697 for model.py; the same rules in its 0.0.x releases of 2023): what is on the
 * card once the model is loaded and its cache created, all of it allocated up front.
 *
 * - Weights: the EXL2 file's quantised layers (q, k, v, o, gate, up, down) at their bits per weight,
 *   the average convert.py targets (`-b`, default 4.156 in its first convert.py); the output head
 *   at `-hb` / `--head_bits`, default 6; norms in fp16. The token embeddings stay in host RAM:
 *   model.py `set_device_map(allocation, embed_cpu = True)` gives ExLlamaV2Embedding device -1.
 * - Cache: `ExLlamaV2Cache(model)` (cache.py) allocates K and V of [batch, max_seq_len, kv heads,
 *   head_dim] for every layer when it is built, fp16; `max_seq_len = -1` (the default) takes
 *   `model.config.max_seq_len`, which config.py `prepare()` reads from config.json
 *   (max_sequence_length, model_max_length, max_position_embeddings …, 2048 if none): Llama 3.1's
 *   131,072 unless the script passes a length (test_inference.py `-l`). ExLlamaV2Cache_8bit keeps one
 *   byte an element plus a temporary fp16 K and V of one layer's shape per device.
 * - Device context: the fixed scratch of the largest module (mlp.py `scratch_space_fixed`: the
 *   hidden state, the two MLP intermediates and the dequantised matrix, at config.py's
 *   max_input_len 2048 × max_batch_size 1, the dequantised matrix capped at max_dq_size 512 Mi
 *   elements) and the constants model.py subtracts from every device's allocation (`constant_size`
 *   of sin/cos over max_seq_len, `state_size`, `mask_size`).
 */

/** convert.py `-hb`/`--head_bits` default: the output head's bits. */
export const EXL2_HEAD_BITS = 6;
/** config.py `ExLlamaV2Config.__init__`: max_input_len = 2048, max_batch_size = 1, max_dq_size = 512·1024² elements. */
export const EXL2_MAX_INPUT_LEN = 2048;
export const EXL2_MAX_DQ_ELEMENTS = 512 * 1024 ** 2;

export function exl2Bits(s: Scenario): number {
  return s.inference.bpw ?? EXL2_DEFAULT_BPW;
}

/** The EXL2 weights on the GPU (one device: ExLlamaV2's split is layer by layer, a pipeline stage per GPU). */
export function exl2Weights(s: Scenario, l: Layout): Component {
  const bits = exl2Bits(s);
  const layers = l.params.linear / l.pp / l.tp;
  const head = (l.params.lmHead || l.params.embedding) / l.tp;
  const rest = Math.max(0, (l.params.total - l.params.linear - l.params.embedding - l.params.lmHead) / l.pp / l.tp);
  const bytes = (layers * bits) / 8 + (head * EXL2_HEAD_BITS) / 8 + rest * 2;
  return {
    key: 'weights',
    name: `weights, EXL2 ${num(bits)} bpw`,
    group: 'weights',
    bytes,
    formula: `${count(layers)} layer weights × ${num(bits)} bits + head ${count(head)} × ${EXL2_HEAD_BITS} bits + ${count(rest)} × 2 B; token embeddings in host RAM`,
  };
}

/**
 * The device context and, for a quantised cache (FP8, or Q4: exllamav2/cache.py ExLlamaV2Cache_Q4 dequantises
 * a layer into fp16 temp tensors), its fp16 staging tensors: allocated with the model and the cache.
 */
export function exl2Scratch(s: Scenario): Component {
  const { hidden, headDim, kvHeads } = s.model.arch;
  const batch = s.microBatch;
  const ffn = activeMlpWidth(s.model.arch);
  const input = EXL2_MAX_INPUT_LEN;
  const state = input * batch * hidden * 2;
  const intermediates = 2 * input * batch * ffn * 2;
  const dq = Math.min(hidden * ffn, EXL2_MAX_DQ_ELEMENTS) * 2;
  const constants = 2 * headDim * s.seq * 2 + state + input ** 2 * batch * 2;
  const staging = s.inference.kvDtype === 'fp8' || s.inference.kvDtype === 'int4' ? 2 * batch * s.seq * kvHeads * headDim * 2 : 0;
  const bytes = state + intermediates + dq + constants + staging;
  return {
    key: 'exl2-scratch',
    name: 'ExLlamaV2 device scratch',
    group: 'buffers',
    bytes,
    formula: `MLP fixed scratch ${input} × (${hidden} + 2·${ffn}) × 2 B + dequantised ${hidden} × ${ffn} × 2 B + sin/cos, state and mask${staging ? ' + fp16 K/V staging of one layer' : ''}`,
  };
}
