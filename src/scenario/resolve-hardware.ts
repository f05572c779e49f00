import { gpuById } from '../catalog/index.js';
import type { ErrorReply } from '../reply/types.js';
import { settable } from './check-set-aside.js';
import { DEFAULT_WORDS } from './defaults.js';
import { gpusPerNodeOf, unnamedGpusWords } from './gpus.js';
import { DEFAULT_PER_NODE, resolveHardware } from './hardware.js';
import { comparesCards } from './resolve-questions.js';
import type { Resolution } from './resolution.js';
import type { Scenario } from './schema.js';
import { carriedPipelineFitted, isLayerSplitOverAllCards } from './split.js';
import { oneOfTheListedGpus } from './listed-gpus.js';
import { countInName } from './count-in-name.js';
import { countFromMachineName, degreesInWords, gpusTheDegreesNeed } from './split-counts.js';

/** The hardware steps of a resolution (resolve-steps.ts): parallel degrees, the GPUs and their count, a device_map layer split. */

/** The parallel degrees a request may give, with their patch slots. */
const PARALLEL_SLOTS = (['tp', 'pp', 'cp', 'ep', 'vpp'] as const).map((dim) => ({ dim, slot: `par.${dim}` }));

export function parallelStep(r: Resolution): ErrorReply | null {
  const p = r.s.parallel;
  for (const { dim, slot } of PARALLEL_SLOTS) {
    const v = r.patch.value<number>(slot);
    if (v !== undefined) p[dim] = v;
  }
  // Megatron's sequence parallelism splits along the tensor-parallel group: at tp 1 Megatron turns it off
  // (megatron/training/arguments.py: "sequence parallel disabled" when tensor_model_parallel_size is 1);
  // ms-swift's `--sequence_parallel true` with expert parallel only (modelscope/ms-swift#5615, c905).
  // Only Megatron's own flag is dropped so: the item word "sp" is the canonical text's, which must read back as written.
  const megatronFlag = /sequence[-_ ]?parallel/i.test(r.patch.get('par.sp')?.item.text ?? '');
  if (megatronFlag && r.s.mode !== 'inference' && (r.patch.value<number>('par.tp') ?? 1) <= 1) {
    r.assume('sequence parallel not applied: it needs tensor parallel above 1 (Megatron turns it off at tp 1)');
  } else if (r.patch.has('par.sp')) p.sp = true;
  if (r.patch.has('allocator')) r.s.expandableSegments = true;
  if (r.patch.has('rlTrainer')) r.s.rlTrainer = 'verl';
  const batches = r.patch.value<'packed' | 'padded'>('batches');
  if (batches) r.s.batches = batches;
  evaluation(r);
  return null;
}

/** HF Trainer evaluation: per_device_eval_batch_size defaults to 8 (TrainingArguments, v4.x). */
function evaluation(r: Resolution): void {
  const batch = r.patch.value<number>('eval.batch');
  const metrics = r.patch.has('eval.metrics');
  if (batch === undefined && !metrics && !r.patch.has('eval.on')) return;
  const before = r.s.evaluation;
  if (batch === undefined && !before) r.assume('per_device_eval_batch_size 8 (Trainer default)');
  r.s.evaluation = { batch: batch ?? before?.batch ?? 8, keepLogits: metrics || (before?.keepLogits ?? false) };
}

