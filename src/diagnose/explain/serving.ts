import type { LlamaCppAlloc, TgiPrefill, VllmKvMemory, VllmKvTokens, VllmProfile } from '../findings.js';
import { showSize } from '../sizes.js';
import { explanation, type Explanation, type ThreadSetup } from './types.js';
import { grouped } from '../../memory/format.js';
import { WEIGHT_FORMAT_BYTES } from '../../memory/precision.js';
import { withArticle } from '../../language/article.js';

/** vLLM's default gpu_memory_utilization (vllm/engine/arg_utils.py). */
const VLLM_DEFAULT_UTILIZATION = 0.9;
/** Above this, the CUDA context, graphs and sampler temporaries no longer fit beside the cache. */
const UTILIZATION_CEILING = 0.95;

/** Smallest power of two ≥ x (tensor-parallel sizes are powers of two in practice). */
function powerOfTwoAtLeast(x: number): number {
  let t = 1;
  while (t < x && t < 1024) t *= 2;
  return t;
}

/** The card and utilization the KV cache was carved from: the pasted profile, else the thread's scenario. */
function cardOf(profile: VllmProfile | null, setup: ThreadSetup | null): { totalBytes: number | null; utilization: number; stated: boolean } {
  const utilization = profile?.gpuMemoryUtilization ?? (setup?.scenario.inference.engine === 'vllm' ? setup.scenario.inference.gpuMemoryUtilization : null);
  return {
    totalBytes: profile?.totalBytes ?? setup?.estimate.capacityBytes ?? null,
    utilization: utilization ?? VLLM_DEFAULT_UTILIZATION,
    stated: utilization !== null,
  };
}

/** The gpu_memory_utilization that adds `extraBytes` of KV cache, or a sentence why it cannot. */
function utilizationAction(extraBytes: number, card: ReturnType<typeof cardOf>): string {
  const from = `${card.utilization.toFixed(2)}${card.stated ? '' : ' (the default)'}`;
  if (card.totalBytes === null) {
    return `Raise --gpu-memory-utilization from ${from} by ${showSize(extraBytes)} ÷ your card's memory; past ${UTILIZATION_CEILING} it cannot come from utilization alone.`;
  }
  const needed = Math.ceil((card.utilization + extraBytes / card.totalBytes) * 100) / 100;
  return needed <= UTILIZATION_CEILING
    ? `--gpu-memory-utilization ${needed.toFixed(2)} (from ${from}) adds the ${showSize(extraBytes)} of KV cache it needs on this ${showSize(card.totalBytes)} card.`
    : `Utilization cannot give it: it would take --gpu-memory-utilization ${needed.toFixed(2)} on this ${showSize(card.totalBytes)} card (the ceiling is about ${UTILIZATION_CEILING}).`;
}

/** Past one 8-GPU node, tensor parallelism is not a knob for this. */
const MAX_TP = 8;

/** The tensor-parallel split the thread's setup already runs (1 with none). */
const tpOf = (setup: ThreadSetup | null): number => setup?.scenario.parallel.tp ?? 1;

/**
 * Splitting k times further holds at least k× the tokens: each GPU then keeps 1/k of its weights and of
 * every token's KV. The split is counted from the one the setup already runs, so a server at tp 2 is
 * never told to try tp 2.
 */
function tpAction(ratio: number, setup: ThreadSetup | null): string {
  const now = tpOf(setup);
  const factor = Math.max(2, powerOfTwoAtLeast(ratio));
  const tp = now * factor;
  if (tp > MAX_TP) return `Tensor parallelism would need more than ${MAX_TP} GPUs (${ratio.toFixed(0)}× the cache): lower max_model_len, or quantize the weights to free room.`;
  const from = now > 1 ? ` (from ${now})` : '';
  return `--tensor-parallel-size ${tp}${from}: each GPU then holds 1/${factor} of what it holds now of the weights and of every token's KV, so the cache holds at least ${factor}× as many tokens.`;
}

function fp8Action(setup: ThreadSetup | null, ratio: number): string | null {
  if (setup?.scenario.inference.kvDtype === 'fp8' || setup?.scenario.inference.kvDtype === 'int4') return null;
  return ratio <= 2 ? '--kv-cache-dtype fp8 halves every token\'s KV (a small quality cost): enough on its own here.' : null;
}

