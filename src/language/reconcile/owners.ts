import { GPUS } from '../../catalog/index.js';
import { sameModelSize } from '../families.js';
import type { Doubt } from '../item-trace.js';
import type { Item } from '../items.js';
import { clausesOf, mayHoldOtherRuns, ownerOf, WORKING_RUN_RULES, type Ownership } from '../owners/index.js';
import { familyOf, isMoe, namesModel, paramsOf } from './models.js';
// Trainers whose run is a fine-tune (never pre-training), and whose rollouts a serving engine generates.
import { TRAINING_ALGORITHMS as RL_TRAINERS } from './training-algorithms.js';

/**
 * Whose run each setting is (issue 22): a clause's cue words say whether it describes the run asked
 * about, the user's own earlier or working run, or someone else's (`owners/`). The request's clause
 * wins: another run's setting that a request clause states differently is set aside, with a note and
 * in "not used"; one that no other clause states is kept as a weak fact, said on the first screen with
 * its clause; a setting only someone else's run has (a paper's ZeRO-3, an example's split) is set aside.
 */

/** What the reconcile step hands back besides the items: weak facts to say, and the items set aside. */
export interface OwnedRuns {
  doubts: Doubt[];
  aside: { at: number; end: number; words: string; reason: string }[];
  /** The cue words that decided whose run a setting is ("previously", 之前): read, so never listed as not read. */
  cues: { at: number; end: number }[];
}

/** Records an item set aside, by its words without the spaces around them, for the trace and the reply. */
export function recordAside(owned: OwnedRuns | undefined, i: Item, reason: string): void {
  const words = i.text.trim();
  const lead = i.text.length - i.text.trimStart().length;
  owned?.aside.push({ at: i.at + lead, end: i.at + lead + words.length, words, reason });
}

/** The slots an item fills for ownership: what the request and another run may both say. */
export function slotsOf(i: Item): string[] {
  if (namesModel(i)) return ['model'];
  switch (i.kind) {
    case 'hardware':
      return i.gpuId !== null || i.count !== null || i.capacityGiB !== null || i.nodes !== null ? ['hardware'] : [];
    case 'mode':
    case 'serve':
    case 'lora':
      return ['intent'];
    case 'framework':
      return RL_TRAINERS.has(i.value) ? ['framework', 'intent'] : ['framework'];
    case 'parallel':
      return [`parallel.${i.dim}`];
    case 'batch':
      return [`batch.${i.field}`];
    case 'seq':
    case 'weights':
    case 'precision':
    case 'sharding':
    case 'offload':
    case 'gen':
    case 'completion':
    case 'kvDtype':
    case 'recompute':
    case 'util':
    case 'optimizer':
    case 'maxSeqs':
    case 'clientLoad':
    case 'cpuOffloadGb':
      return [i.kind];
    default:
      return [];
  }
}

/** How the reply names a slot ("your setup's …"). */
const LABEL: Record<string, string> = {
  model: 'model',
  hardware: 'cards',
  intent: 'mode',
  framework: 'framework',
  'batch.mbs': 'micro-batch',
  'batch.ga': 'gradient accumulation',
  'batch.gbs': 'global batch',
  seq: 'sequence length',
  weights: 'weight format',
  precision: 'precision recipe',
  kvDtype: 'KV-cache dtype',
  gen: 'generated tokens',
  completion: 'completion length',
  recompute: 'recompute setting',
  util: 'GPU memory utilization',
  maxSeqs: 'concurrent sequences',
  clientLoad: 'concurrent users',
  cpuOffloadGb: 'weights kept in CPU memory',
  offload: 'offload setting',
};
export const labelOf = (slot: string) => LABEL[slot] ?? slot.replace(/^parallel\./, '');

/** What an intent item asks for; `train` and a trainer's name agree with any way of training, `run` with anything. */
function intentOf(i: Item): string {
  if (i.kind === 'serve' || (i.kind === 'mode' && i.value === 'inference')) return 'inference';
  // QLoRA and LoRA are two runs' methods (a 4-bit base or not): "QLoRA is too slow, so I use LoRA" leaves the QLoRA (s47, rmeth).
  if (i.kind === 'lora') return i.qlora ? 'qlora' : 'lora';
  if (i.kind === 'framework') return 'rl';
  // "I would like to fine-tune the 2B model" beside "what devices you used to pre-train the 2B and 16B models?"
  // (salesforce/CodeGen#27, c1078: read as pre-training): a fine-tune word is any training but pre-training.
  if (i.kind === 'mode' && i.value === 'train' && FINE_TUNE_WORD.test(i.text)) return 'finetune';
  return i.kind === 'mode' ? i.value : '';
}
/** The words of fine-tuning the item language reads as the unspecified `train`: "fine-tune", "finetuning", "sft", 微调. */
const FINE_TUNE_WORD = /fine[\s_-]?tun|\bsft\b|\btun(?:e|ing)\b|微调/i;
function intentsDisagree(a: string, b: string): boolean {
  // "run", "running" is the weak intent word: it agrees with any run ("I'm running ppo").
  if (a === b || a === 'run' || b === 'run') return false;
  if (a === 'inference' || b === 'inference') return true;
  // Fine-tuning agrees with any way of training but pre-training.
  if (a === 'finetune' || b === 'finetune') return a === 'pretrain' || b === 'pretrain';
  if (a === 'train' || b === 'train') return false;
  // A trainer (GRPO, PPO, DPO) fine-tunes: never pre-training, and either full or LoRA.
  if (a === 'rl' || b === 'rl') return a === 'pretrain' || b === 'pretrain';
  return true;
}

