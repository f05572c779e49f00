import { CPU_MOE_ALL } from './cpu-moe-all.js';
import type { Scenario } from './schema.js';
import { GiB } from '../memory/format.js';
import { precisionUnstated, unstatedDrivers } from './unstated.js';
import { layoutSaidAtOnes } from './layout-unstated.js';

export { readingText } from './reading.js';

/**
 * Scenario → request-language text that resolveRequest(text, null) turns back into the same
 * scenario (property-tested). Used for buttons, message metadata and thread recovery, so it
 * names every field rather than relying on defaults (but the sequence length, batch and precision the
 * user never stated, which must read back as unstated), in an order where no two neighbouring
 * words lex as one phrase (precision never sits next to "kv").
 */
/**
 * The scenario with its precision written out even where it was a default (unstated.ts): the
 * short form (reply/compact.ts) leaves a default precision out either way and compares the rest
 * exactly, as it did before a default precision was marked.
 */
export function precisionWritten({ precisionUnstated: _default, ...s }: Scenario): Scenario {
  return s;
}

export function canonicalText(s: Scenario): string {
  return canonicalParts(s).join(' ');
}

/**
 * The items of the canonical text, in order, each a phrase that can be left out on its own
 * (buttons carry only the ones that differ from the defaults: src/reply/compact.ts).
 */
export function canonicalParts(s: Scenario): string[] {
  const unstated = unstatedDrivers(s);
  return [
    s.model.asWritten,
    ...s.model.overrides.map((o) => `${o} ${archValue(s, o)}`),
    ...modeText(s),
    // "megatron mixed" reads back as Megatron's own recipe: plain mixed precision under Megatron is written first.
    ...(s.framework === 'megatron' && s.recipe === 'mixed' ? [precisionText(s), s.framework] : [frameworkText(s), precisionText(s)]),
    WEIGHT_WORDS[s.weights] ?? '',
    // Written even for inference: a thread may switch back to training and keep it.
    `${OPTIMIZER_WORDS[s.optimizer]} ${s.optimizerImpl}`,
    SHARDING_WORDS(s.sharding),
    offloadText(s),
    parallelText(s),
    // A driver the user never stated is left unwritten, so it reads back as unstated (issue 23).
    unstated.includes('seq') ? '' : `seq ${s.seq}`,
    unstated.includes('batch') ? '' : `mbs ${s.microBatch}`,
    `ga ${s.gradAccum}`,
    s.completion !== undefined ? `completion ${s.completion}` : '',
    ...rolloutText(s),
    RECOMPUTE_WORDS[s.recompute],
    s.attention,
    LOSS_WORDS[s.loss],
    s.transformersVersion !== undefined ? `transformers ${s.transformersVersion}` : '',
    ...inferenceText(s),
    s.expandableSegments ? 'expandable segments' : '',
    s.rlTrainer === 'verl' ? 'verl' : '',
    s.llamafactoryStage === 'rm' ? 'reward' : '',
    s.batches === 'packed' ? 'packed' : s.batches === 'padded' ? 'dynamic padding' : '',
    s.evaluation ? `eval bs ${s.evaluation.batch}` : '',
    s.evaluation?.keepLogits ? 'compute metrics' : '',
    hardwareText(s),
    s.hostMemoryBytes ? `hostram ${capacityGiB(s.hostMemoryBytes)}gb` : '',
    questionText(s),
    ...s.help.map((h) => (h === 'loss-scale' ? 'loss scale' : h)),
    CHART_WORDS[s.chart],
  ].filter(Boolean);
}

function archValue(s: Scenario, override: string): number {
  const a = s.model.arch;
  const map: Record<string, number> = { layers: a.layers, hidden: a.hidden, heads: a.heads, kv: a.kvHeads, ffn: a.ffn, vocab: a.vocab, headdim: a.headDim };
  return map[override] ?? NaN;
}

function modeText(s: Scenario): string[] {
  if (s.mode === 'inference') return [s.inference.engine !== 'vllm' ? 'inference' : s.inference.server ?? s.inference.fork ?? 'vllm'];
  if (s.mode === 'full') return [s.pretrain ? 'pretrain' : 'full'];
  const l = s.lora!;
  const targets = l.targets.length === 7 ? 'all-linear' : l.targets.join(',');
  return [s.mode, `r${l.rank}`, targets, `dropout ${l.dropout}`, l.alpha !== undefined ? `alpha ${l.alpha}` : ''];
}

