import { IGNORE, isFalse, isTrue, say, unquote, type Handler } from '../values.js';
import { quantizeMethod } from '../adapters.js';
import type { ProgramOption } from '../program-option.js';
import { none, noneEach, reads, shared, unmodelled, type Engine, optionsOnce } from './types.js';
import { numeric, serving } from '../readers.js';

/**
 * `--sharded true|false` (SHARDED=): how the launcher counts its shards (launcher/src/main.rs
 * `find_num_shards`, v1.0.0 → v3.3.x): `(Some(true), None)` splits over every device
 * CUDA_VISIBLE_DEVICES / NVIDIA_VISIBLE_DEVICES names (`tgi sharded`, scenario/tgi-shards.ts);
 * `(Some(false), None) => 1`, one shard; with --num-shard given, that count wins either way.
 */
export const sharded: Handler = (v, ctx) => {
  if (ctx.keys.has('num_shard')) return IGNORE;
  // clap's Option<bool> takes a value: a bare `--sharded` is no setting.
  if (unquote(v) === '') return IGNORE;
  if (isTrue(v)) return say('tgi sharded');
  if (isFalse(v)) return say('tp 1', 'TGI --sharded false: one shard, the whole model on one GPU (find_num_shards `(Some(false), None) => 1`)');
  return IGNORE;
};

/**
 * `--quantize` with no value: the launcher before v0.9 took it as a switch (`quantize: bool`, launcher/src/main.rs
 * v0.6.0), loading the weights with bitsandbytes' LLM.int8; since v0.9 it names a method. The message's
 * `--quantize --port 8010` (huggingface/text-generation-inference#247, c2702) had been read as 16-bit weights,
 * silently. Read as int8 on the weak cue of a release the words do not give; a method named is read as the tables read it.
 */
const quantizeSwitchOrMethod: Handler = (v, ctx) =>
  isTrue(v)
    ? { say: 'int8', weak: true, note: 'a bare --quantize was TGI\'s switch for bitsandbytes 8-bit before v0.9 (read as int8; name the method, e.g. --quantize awq, if yours is another)' }
    : quantizeMethod(v, ctx);

/** Each launcher flag also reads from its environment variable, the field's name in capitals (clap's `env`). */
const withEnv = (option: ProgramOption): ProgramOption => ({
  ...option,
  spellings: [...option.spellings, option.spellings[0]!.replace(/^--/, '').replace(/-/g, '_').toUpperCase()],
});

/**
 * Text Generation Inference's launcher: the fields of `struct Args` (launcher/src/main.rs,
 * huggingface/text-generation-inference v3.3.x, Jan 2026), each a `--kebab` flag and, by clap's
 * `env`, an environment variable in capitals (`--num-shard` and `NUM_SHARD`).
 */
export const TGI: Engine = {
  id: 'tgi',
  name: 'TGI',
  named: /text[-_ ]generation[-_ ](?:inference|launcher|server)|(?<![\w-])tgi(?![\w-])|text_generation_server/i,
  source: 'huggingface/text-generation-inference v3.3.x launcher/src/main.rs struct Args',
  // TGI's own keys say "serve" (serving.ts): its weak word is the same, adding no fact.
  says: 'serve',
  // SageMaker's Hugging Face LLM container writes three of them under its own names (sagemaker-entrypoint.sh:
  // SM_NUM_GPUS → NUM_SHARD, HF_MODEL_ID → MODEL_ID, HF_MODEL_QUANTIZE → QUANTIZE; corpus c2610, c2608).
  get options() {
    return optionsOnce(this, () => [
      shared('--model-id', 'HF_MODEL_ID'),
      shared('--num-shard', 'SM_NUM_GPUS'),
      reads(quantizeSwitchOrMethod, '--quantize', 'HF_MODEL_QUANTIZE'),
      shared('--dtype'),
      shared('--kv-cache-dtype'),
      // One request's cap: prompt and generated tokens (sequence.ts reads it as the served length).
      shared('--max-total-tokens'),
      shared('--max-input-length'),
      // The tokens of the warm-up's prefill batch, which sizes the activations (memory/tgi.ts).
      shared('--max-batch-prefill-tokens'),
      shared('--cuda-memory-fraction'),
      reads(sharded, '--sharded'),
      shared('--max-concurrent-requests'),
      // The KV budget in tokens, in place of what warm-up leaves (inferred on flash-attention models).
      unmodelled('the KV cache budget in tokens, in place of what the warm-up leaves', 'kv cache', '--max-batch-total-tokens'),
      unmodelled('CUDA graphs captured for these batch sizes (their pool)', 'peak', '--cuda-graphs'),
      unmodelled('speculative tokens per step (Medusa heads or n-grams)', 'activations', '--speculate'),
      unmodelled("LoRA adapters' weights beside the base model", 'weights', '--lora-adapters'),
      // "Enforce a maximum number of requests per batch": the router's queue takes at most this many requests into a
      // running batch (backends/v3 queue.rs next_batch `max_size`), as vLLM's --max-num-seqs does; the KV budget still
      // bounds it from below. "--max-batch-size 8" (c1931) and SageMaker's MAX_BATCH_SIZE "1" (c2608) are read so.
      reads(serving(numeric('max seqs')), '--max-batch-size'),
      none('--max-input-tokens'),
      ...noneEach(`--revision --validation-workers --trust-remote-code --max-best-of --max-stop-sequences
        --max-top-n-tokens --waiting-served-ratio --max-waiting-tokens --hostname --port --prometheus-port
        --shard-uds-path --master-addr --master-port --huggingface-hub-cache --weights-cache-override
        --disable-custom-kernels --rope-scaling --rope-factor --json-output --otlp-endpoint --otlp-service-name
        --cors-allow-origin --api-key --watermark-gamma --watermark-delta --ngrok --ngrok-authtoken --ngrok-edge
        --tokenizer-config-path --disable-grammar-support --env --max-client-batch-size --usage-stats --payload-limit
        --enable-prefill-logprobs --graceful-termination-timeout`),
    ].map(withEnv));
  },
};