export function hardwareStep(r: Resolution): ErrorReply | null {
  const p = r.s.parallel;
  const before = r.s.unnamedGpus ? { count: r.s.unnamedGpus, perNode: gpusPerNodeOf(r.s) } : undefined;
  const result = resolveHardware(r.patch, r.s.hardware, p.tp * p.pp * p.cp, before);
  if (!result.ok) return result.slot === 'par.dp' ? settable(r.err(result.slot, result.message), 'par.dp', 'gpuCount') : r.err(result.slot, result.message);
  r.s.hardware = result.hardware;
  // A machine's GPU listing under a serving command with no split: one of the listed GPUs (listed-gpus.ts).
  oneOfTheListedGpus(r);
  memorySaidAgain(r);
  carriedSplitYields(r, result.hardware?.count ?? result.unnamed?.count);
  // "2 nodes" with no GPUs per node said, here or before in the thread: the common 8-GPU node.
  if (result.asked) r.assume(result.asked);
  else if (r.patch.has('nodes') && !r.patch.has('perNode') && !previousPerNode(before, r.base) && !(r.patch.value<number>('nodes') === 1 && r.patch.has('gpuCount'))) {
    // The count on each node is a guess: the fact the node words set is weak, said once on the first screen with its
    // words and the switch (node-counts.ts, verl-project/verl#388: said twice before, as a doubt and as this default).
    r.perNodeDefault = { nodes: r.patch.value<number>('nodes')!, perNode: DEFAULT_PER_NODE };
  }
  // The GPUs a stated tp/pp split needs: "tp 2 h100s" (a card with no count), or prose that says
  // "seems to only use one gpu" next to a pasted `tp_size=2`.
  const split = gpusTheDegreesNeed(p, r.s.mode, r.text);
  const hw = r.s.hardware;
  const countSaid = r.patch.has('gpuCount') || r.patch.has('nodes');
  const splitSaid = r.patch.has('par.tp') || r.patch.has('par.pp') || (r.s.mode !== 'inference' && r.patch.has('par.ep'));
  if (hw && hw.count < split && splitSaid && ((!countSaid && r.patch.has('gpuType')) || r.patch.tolerant)) {
    // A count derived from the split is said as derived (issue 22, item 2): "16 GPUs — from tp 4 × pp 4".
    const from = degreesInWords(p, r.s.mode);
    r.assume(
      countSaid
        ? `${split} GPUs in all — from the message's ${from}, which needs that many ("${r.patch.get('gpuCount')?.item.text ?? 'the GPU count'}" said ${hw.count})`
        : `${split} GPUs in all — from the ${from} split (no GPU count was given)`,
    );
    r.s.hardware = { ...hw, count: split, perNode: Math.min(split, DEFAULT_PER_NODE) };
  } else if (hw) machineCountAboveSplit(r, split, splitSaid);
  delete r.s.unnamedGpus;
  delete r.s.unnamedPerNode;
  if (result.unnamed) {
    r.s.unnamedGpus = result.unnamed.count;
    if (result.unnamed.perNode !== Math.min(result.unnamed.count, DEFAULT_PER_NODE)) r.s.unnamedPerNode = result.unnamed.perNode;
  }
  const counted = unnamedGpusWords(r.s);
  if (counted && (r.isNew || r.patch.has('gpuCount') || r.patch.has('nodes') || r.patch.has('par.dp'))) {
    r.assume(`${counted}: memory per GPU and the cards it fits`);
  } else if (!r.s.hardware && r.isNew && !comparesCards(r)) r.assume(DEFAULT_WORDS.noHardware);
  // "…_16gpus-2026-03-30", "run_…_64card_npu.sh": a count inside a name, weak evidence, said (count-in-name.ts).
  countInName(r);
  const hostRam = r.patch.value<number>('hostRam');
  if (hostRam !== undefined) r.s.hostMemoryBytes = hostRam * 2 ** 30;
  return null;
}

/**
 * A serving run split over fewer GPUs than the machine its message names ("A100-80GB (p4de.24xlarge)" with
 * mp_size=2, deepspeedai/DeepSpeed#3656, c3098; "TP=4 (uses half the p5en node)",
 * aarora79/agentic-coding-harness-benchmarks#132, c3018): the instance's name counts the machine's cards, the
 * split the run's. One replica runs on the split's GPUs, each holding the same share, so the run's count is
 * read and the machine's said as the switch. A count the user writes ("on 8x H100") or a data-parallel size
 * stands; training keeps the machine (its other GPUs are data-parallel replicas).
 */
function machineCountAboveSplit(r: Resolution, split: number, splitSaid: boolean): void {
  const hw = r.s.hardware;
  const counted = r.patch.get('gpuCount');
  if (!hw || r.s.mode !== 'inference' || !splitSaid || hw.count <= split || r.patch.has('par.dp') || r.patch.has('nodes')) return;
  if (!counted || !countFromMachineName(counted.item.text) || countWritten(r.text, hw.count)) return;
  const p = r.s.parallel;
  r.assume(`${split} GPUs in all — from the ${degreesInWords(p, r.s.mode)} split, of the ${hw.count} "${counted.item.text.trim()}" holds (say "on ${hw.count} gpus" if the run uses them all)`);
  r.s.hardware = { ...hw, count: split, perNode: Math.min(split, DEFAULT_PER_NODE) };
}