const RECIPE_WORDS: Record<Scenario['recipe'], string> = {
  mixed: 'mixed',
  amp: 'amp',
  pure: 'pure',
  megatron: 'megatron-mixed',
  fp32: 'fp32',
};

function precisionText(s: Scenario): string {
  // A precision never stated is left unwritten, so it reads back as the default it was (and follows a new card).
  if (precisionUnstated(s)) return '';
  return s.recipe === 'fp32' ? 'fp32' : `${RECIPE_WORDS[s.recipe]} ${s.compute}`;
}

/** Float formats follow the compute dtype and are never written. */
const WEIGHT_WORDS: Partial<Record<Scenario['weights'], string>> = {
  int8: 'int8',
  nf4: 'nf4',
  'nf4-dq': 'nf4-dq',
  gptq: 'gptq',
  awq: 'awq',
  q8_0: 'q8_0',
  q6_k: 'q6_k',
  q5_k_m: 'q5_k_m',
  q4_k_m: 'q4_k_m',
  q3_k_m: 'q3_k_m',
  q2_k: 'q2_k',
  fp8: 'fp8 weights',
  mxfp4: 'mxfp4',
};

const OPTIMIZER_WORDS: Record<Scenario['optimizer'], string> = {
  adamw: 'adamw',
  adam: 'adam',
  'adamw-8bit': 'adamw8bit',
  'paged-adamw': 'paged adamw',
  'paged-adamw-8bit': 'paged adamw 8bit',
  sgd: 'sgd',
  'sgd-momentum': 'sgd momentum',
  adafactor: 'adafactor',
  lion: 'lion',
  sophia: 'sophia',
};

function SHARDING_WORDS(sh: Scenario['sharding']): string {
  if (sh.kind === 'none') return '';
  if (sh.kind === 'ddp') return 'ddp';
  if (sh.kind === 'zero') return `zero${sh.stage}`;
  if (sh.kind === 'hsdp') return 'hsdp';
  return sh.stage === 2 ? 'fsdp shard_grad_op' : 'fsdp';
}

function offloadText(s: Scenario): string {
  const where = (w: string) => (w === 'nvme' ? 'nvme ' : '');
  return [
    s.offload.optimizer === 'none' ? '' : `${where(s.offload.optimizer)}offload optimizer`,
    s.offload.params === 'none' ? '' : `${where(s.offload.params)}offload params`,
  ]
    .filter(Boolean)
    .join(' ');
}

function parallelText(s: Scenario): string {
  const p = s.parallel;
  // A Megatron run whose "tp 1" was written keeps it: left out, it would read back as unstated (layout-unstated.ts).
  const stated = layoutSaidAtOnes(s);
  return [p.tp > 1 || stated ? `tp ${p.tp}` : '', p.pp > 1 ? `pp ${p.pp}` : '', p.cp > 1 ? `cp ${p.cp}` : '', p.ep > 1 ? `ep ${p.ep}` : '', (p.vpp ?? 1) > 1 ? `vpp ${p.vpp}` : '', p.schedule === 'sequential' ? 'device map auto' : '', p.sp ? 'sp' : '']
    .filter(Boolean)
    .join(' ');
}

const LOSS_WORDS: Record<Scenario['loss'], string> = { full: 'full ce', bf16: 'bf16 ce', chunked: 'chunked ce', fused: 'fused ce' };
/** Frameworks whose name alone reads as something else: FSDP is said by its sharding word, and "peft" alone is the LoRA method. */
const FRAMEWORK_WORDS: Partial<Record<Scenario['framework'], string>> = { fsdp: '', peft: 'peft kbit' };
/** The framework's word; Unsloth with the release the request named ("unsloth 2024.5"), which sets its loss. */
function frameworkText(s: Scenario): string {
  if (s.framework === 'unsloth' && s.unslothVersion !== undefined) return `unsloth ${s.unslothVersion}`;
  if (s.framework === 'torchtune' && s.torchtuneVersion !== undefined) return `torchtune ${s.torchtuneVersion}`;
  if (s.framework === 'llama-factory' && s.llamafactoryVersion !== undefined) return `llama-factory ${s.llamafactoryVersion}`;
  return FRAMEWORK_WORDS[s.framework] ?? s.framework;
}
const RECOMPUTE_WORDS: Record<Scenario['recompute'], string> = { none: 'no gc', full: 'gc', selective: 'selective recompute', 'per-op': 'per-op sac', offloaded: 'offloaded gc' };