export function explainVllmTokens(f: VllmKvTokens, profile: VllmProfile | null, setup: ThreadSetup | null): Explanation {
  const card = cardOf(profile, setup);
  const ratio = f.maxSeqLen / f.kvTokens;
  const evidence = [`max_model_len (max seq len) is ${grouped(f.maxSeqLen)}; the KV cache holds ${grouped(f.kvTokens)} tokens.`];
  const kvBytesPerToken = profile?.kvCacheBytes ? profile.kvCacheBytes / f.kvTokens : setup?.estimate.serving?.kvBytesPerToken ?? null;
  if (profile?.kvCacheBytes) evidence.push(`KV cache ${showSize(profile.kvCacheBytes)} = ${showSize(kvBytesPerToken! * 1024)} per 1k tokens.`);
  if (card.totalBytes !== null) evidence.push(`Card ${showSize(card.totalBytes)}, gpu_memory_utilization ${card.utilization.toFixed(2)}${card.stated ? '' : ' (default)'}.`);
  const actions = [`--max-model-len ${f.kvTokens} (or lower): the largest that fits as things are.`];
  if (kvBytesPerToken !== null) actions.push(utilizationAction((f.maxSeqLen - f.kvTokens) * kvBytesPerToken, card));
  else actions.push(`Raise --gpu-memory-utilization: the cache must grow ${ratio.toFixed(2)}×, so only if the weights leave room.`);
  const fp8 = fp8Action(setup, ratio);
  if (fp8) actions.push(fp8);
  actions.push(tpAction(ratio, setup));
  const e = explanation(
    'kv-cache',
    'vLLM KV-cache check',
    `vLLM: the KV cache holds ${grouped(f.kvTokens)} tokens, fewer than one ${grouped(f.maxSeqLen)}-token sequence: the largest max_model_len that fits is ${grouped(f.kvTokens)}.`,
    evidence,
    actions,
  );
  return { ...e, comparison: kvComparison(f.kvTokens, setup) };
}

/** vLLM's measured KV room against the thread's serving estimate, when the thread has one. */
function kvComparison(kvTokens: number, setup: ThreadSetup | null): string | null {
  const serving = setup?.estimate.serving;
  if (!serving) return null;
  const predicted = serving.kvCapacityTokens;
  // "N% fewer than it found" is N% of what vLLM found: an estimate of no room is 100% fewer, not 0%.
  const off = Math.round((100 * Math.abs(predicted - kvTokens)) / Math.max(1, kvTokens));
  const direction = predicted > kvTokens ? 'more' : 'fewer';
  return `vLLM found room for ${grouped(kvTokens)} tokens of KV cache; I estimated ${grouped(predicted)} for this setup (${off}% ${direction} than it found).`;
}

export function explainVllmMemory(f: VllmKvMemory, profile: VllmProfile | null, setup: ThreadSetup | null): Explanation {
  const card = cardOf(profile, setup);
  const ratio = f.neededBytes / Math.max(1, f.availableBytes);
  const largest = f.estimatedMaxLen ?? Math.floor((f.maxSeqLen * f.availableBytes) / f.neededBytes);
  const estimated = f.estimatedMaxLen !== null ? 'vLLM\'s own estimate' : 'in proportion';
  const evidence = [
    `One ${grouped(f.maxSeqLen)}-token sequence needs ${showSize(f.neededBytes)} of KV cache; ${showSize(f.availableBytes)} was left for it after the weights and the profiling peak.`,
    `Largest max_model_len that fits: about ${grouped(largest)} (${estimated}).`,
  ];
  const actions = [`--max-model-len ${largest} (or lower).`, utilizationAction(f.neededBytes - f.availableBytes, card)];
  const fp8 = fp8Action(setup, ratio);
  if (fp8) actions.push(fp8);
  actions.push(tpAction(ratio, setup));
  return explanation(
    'kv-cache',
    'vLLM KV-cache check',
    `vLLM: ${withArticle(`${grouped(f.maxSeqLen)}-token`)} sequence needs ${showSize(f.neededBytes)} of KV cache but only ${showSize(f.availableBytes)} is left: the largest max_model_len that fits is about ${grouped(largest)}.`,
    evidence,
    actions,
  );
}

/**
 * The utilization lever for "no cache blocks": none at the ceiling, and none when the weights alone pass the ceiling's
 * share of the card (then no utilization makes room, and advising one sends the user to a second failure).
 */
function noBlocksUtilizationAction(card: ReturnType<typeof cardOf>, weightsBytes: number): string {
  const others = 'memory other processes hold on the card counts against it, so stop them first.';
  if (card.utilization >= UTILIZATION_CEILING) return `--gpu-memory-utilization is ${card.utilization.toFixed(2)} already: the room must come from below; ${others}`;
  if (card.totalBytes !== null && weightsBytes >= UTILIZATION_CEILING * card.totalBytes) {
    return `Utilization cannot give it: the weights alone (${showSize(weightsBytes)} per GPU by my estimate) are more than ${UTILIZATION_CEILING} of this ${showSize(card.totalBytes)} card; they must be split or made smaller.`;
  }
  return `Raise --gpu-memory-utilization (up to about ${UTILIZATION_CEILING}); ${others}`;
}

