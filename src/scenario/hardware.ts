import { gpuById } from '../catalog/index.js';
import type { Patch } from './patch.js';
import type { Hardware } from './schema.js';
import { GiB, grouped } from '../memory/format.js';
import { MAX_CARD_GIB, MIN_CARD_GIB, isCardMemory } from './ranges.js';

/**
 * The hardware of a request as a patch on the previous one (DESIGN §2): "on H100" keeps the
 * previous count, "on 8 gpus" keeps the previous type, "2 nodes of 8xH100" sets both.
 */

export const MAX_GPUS = 100_000;
/** Cards per node when unsaid: 8 is the common HGX/DGX node. */
export const DEFAULT_PER_NODE = 8;
const MIB = 2 ** 20;

/**
 * The cards, or (no card named yet) how many GPUs were counted: "I have 8 GPUs" is estimated per GPU
 * for 8 GPUs with the cards it fits, as "no GPU named" is for one. A card named later keeps the count.
 */
export type HardwareResult = { ok: true; hardware: Hardware | null; unnamed?: UnnamedGpus; asked?: string } | { ok: false; message: string; slot: string };

/** GPUs counted with no card: how many, and how many per node ("2 nodes of 4 gpus"). */
export interface UnnamedGpus {
  count: number;
  perNode: number;
}

interface GpuType {
  gpuId: string | null;
  capacityBytes: number;
}

function typeFromSlot(value: { gpuId: string | null; capacityGiB: number | null }): GpuType | string {
  if (value.gpuId) return { gpuId: value.gpuId, capacityBytes: gpuById(value.gpuId).usableMiB * MIB };
  const gib = value.capacityGiB ?? NaN;
  if (!isCardMemory(gib)) return `GPU memory must be ${MIN_CARD_GIB}–${MAX_CARD_GIB} GB per card; "${gib} GB" is out of range.`;
  return { gpuId: null, capacityBytes: Math.round(gib * GiB) };
}

/**
 * A memory said alone after the thread named its card is that card's memory, said again: "理论上24g应该
 * 是支持34b的int4量化模型推理的" (in theory 24g should hold a 34b int4 model) under the title "…单张24G
 * 4090GPU…" (xusenlinzy/api-for-open-llm#239, c733) had turned the RTX 4090 into a nameless 24 GB card.
 * Within 10% of the card's total (marketing GB against GiB), as the hardware grammar matches them.
 */
function sameCardsMemory(t: GpuType, previous: Hardware | null): boolean {
  if (t.gpuId !== null || !previous?.gpuId) return false;
  const cardGiB = gpuById(previous.gpuId).totalMiB / 1024;
  const saidGiB = t.capacityBytes / GiB;
  return Math.abs(cardGiB - saidGiB) <= 0.1 * Math.max(cardGiB, saidGiB);
}