/** vLLM's multimodal profile switches, as the request words that set them. */
const mmText = (i: Scenario['inference']): string[] => [
  ...(['image', 'video'] as const).flatMap((m) => (i.mmLimits?.[m] !== undefined ? [`${m} limit ${i.mmLimits[m]}`] : [])),
  ...(i.skipMmProfiling ? ['skip mm profiling'] : []),
  ...(i.quantisedAtLoad ? ['quantised at load'] : []),
];

function inferenceText(s: Scenario): string[] {
  if (s.mode !== 'inference') return [];
  const i = s.inference;
  const ngl = [...(i.gpuLayers !== undefined ? [`ngl ${i.gpuLayers}`] : []), ...(i.cpuMoeLayers !== undefined ? [i.cpuMoeLayers === CPU_MOE_ALL ? 'cpu moe' : `n cpu moe ${i.cpuMoeLayers}`] : []), ...(i.batchedTokens !== undefined ? [`batched tokens ${i.batchedTokens}`] : []), ...(i.maxSeqs !== undefined ? [`max seqs ${i.maxSeqs}`] : []), ...(i.clientLoad !== undefined ? [`concurrency ${i.clientLoad}`] : []), ...(i.cpuOffloadGb !== undefined ? [`cpu offload gb ${i.cpuOffloadGb}`] : [])];
  return [`gen ${i.newTokens}`, `kv ${i.kvDtype}`, `util ${i.gpuMemoryUtilization}`, ...ngl, ...(i.enforceEager ? ['enforce eager'] : []), ...mmText(i), ...(i.vllmVersion !== undefined ? [`vllm ${i.vllmVersion}`] : []), ...(i.tgiVersion !== undefined ? [`tgi ${i.tgiVersion}`] : []), ...(i.lmdeployVersion !== undefined ? [`lmdeploy ${i.lmdeployVersion}`] : []), ...(i.llamacppBuild !== undefined ? [`llama.cpp build ${i.llamacppBuild}`] : []), ...(i.bpw !== undefined ? [`bpw ${i.bpw}`] : [])];
}


function hardwareText(s: Scenario): string {
  const h = s.hardware;
  // A count with no card reads back as one ("on 8 gpus"): the resolver keeps it as the unnamed count.
  if (!h) {
    const n = s.unnamedGpus ?? 1;
    if (n <= 1) return '';
    return s.unnamedPerNode ? `${n / s.unnamedPerNode} nodes of ${s.unnamedPerNode} gpus` : `on ${n} gpus`;
  }
  const card = h.gpuId ?? `${capacityGiB(h.capacityBytes)}gb`;
  if (h.perNode !== Math.min(h.count, 8)) return `${h.count / h.perNode} nodes of ${h.perNode}x ${card}`;
  return `on ${h.count}x ${card}`;
}

/** Shortest decimal that maps back to the same byte count. */
function capacityGiB(bytes: number): string {
  for (let digits = 0; digits <= 9; digits++) {
    const text = (bytes / GiB).toFixed(digits);
    if (Math.round(Number(text) * GiB) === bytes) return String(Number(text));
  }
  return String(bytes / GiB);
}

function questionText(s: Scenario): string {
  const q = s.question;
  switch (q.kind) {
    case 'none':
      return '';
    case 'maxBatch':
      return 'max batch';
    case 'maxSeq':
      return 'max seq';
    case 'whichGpu':
      return 'which gpu';
    case 'howMany':
      return `how many ${q.gpuId ?? 'gpus'}`;
    case 'compare':
      return `compare ${q.a} vs ${q.b}`;
  }
}

const CHART_WORDS: Record<Scenario['chart'], string> = {
  none: '',
  breakdown: 'chart',
  'sweep-batch': 'sweep batch',
  'sweep-seq': 'sweep seq',
  timeline: 'timeline',
};

/** The rollout engine as stated: `rollout colocate rollout util 0.5 rollout sleep`. */
function rolloutText(s: Scenario): string[] {
  const r = s.rollout;
  if (!r) return [];
  return [`rollout ${r.placement}`, r.util !== undefined ? `rollout util ${r.util}` : '', r.sleep === undefined ? '' : r.sleep ? 'rollout sleep' : 'rollout no sleep'];
}