export function explainVllmNoBlocks(profile: VllmProfile | null, setup: ThreadSetup | null): Explanation {
  const card = cardOf(profile, setup);
  const evidence: string[] = ['vLLM found no memory left for a single KV block after loading the weights and profiling one batch.'];
  const weights = setup?.estimate.components.filter((c) => c.group === 'weights').reduce((s, c) => s + c.bytes, 0) ?? 0;
  if (card.totalBytes !== null && weights > 0) {
    evidence.push(`By my estimate the weights alone are ${showSize(weights)} per GPU; gpu_memory_utilization ${card.utilization.toFixed(2)} of ${showSize(card.totalBytes)} is ${showSize(card.utilization * card.totalBytes)}.`);
  }
  return explanation(
    'no-kv-room',
    'vLLM cache-block check',
    'vLLM: the weights plus the profiling peak already fill gpu_memory_utilization × the card, leaving nothing for the KV cache.',
    evidence,
    [
      noBlocksUtilizationAction(card, weights),
      'Lower --max-num-batched-tokens / --max-num-seqs: the profiling batch sets the activation peak vLLM reserves.',
      // Weights already at about 4 bits (AWQ, GPTQ, NF4, MXFP4, GGUF q4–q5) gain nothing from "quantize": only splitting them is left.
      `${setup && WEIGHT_FORMAT_BYTES[setup.scenario.weights] < 0.75 ? 'Split the weights' : 'Quantize the weights (AWQ/GPTQ int4 or fp8) or split them'} over --tensor-parallel-size ${2 * tpOf(setup)}${tpOf(setup) > 1 ? ` (from ${tpOf(setup)})` : ''}.`,
      '--enforce-eager drops the CUDA-graph memory (slower decoding).',
    ],
  );
}

export function explainTgi(f: TgiPrefill): Explanation {
  const half = Math.max(1, Math.floor(f.prefillTokens / 2));
  const actions =
    f.totalTokens !== null
      ? [
          `Lower --max-batch-total-tokens (${grouped(f.totalTokens)} now), or leave it unset so the warmup picks the largest that fits.`,
          `If that is not enough, lower --max-batch-prefill-tokens (${grouped(f.prefillTokens)} now).`,
        ]
      : [`--max-batch-prefill-tokens ${half} (from ${grouped(f.prefillTokens)}); it must stay ≥ --max-input-tokens, so lower that too if needed.`];
  actions.push('Or make room: --quantize (awq, gptq, bitsandbytes-nf4, fp8) or --num-shard 2 to split the weights.');
  const what = f.totalTokens !== null ? `${grouped(f.totalTokens)} total tokens with ${grouped(f.prefillTokens)} prefill tokens` : `a prefill batch of ${grouped(f.prefillTokens)} tokens`;
  return explanation(
    'prefill-budget',
    'TGI warmup',
    `TGI: the warmup could not run ${what} in the memory left after the weights.`,
    [`"Not enough memory to handle ${f.totalTokens !== null ? `${f.totalTokens} total tokens with ` : ''}${f.prefillTokens} prefill tokens".`],
    actions,
  );
}

export function explainLlamaCpp(f: LlamaCppAlloc): Explanation {
  const size = f.bytes !== null ? `${showSize(f.bytes)} ` : '';
  const by: Record<LlamaCppAlloc['stage'], { what: string; actions: string[] }> = {
    weights: {
      what: 'the model weights',
      actions: [
        'Offload fewer layers: lower -ngl / --n-gpu-layers (each layer is about weights ÷ layer count; the rest runs on the CPU, slower).',
        'A smaller quantisation (Q4_K_M is about 4.8 bits per weight), or --tensor-split across more GPUs.',
      ],
    },
    kv: {
      what: 'the KV cache',
      actions: ['A shorter context: -c / --ctx-size.', 'A quantised cache: --cache-type-k q8_0 --cache-type-v q8_0 (with -fa) halves it.'],
    },
    compute: {
      what: 'the compute buffers',
      actions: ['A smaller micro-batch: -ub / --ubatch-size (and -b); the compute buffer grows with it.', 'With several GPUs, pipeline parallelism keeps several copies of it: fewer GPUs or a smaller -ub.'],
    },
    unknown: {
      what: 'a buffer',
      actions: ['Fewer GPU layers (-ngl), a shorter context (-c), a quantised KV cache (--cache-type-k q8_0), or a smaller -ub.'],
    },
  };
  const stage = by[f.stage];
  return explanation(
    'llamacpp-buffer',
    'llama.cpp / ggml allocation',
    `llama.cpp: cudaMalloc of ${size}for ${stage.what} failed on ${f.device}: it does not fit beside what is already there.`,
    [`${f.device} could not allocate ${size || 'the '}buffer for ${stage.what}.`],
    [...stage.actions, 'Check nvidia-smi for other processes on that device.'],
  );
}