const meaning = (i: Item) => JSON.stringify({ ...i, at: 0, end: 0, text: '' });

/** Two mentions of one slot that cannot both be the run. */
export function disagree(slot: string, a: Item, b: Item): boolean {
  if (slot === 'model' && namesModel(a) && namesModel(b)) {
    const [fa, fb] = [familyOf(a), familyOf(b)];
    return !sameModelSize(paramsOf(a), paramsOf(b), isMoe(a) || isMoe(b)) || (fa !== null && fb !== null && fa !== fb);
  }
  if (a.kind === 'hardware' && b.kind === 'hardware') {
    const differ = <T>(x: T | null, y: T | null) => x !== null && y !== null && x !== y;
    // Cards counted with a memory and no name against a card named without one: "nvidia*8 80GB" (a
    // document's cards) and "nvidia 4090 24GB" (the user's, xverse-ai/XVERSE-7B#2, c983) are two machines,
    // as "8x A100 80G" and "1x 3090" are: the named card's own memory is what the counted memory is
    // compared with. A memory alone, uncounted ("will naively need 26 GB", c834), is an amount, no machine.
    const named = (h: typeof a) => (h.gpuId !== null && h.capacityGiB === null ? (GPUS.find((g) => g.id === h.gpuId)?.totalMiB ?? NaN) / 1024 : NaN);
    const counted = (h: typeof a) => (h.gpuId === null && h.count !== null && h.capacityGiB !== null ? h.capacityGiB : NaN);
    const apart = (m: number, n: number) => Number.isFinite(m) && Number.isFinite(n) && Math.abs(m - n) / Math.max(m, n) > 0.1;
    const memoryDiffers = apart(named(a), counted(b)) || apart(counted(a), named(b));
    return differ(a.gpuId, b.gpuId) || differ(a.count, b.count) || differ(a.nodes, b.nodes) || differ(a.capacityGiB, b.capacityGiB) || memoryDiffers;
  }
  if (slot === 'intent') return intentsDisagree(intentOf(a), intentOf(b));
  return meaning(a) !== meaning(b);
}

/** The clause's words, short enough for a note. */
function clauseWords(text: string, o: Ownership): string {
  const words = text.slice(o.clause.at, o.clause.end).trim().replace(/\s+/g, ' ').replace(/[,;，；。.!！]+$/, '');
  return words.length <= 72 ? words : `${words.slice(0, 69)}…`;
}
const whose = (o: Ownership) => (o.owner === 'reference' ? "someone else's run" : WORKING_RUN_RULES.has(o.rule) ? 'a run you say works' : 'a run you describe as earlier');

export function otherRuns(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!text || !mayHoldOtherRuns(text)) return items;
  const clauses = clausesOf(text);
  if (!clauses.some((c) => c.cues.some((q) => q.owner !== 'request'))) return items;
  const ownership = new Map<Item, Ownership>();
  for (const i of items) {
    const o = slotsOf(i).length ? ownerOf(clauses, i.at, i.end) : null;
    if (o && o.owner !== 'request') ownership.set(i, o);
  }
  // A message all of whose settings are another run's ("32b model can run smoothly on RTX 4090",
  // huggingface/open-r1#113, c212) has no request to prefer: that run is what it is about.
  if (ownership.size === 0 || items.every((i) => ownership.has(i) || slotsOf(i).length === 0)) return items;
  // A run said to work beside one that fails ("OOM … when using --load-8bit it loads normally"): the
  // failing run differs from it, most likely by the settings said only of the working one.
  const fails = clauses.some((c) => c.cues.some((q) => q.rule === 'owner.request.fails' || q.rule === 'owner.request.zh'));
  const aside = new Set<Item>();
  for (const [i, o] of ownership) {
    owned?.cues.push(o.cue);
    const slots = slotsOf(i);
    const rivals = items.filter((r) => !ownership.has(r) && slotsOf(r).some((s) => slots.includes(s)));
    const against = slots.find((s) => rivals.some((r) => slotsOf(r).includes(s) && disagree(s, i, r)));
    const setting = !slots.includes('model') && !slots.includes('hardware');
    // What the run is (a method, training or serving) said only of the working run is most often the
    // failing run's too ("用4张A100 80G全参微调llama-13b可以，2张A100 80G就报错OOM": both are full fine-tunes):
    // kept, said as weak; only a sizing setting said only there is what the failing run changed.
    const notThisRun = o.owner === 'reference' || (fails && WORKING_RUN_RULES.has(o.rule) && !slots.includes('intent'));
    if (against === undefined && (rivals.length > 0 || !(notThisRun && setting))) {
      // Said only of another run: kept, and said on the first screen with its clause.
      if (rivals.length === 0) owned?.doubts.push({ at: i.at, end: i.end, note: `said of ${whose(o)}`, guess: { rule: o.rule, words: clauseWords(text, o) } });
      continue;
    }
    const slot = against ?? slots[0]!;
    notes.push(`"${i.text.trim()}" set aside as your setup's ${labelOf(slot)}: another run ("${clauseWords(text, o)}": ${whose(o)})`);
    recordAside(owned, i, 'another run');
    aside.add(i);
  }
  return aside.size ? items.filter((i) => !aside.has(i)) : items;
}

