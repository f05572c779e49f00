import { numeric } from './readers.js';
import { servedCap } from './sequence.js';
import { IGNORE, numberOf, say, unquote, type Handler, type KeyReading, type KeyTable } from './values.js';

/**
 * lmdeploy's own keys (TurboMind's config.ini of v0.0.x–v0.2.x, and `lmdeploy serve api_server`'s
 * flags since): no other engine uses these names, so each says the engine is lmdeploy, weakly
 * (a thread may name a key to ask about it), and each is read with lmdeploy's meaning, never
 * vLLM's (b17: InternLM/lmdeploy#730, corpus c669, and #722, c663, read as a vLLM server).
 */

/** lmdeploy's own key names as written (`session_len`, `--cache-max-entry-count`): they name the engine. */
export const LMDEPLOY_OWN_KEYS = /session[_-]len|cache[_-]max[_-]entry[_-]count|instance[_-]num|max[_-]context[_-]token[_-]num|cache[_-]block[_-]seq[_-]len|cache[_-]chunk[_-]size|quant[_-]policy|max[_-]prefill[_-]token[_-]num/i;

/** lmdeploy named, or one of its own keys (`session_len 8200`, InternLM/lmdeploy#722). */
export const namesLmdeploy = (words: string) => /lmdeploy/i.test(words) || LMDEPLOY_OWN_KEYS.test(words);

/** The engine its own key names, said in front of the reading. */
const lmdeploy =
  (handler: Handler): Handler =>
  (v, ctx) => {
    const r = handler(v, ctx);
    if (r === null) return null;
    return 'say' in r ? { ...r, say: `lmdeploy ${r.say.replace(/^serve /, '')}` } : { say: 'lmdeploy', ...(r.note ? { note: r.note } : {}) };
  };

/** A setting of lmdeploy's that sizes nothing the estimate models: the engine, and the setting said. */
const notModelled =
  (what: string): Handler =>
  (v, ctx) =>
    unquote(v) === '' || unquote(v) === 'true' ? null : { say: 'lmdeploy', note: `lmdeploy's ${ctx.current ?? 'setting'} ${unquote(v)} (${what}) is not modelled` };

/**
 * --cache-max-entry-count: the share of the memory free after the weights that TurboMind takes
 * for KV blocks (lmdeploy/messages.py TurbomindEngineConfig; memory/lmdeploy.ts), which the item
 * language holds as the utilisation beside lmdeploy. Below 0.05 it is outside that range: said.
 */
const cacheShare: Handler = (v, ctx) =>
  numberOf(v) < 0.05 ? ({ ignore: true, note: `--cache-max-entry-count ${unquote(v)} (under 0.05) is not modelled: lmdeploy's default 0.8 assumed` } satisfies KeyReading) : numeric('util')(v, ctx);

export const LMDEPLOY_KEYS: KeyTable = {
  // The longest sequence one session holds, its max_model_len (InternLM/lmdeploy#3280).
  session_len: { reads: lmdeploy(servedCap), source: 'InternLM/lmdeploy#3280, lmdeploy serve api_server --help' },
  cache_max_entry_count: { reads: lmdeploy(cacheShare), source: 'lmdeploy lmdeploy/messages.py TurbomindEngineConfig' },
  // --max-prefill-token-num: tokens per prefill step, which sizes TurboMind's forward buffers.
  max_prefill_token_num: { reads: lmdeploy(numeric('batched tokens')), source: 'lmdeploy lmdeploy/messages.py TurbomindEngineConfig' },
  // TurboMind's config.ini before v0.2: instance_num is how many requests it batches (later
  // max_batch_size), max_context_token_num the tokens one prefill step takes; cache_block_seq_len
  // the tokens a KV block holds and cache_chunk_size how many blocks are allocated at a time.
  instance_num: { reads: notModelled('the requests TurboMind batches at once'), source: 'InternLM/lmdeploy#722' },
  max_context_token_num: { reads: notModelled("the tokens one prefill step takes"), source: 'InternLM/lmdeploy#730' },
  cache_block_seq_len: { reads: lmdeploy(() => IGNORE), source: 'InternLM/lmdeploy#730' },
  cache_chunk_size: { reads: lmdeploy(() => IGNORE), source: 'InternLM/lmdeploy#730' },
  // --quant-policy 4 / 8: an int4 / int8 KV cache (lmdeploy/messages.py, quant_policy).
  quant_policy: {
    reads: (v) => {
      const n = numberOf(v);
      if (n === 8) return say('lmdeploy kv fp8', "lmdeploy's --quant-policy 8 (an int8 KV cache) sized as an 8-bit KV cache");
      // A 4-bit KV cache is sized as one since kv int4 (4-bit values with scales); the note said it was not (InternLM/lmdeploy#3138, c2867).
      if (n === 4) return say('lmdeploy kv int4', "lmdeploy's --quant-policy 4 (an int4 KV cache) sized as a 4-bit KV cache");
      return { say: 'lmdeploy' };
    },
    source: 'lmdeploy lmdeploy/messages.py TurbomindEngineConfig quant_policy',
  },
};
