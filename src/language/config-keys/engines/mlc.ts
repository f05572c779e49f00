import { IGNORE, numberOf, say, unquote, type Handler, type KeyReading } from '../values.js';
import { none, noneEach, reads, readsThrough, shared, unmodelled, unmodelledWhen, type Engine, optionsOnce } from './types.js';

/**
 * MLC-LLM's quantisation codes (python/mlc_llm/quantization/quantization.py): qAfB_k is A-bit
 * weights computed in fB; q0 keeps the weights unquantised. 4-bit group quantisation is sized as
 * GPTQ's 4 bits (a 16-bit scale per 32 weights: about 4.5 bits); 3-bit codes are not modelled.
 */
const mlcQuantization: Handler = (v) => {
  const code = /^q(\d)f(16|32)(?:_\w+)?$/.exec(unquote(v).toLowerCase());
  if (!code) return IGNORE;
  if (code[1] === '0') return say(code[2] === '32' ? 'fp32' : 'fp16');
  if (code[1] === '4') return say('int4', `MLC-LLM's ${unquote(v)} (4-bit groups with fp16 scales) sized as 4-bit GPTQ weights`);
  return { ignore: true, note: `MLC-LLM's ${unquote(v)} (${code[1]}-bit weights) is not modelled: fp16 weights assumed` };
};

/** A number said with its word, after "inference" (MLC-LLM is no vLLM server: not "serve"). */
const inference = (word: string): Handler => (v) => (Number.isFinite(numberOf(v)) && numberOf(v) > 0 ? say(`inference ${word} ${numberOf(v)}`) : IGNORE);

/**
 * `--overrides "max_num_sequence=32;max_total_seq_length=16384;tensor_parallel_shards=2"`: EngineConfig's
 * fields in one flag (cli/serve.py), each read as MLC-LLM reads it, their words said together
 * (the settings are stated: the words are not weak; an unmodelled one is said by its note).
 */
const overrides = (engineReads: (key: string) => Handler | undefined): Handler => (v, ctx) => {
  const readings = unquote(v)
    .split(';')
    .map((pair) => /^\s*([a-z_]+)\s*=\s*(\S+?)\s*$/.exec(pair))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, key, value]) => engineReads(key!)?.(value!, { ...ctx, current: key!, spelling: key!, pair: `${key}=${value}` }) ?? null)
    .filter((r): r is Exclude<KeyReading, null> => r !== null);
  const words = readings.flatMap((r) => ('say' in r ? [r.say] : []));
  const notes = readings.flatMap((r) => (r.note ? [r.note] : []));
  const note = notes.length ? { note: notes.join('; ') } : {};
  if (!words.length) return { ignore: true, ...note };
  // Not weak as a whole: the settings read are stated; an unmodelled one is said by its note.
  return { say: words.join(' '), ...note };
};

/**
 * MLC-LLM's options: EngineConfig (python/mlc_llm/serve/config.py), which `mlc_llm serve` takes as
 * flags and in `--overrides "max_num_sequence=…;…"`, and gen_config's (python/mlc_llm/interface/
 * help.py), read at mlc-ai/mlc-llm main (Jul 2026). gpu_memory_utilization is, as vLLM's, the share
 * of the card for weights, KV cache and temporary buffers (its default 0.85).
 */
export const MLC_LLM: Engine = {
  id: 'mlc-llm',
  name: 'MLC-LLM',
  named: /mlc[_-]?llm|mlc[_-]ai|mlc_chat/i,
  source: 'mlc-ai/mlc-llm python/mlc_llm/serve/config.py EngineConfig, cli/serve.py, interface/help.py (main, Jul 2026)',
  says: 'inference',
  get options() {
    return optionsOnce(this, () => [
      shared('--model'),
      shared('gpu_memory_utilization'),
      reads(mlcQuantization, '--quantization'),
      reads(inference('tp'), 'tensor_parallel_shards'),
      reads(inference('pp'), 'pipeline_parallel_stages'),
      reads(inference('max seqs'), 'max_num_sequence'),
      reads(inference('seq'), 'max_single_sequence_length'),
      reads(inference('seq'), 'context_window_size'),
      reads(inference('batched tokens'), 'prefill_chunk_size'),
      unmodelled('the tokens the KV cache holds in all, shared by the sequences', 'kv cache', 'max_total_sequence_length', 'max_total_seq_length'),
      unmodelled('the most sequences the compiled model batches', 'batch', 'max_batch_size'),
      unmodelled('a sliding-window KV cache of that many tokens', 'kv cache', 'sliding_window_size'),
      unmodelledWhen((v) => v !== 'disable', "a draft model's weights and KV cache beside the target's", 'weights', '--speculative-mode'),
      unmodelled('draft tokens verified per step', 'activations', 'spec_draft_length'),
      unmodelled("additional models' weights on the same GPU", 'weights', '--additional-models'),
      unmodelled("an embedding model's weights on the same GPU", 'weights', '--embedding-model'),
      // --mode local | interactive | server: the defaults of max_num_sequence and the KV cache's size.
      unmodelledWhen((v) => v === 'server', "the KV cache sized to fill what gpu_memory_utilization leaves", 'kv cache', '--mode'),
      readsThrough(overrides, '--overrides'),
      none('--device'),
      ...noneEach(`--model-lib --opt --enable-debug --embedding-model-lib --prefix-cache-mode --prefill-mode --enable-tracing
        --host --port --allow-credentials --allow-origins --allow-methods --allow-headers --api-key kv_cache_page_size
        attention_sink_size max_history_size kv_state_kind spec_tree_width prefix_cache_max_num_recycling_seqs verbose
        --conv-template`),
    ]);
  },
};