/** `dp N` means N data-parallel replicas of tp·pp·cp GPUs each (Megatron's layout). */
export function resolveHardware(patch: Patch, previous: Hardware | null, modelGpus: number, previousUnnamed?: UnnamedGpus): HardwareResult {
  const typeSlot = patch.get<{ gpuId: string | null; capacityGiB: number | null }>('gpuType');
  const count = patch.value<number>('gpuCount');
  const nodes = patch.value<number>('nodes');
  const perNodeAsked = patch.value<number>('perNode');
  const dp = patch.value<number>('par.dp');
  if (!typeSlot && count === undefined && nodes === undefined && dp === undefined) return { ok: true, hardware: previous, unnamed: previous ? undefined : previousUnnamed };
  const previousCount = previous?.count ?? previousUnnamed?.count ?? 1;
  const previousPerNode = previous?.perNode ?? previousUnnamed?.perNode;

  let type: GpuType | null;
  if (typeSlot) {
    const t = typeFromSlot(typeSlot.value);
    if (typeof t === 'string') return { ok: false, message: t, slot: 'gpuType' };
    type = sameCardsMemory(t, previous) ? { gpuId: previous!.gpuId, capacityBytes: previous!.capacityBytes } : t;
  } else if (previous) {
    type = { gpuId: previous.gpuId, capacityBytes: previous.capacityBytes };
  } else {
    type = null;
  }

  let total: number;
  let perNode: number;
  if (nodes === 1 && count !== undefined && perNodeAsked === undefined) {
    // One node and a count of cards ("trainer.nnodes=1 … on 4x a100", a verl launch beside its prose): the
    // cards are that node's, counted once — not the node's default 8 that the count was read beside.
    total = count;
    perNode = count;
  } else if (nodes !== undefined) {
    perNode = perNodeAsked ?? previousPerNode ?? DEFAULT_PER_NODE;
    total = nodes * perNode;
  } else if (count !== undefined) {
    total = count;
    perNode = Math.min(count, DEFAULT_PER_NODE);
  } else if (dp !== undefined) {
    total = dp * modelGpus;
    perNode = Math.min(total, DEFAULT_PER_NODE);
  } else {
    total = previousCount;
    perNode = previousPerNode ?? Math.min(total, DEFAULT_PER_NODE);
  }
  const countSlot = nodes !== undefined ? 'nodes' : count !== undefined ? 'gpuCount' : 'par.dp';
  if (!Number.isInteger(total) || total < 1 || total > MAX_GPUS) {
    return { ok: false, slot: countSlot, message: `The GPU count must be 1–${grouped(MAX_GPUS)}; "${total}" is out of range.` };
  }
  if (!Number.isInteger(perNode) || perNode < 1 || perNode > 1024) {
    return { ok: false, slot: 'perNode', message: `GPUs per node must be 1–1024; "${perNode}" is out of range.` };
  }
  // A node count whose GPUs per node nobody said, against a dp the command sets: the GPUs per node
  // were a default, the dp is the run's own flag. "In my H20 8 nodes" with `vllm serve … -dp=8`
  // (vllm-project/vllm, corpus c814) is 8 GPUs, not 8 × 8: the dp's count is read, and the other
  // reading asked beside it, never refused (DESIGN §5: two readings that disagree are asked).
  let asked: string | undefined;
  if (dp !== undefined && dp * modelGpus !== total && nodes !== undefined && perNodeAsked === undefined && previousPerNode === undefined) {
    asked = `${dp * modelGpus} GPUs in all, from dp ${dp}${modelGpus > 1 ? ` × ${modelGpus} GPUs per replica` : ''}; "${nodes} nodes" at ${perNode} GPUs each would be ${total} — which did you mean?`;
    total = dp * modelGpus;
    perNode = Math.min(total, DEFAULT_PER_NODE);
  }
  // "Our cluster has 40 nodes but I get one A100 80GB": one card stated apart from a node count, with no
  // cards per node said. The single card is the user's run and the nodes its place; "1 per node" would be
  // said as such ("40 nodes with one GPU each" is one phrase, read per node by the hardware grammar). Read as
  // the one card, and the nodes' product asked beside it (DESIGN §5: two readings that disagree are asked).
  // A larger count stays the nodes' (corpus c589: "Cluster size: 32 nodes … GPU per node: 8x A100 80GB").
  if (!asked && dp === undefined && nodes !== undefined && count === 1 && nodes > 1 && perNodeAsked === undefined && previousPerNode === undefined) {
    asked = `1 GPU in all — from the one card the message states; "${nodes} nodes" at ${perNode} GPUs each would be ${total} GPUs in all — which did you mean?`;
    total = 1;
    perNode = 1;
  }
  // The same number said for the cards and for the nodes, apart: "with 4 80 GB A100 GPUs … sharded across 4 nodes"
  // (huggingface/text-generation-inference#3130, corpus c909: one Azure node of four A100s, each shard called a
  // node) was read as 4 nodes of 8, 32 GPUs, silently. The cards the message counts are read, the nodes' product asked.
  if (!asked && dp === undefined && nodes !== undefined && count !== undefined && count > 1 && count === nodes && perNodeAsked === undefined && previousPerNode === undefined) {
    asked = `${count} GPUs in all — the count the message states for its cards; "${nodes} nodes" at ${perNode} GPUs each would be ${total} GPUs in all — which did you mean?`;
    total = count;
    perNode = Math.min(count, DEFAULT_PER_NODE);
  }
  if (dp !== undefined && dp * modelGpus !== total) {
    return {
      ok: false,
      slot: 'par.dp',
      message: `dp ${dp} × ${modelGpus} GPUs per model replica (tp·pp·cp) is ${dp * modelGpus}, not the ${total} GPUs asked. Give one of them.`,
    };
  }
  const ask = asked ? { asked } : {};
  if (!type) return { ok: true, hardware: null, unnamed: total > 1 ? { count: total, perNode } : undefined, ...ask };
  return { ok: true, hardware: { gpuId: type.gpuId, capacityBytes: type.capacityBytes, count: total, perNode }, ...ask };
}