/** The machine's count written by the user too ("with all 8 GPUs", "8x A100 (p4d.24xlarge)"): the run uses them all. */
function countWritten(text: string, count: number): boolean {
  return new RegExp(String.raw`(?<![\w.])${count}\s*(?:x|×|\*|gpus?\b|cards?\b|张|卡|개)`, 'i').test(text);
}

/** A memory alone that is the thread's card's (hardware.ts, sameCardsMemory) keeps the card: said, with the way out. */
function memorySaidAgain(r: Resolution): void {
  const said = r.patch.get<{ gpuId: string | null; capacityGiB: number | null }>('gpuType');
  const card = r.s.hardware?.gpuId;
  if (!said || said.value.gpuId !== null || !card || r.base?.hardware?.gpuId !== card) return;
  r.assume(`"${said.item.text.trim()}" read as the memory of the ${gpuById(card).name} the thread named; say "on ${said.value.capacityGiB}gb" for another card of that memory`);
}

/** A pp carried from the thread yields to this message's stated count and tp (split.ts). */
function carriedSplitYields(r: Resolution, statedCount: number | undefined): void {
  const said = { count: r.patch.has('gpuCount') || r.patch.has('nodes'), tp: r.patch.has('par.tp'), pp: r.patch.has('par.pp') };
  const threadLayerSplit = r.base !== null && isLayerSplitOverAllCards(r.base, r.base.hardware?.count);
  const fitted = carriedPipelineFitted(r.s.parallel, statedCount, said, threadLayerSplit);
  if (!fitted) return;
  r.assume(fitted.note);
  r.s.parallel.pp = fitted.pp;
  if (fitted.pp === 1) delete r.s.parallel.schedule;
}

/**
 * device_map="auto" / "split the model across both cards": accelerate's big-model placement
 * dispatches whole layers over the visible GPUs (accelerate docs, usage_guides/big_modeling:
 * load_checkpoint_and_dispatch "dispatches the weights for each layer across all available
 * devices"; transformers treats "auto" as "balanced", an even split) and the forward walks them in
 * order in one process (axolotl sets device_map "auto" only when world_size is 1). So it is pp over
 * every GPU with one micro-batch in flight. A later GPU count moves the split with it.
 */
export function layerSplitStep(r: Resolution): ErrorReply | null {
  const p = r.s.parallel;
  // text-generation-webui's name is its loader's placement, not a split (textgen-placement.ts).
  const asked = r.patch.value<string>('layerSplit') === 'sequential';
  if (!asked && p.schedule !== 'sequential') return null;
  const n = r.gpus();
  const countChanged = r.patch.has('gpuCount') || r.patch.has('nodes');
  if (!r.patch.has('par.pp') && p.tp === 1 && p.cp === 1 && n > 1 && (asked || countChanged)) p.pp = Math.min(n, r.s.model.arch.layers);
  // Inference on Hugging Face generate is already this layer split (pp N, one process): no mark.
  if (p.pp > 1 && r.s.mode === 'inference') {
    delete p.schedule;
    if (asked) r.assume(`layers split over ${p.pp} GPUs in one process (device_map="auto"), one GPU at a time`);
  } else if (p.pp > 1) {
    p.schedule = 'sequential';
    if (asked) r.assume(`layers split over ${p.pp} GPUs in one process (device_map="auto"): one GPU works at a time, one micro-batch in flight, no DDP replicas (say ddp or zero3 for one process per GPU)`);
  } else {
    delete p.schedule;
    if (asked && n <= 1) r.assume('device_map="auto" on one GPU: nothing to split (name the GPU count, e.g. "on 2x 3090")');
  }
  return null;
}

/** GPUs per node the thread already had (its hardware, or its GPUs counted with no card). */
function previousPerNode(unnamed: { perNode: number } | undefined, base: Scenario | null): number | undefined {
  return base?.hardware?.perNode ?? unnamed?.perNode;
}