/** Words that say a training run generates with a serving engine inside it (TRL's use_vllm, verl's rollout). */
const ROLLOUT = /\b(?:grpo|ppo|rlhf|rollouts?|use_vllm|vllm_device|vllm_gpu_memory_utilization|num_generations|reward models?|actor)\b/i;

/**
 * "GRPO … use_vllm: true … generating completions takes 4 min" (huggingface/trl#2971, c337): a
 * training run whose trainer generates its rollouts with vLLM is still the training run. Where the
 * message trains (a training word, an adapter, a trainer, accumulation) and says rollouts, the
 * serving words are the rollouts' and set aside, with a note; vLLM's own memory is not modelled.
 */
export function rolloutsInTraining(items: Item[], text: string, notes: string[]): Item[] {
  // "running ppo" is the weak run word, which a training setting outweighs already.
  const serving = (i: Item) => i.kind === 'serve' || (i.kind === 'mode' && i.value === 'inference');
  // A sampling cap ("[sampling] max_tokens = 4000" beside rollouts_per_example, PrimeIntellect-ai/prime-rl#950,
  // c679; TRL's max_completion_length is read as the completion already) is the rollouts' generation length.
  const cap = (i: Item) => i.kind === 'gen';
  if (!(items.some(serving) || items.some(cap)) || !ROLLOUT.test(text)) return items;
  const trains = items.some(
    (i) => (i.kind === 'mode' && (i.value === 'full' || i.value === 'train' || i.value === 'pretrain')) || i.kind === 'lora' || (i.kind === 'framework' && RL_TRAINERS.has(i.value)) || (i.kind === 'batch' && i.field === 'ga'),
  );
  if (!trains) return items;
  const rollout = items.filter(serving);
  if (rollout.length) notes.push(`${rollout.map((i) => `"${i.text.trim()}"`).join(', ')}: vLLM generates the rollouts inside the training run (TRL use_vllm, verl's rollout), not a serving request; vLLM's own memory is not modelled`);
  const caps = items.filter(cap);
  if (caps.length) notes.push(`${caps.map((i) => `"${i.text.trim()}"`).join(', ')}: the rollouts' generation cap inside the training run, not a serving request; the trainer's length is its sequence length`);
  rollout.push(...caps);
  const enginesOffload = items.filter((o) => o.kind === 'offload' && rollout.some((e) => saidOfEngine(text, e, o)));
  if (enginesOffload.length) notes.push(`${enginesOffload.map((i) => `"${i.text.trim()}"`).join(', ')}: said of the rollout engine's weights, not the trainer's offload`);
  const enginesSplit = items.filter((o) => o.kind === 'parallel' && rollout.some((e) => saidOfEngine(text, e, o)));
  if (enginesSplit.length) notes.push(`${enginesSplit.map((i) => `"${i.text.trim()}"`).join(', ')}: said of the rollout engines' split, not the trained model's`);
  return items.filter((i) => !rollout.includes(i) && !enginesOffload.includes(i) && !enginesSplit.includes(i));
}

/** How far after the engine's name a setting may stand and still be said of it: "vllm_engine with each " (18). */
const ENGINE_SUBJECT_REACH = 24;

/**
 * "发现vllm会offload参数到cpu memory" (verl-project/verl#224, c709: "I found vLLM offloads the parameters to
 * CPU memory"): an offload the rollout engine does, said with the engine as its subject in the same
 * clause a few characters before it, is the engine's (verl frees or offloads the rollout's weights
 * between steps), not the trainer's optimizer offload. So is a split: "16 for vllm_engines (8
 * vllm_engine with each tp_size = 2)" (OpenRLHF/OpenRLHF#566, c745) is the rollout engines' tensor
 * parallelism (OpenRLHF's --vllm_tensor_parallel_size), not the trained 70B's, which had read as tp 2.
 */
function saidOfEngine(text: string, engine: Item, setting: Item): boolean {
  const between = text.slice(engine.end, setting.at);
  return engine.end <= setting.at && between.length <= ENGINE_SUBJECT_REACH && !/[,，.。;；!?！？()\n]/.test(between);
}
