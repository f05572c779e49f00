import { levers } from '../../plan/levers.js';
import type { Lever } from '../../reply/types.js';
import type { ProcessUse, TorchOom } from '../findings.js';
import { comparisonText, underestimateFactor, type Measurement } from '../measurement.js';
import { percent, showSize } from '../sizes.js';
import { explanation, type Explanation, type ThreadSetup } from './types.js';
import { withArticle } from '../../language/article.js';

/** A CUDA context and its kernels take 0.3–1.5 GiB by GPU and CUDA version (DESIGN §3.5). */
export const CONTEXT_MAX_BYTES = 1.5 * 2 ** 30;

/** Below 1% of the card, memory outside this process is rounding and driver bookkeeping: not worth a line. */
const NOTABLE_SHARE = 0.01;

/** The allocator setting that lets segments grow in place; ROCm builds read the HIP spelling. */
function expandable(f: TorchOom): string {
  return `${f.backend === 'HIP' ? 'PYTORCH_HIP_ALLOC_CONF' : f.backend === 'NPU' ? 'PYTORCH_NPU_ALLOC_CONF' : 'PYTORCH_CUDA_ALLOC_CONF'}=expandable_segments:True`;
}

/** What the message says about memory outside this PyTorch process's cache. */
interface Outside {
  /** Other processes as listed, without the one that is this run seen from outside its container. */
  listed: ProcessUse[];
  /** A "Process P" line that is this run itself (container PID namespaces hide the match). */
  selfListed: ProcessUse | null;
  /** Bytes on the card held by others: the listed processes, or capacity − free − this process. */
  othersBytes: number;
}

function reservedTotal(f: TorchOom): number | null {
  return f.allocatedBytes === null || f.reservedUnallocatedBytes === null ? null : f.allocatedBytes + f.reservedUnallocatedBytes;
}

function outsideOf(f: TorchOom): Outside {
  const reserved = reservedTotal(f);
  let listed = f.processes;
  let selfListed: ProcessUse | null = null;
  if (f.processBytes === null && reserved !== null) {
    // Without the "this process" sentence, the entry that holds at least PyTorch's own reserve
    // (and at most that plus a CUDA context) is this run, listed under its host PID.
    selfListed = listed.find((p) => p.bytes >= reserved && p.bytes <= reserved + CONTEXT_MAX_BYTES) ?? null;
    listed = listed.filter((p) => p !== selfListed);
  } else if (f.processBytes === null && reserved === null && listed.length === 1 && f.capacityBytes !== null && f.freeBytes !== null) {
    // A message cut before PyTorch's own figures, one process listed holding all the card's used memory:
    // a run in a container is listed so, under its host PID ("GPU 6 … of which 15.31 MiB is free. Process
    // 122606 has 79.12 GiB memory in use.", OpenBMB/MiniCPM-V#338, c3926, a LoRA run on one of eight cards).
    // Nothing says it is another process: read as this run, and said so.
    const used = f.capacityBytes - f.freeBytes;
    if (Math.abs(listed[0]!.bytes - used) <= CONTEXT_MAX_BYTES) {
      selfListed = listed[0]!;
      listed = [];
    }
  }
  const listedBytes = listed.reduce((sum, p) => sum + p.bytes, 0);
  let othersBytes = listedBytes;
  if (f.capacityBytes !== null && f.freeBytes !== null) {
    if (f.processBytes !== null) othersBytes = Math.max(listedBytes, f.capacityBytes - f.freeBytes - f.processBytes);
    else if (reserved !== null && listed.length === 0 && !selfListed) {
      // Only PyTorch's reserve is known: what is above it and above a CUDA context's worth is someone else's.
      othersBytes = Math.max(0, f.capacityBytes - f.freeBytes - reserved - CONTEXT_MAX_BYTES);
    }
  }
  return { listed, selfListed, othersBytes: Math.max(0, othersBytes) };
}

/**
 * What a run that filled its card held in tensors, by the estimate: the card's usable memory less
 * the footprint above the allocated peak (reserved slack, CUDA context, NCCL). With this as what
 * was held, the shortage the diagnosis says is the estimate's own (device − capacity), not the
 * whole peak as if the card had been empty when the allocation failed.
 */
function cardFullHeld(setup: ThreadSetup): number {
  const e = setup.estimate;
  if (e.capacityBytes === null) return 0;
  return Math.max(0, e.capacityBytes - (e.deviceBytes - e.peakAllocatedBytes));
}

function sourceOf(f: TorchOom): string {
  const version = f.format === 2 ? 'PyTorch 2.x' : 'PyTorch 1.x';
  return `${version} ${f.backend} out-of-memory${f.gpu !== null ? ` on GPU ${f.gpu}` : ''}`;
}

function evidenceOf(f: TorchOom, outside: Outside): string[] {
  const lines: string[] = [];
  const gpu = f.gpu !== null ? `GPU ${f.gpu}` : 'the GPU';
  lines.push(`Asked for ${showSize(f.requestBytes)}${f.capacityBytes !== null ? ` on ${gpu} (${showSize(f.capacityBytes)} in total)` : ''}${f.freeBytes !== null ? `; ${showSize(f.freeBytes)} was free` : ''}.`);
  if (f.allocatedBytes !== null) {
    const reserve = f.reservedUnallocatedBytes !== null ? `, plus ${showSize(f.reservedUnallocatedBytes)} reserved but unallocated (cached blocks no tensor uses)` : '';
    lines.push(`PyTorch had ${showSize(f.allocatedBytes)} allocated to tensors${reserve}.`);
  }
  if (f.processBytes !== null && f.allocatedBytes !== null && f.reservedUnallocatedBytes !== null) {
    const nonTorch = Math.max(0, f.processBytes - f.allocatedBytes - f.reservedUnallocatedBytes);
    lines.push(`This process held ${showSize(f.processBytes)} in all; ${showSize(nonTorch)} of it outside PyTorch's cache (CUDA context, cuBLAS/cuDNN workspaces, NCCL).`);
  }
  if (outside.selfListed) {
    lines.push(
      reservedTotal(f) === null
        ? `Process ${outside.selfListed.pid} (${showSize(outside.selfListed.bytes)}) holds all the memory in use on the card: read as this run itself, seen from outside its container (the message names no other process). If another program holds it, stop that one first.`
        : `Process ${outside.selfListed.pid} (${showSize(outside.selfListed.bytes)}) is most likely this run itself, seen from outside its container: it holds at least PyTorch's reserve.`,
    );
  }
  if (outside.listed.length > 0) {
    lines.push(`Other processes on the card: ${outside.listed.map((p) => `${p.pid} (${showSize(p.bytes)})`).join(', ')}.`);
  } else if (f.capacityBytes !== null && outside.othersBytes >= NOTABLE_SHARE * f.capacityBytes) {
    lines.push(`About ${showSize(outside.othersBytes)} of the card is held outside this process (${percent(outside.othersBytes, f.capacityBytes)}).`);
  }
  return lines;
}

/** Each rank's stray CUDA context on the wrong card is a few hundred MiB: several of those look like this. */
function strayContexts(listed: ProcessUse[]): boolean {
  return listed.length >= 2 && listed.every((p) => p.bytes <= CONTEXT_MAX_BYTES);
}

const GENERIC_LEVERS = [
  'Lower the micro-batch and raise gradient accumulation to keep the effective batch.',
  'Gradient checkpointing (about +20–35% step time) if activations are the peak.',
  'Sort or cap sequence lengths: the longest batch sets the peak.',
  'Then, in order: chunked cross-entropy, 8-bit Adam, ZeRO-2/3 or FSDP across GPUs, LoRA/QLoRA.',
];

const TELL_ME = 'Tell me the setup in this thread (e.g. "8b full bf16 seq 4096 on H100") and I will re-estimate each lever against this measurement.';

/** Levers for the thread's scenario, with "fits" judged after scaling by how far this run was above the estimate. */
function calibratedLevers(setup: ThreadSetup, m: Measurement | null, capacity: number | null): Lever[] {
  const factor = m ? underestimateFactor(m) : 1;
  const cap = capacity ?? setup.estimate.capacityBytes;
  return levers(setup.scenario, setup.estimate)
    .slice(0, 5)
    .map((l) => {
      const scaled = l.deviceBytes * factor;
      const fits = cap === null ? l.fits : scaled <= cap;
      const note = factor > 1 ? [l.note, `judged at ×${factor.toFixed(2)}, this run's excess over my estimate`].filter(Boolean).join('; ') : l.note;
      return { ...l, fits, note };
    });
}

function measurementOf(f: TorchOom, setup: ThreadSetup | null): Measurement | null {
  if (!setup || f.allocatedBytes === null || f.absurd) return null;
  return {
    canonical: setup.canonical,
    allocatedBytes: f.allocatedBytes,
    requestedBytes: f.requestBytes,
    reservedBytes: reservedTotal(f),
    processBytes: f.processBytes,
    capacityBytes: f.capacityBytes,
    predictedAllocatedBytes: setup.estimate.peakAllocatedBytes,
    predictedDeviceBytes: setup.estimate.deviceBytes,
  };
}

/** PyTorch's OOM: fragmentation, another process, a single oversized tensor, or a real shortage. */
export function explainTorchOom(f: TorchOom, setup: ThreadSetup | null): Explanation {
  const source = sourceOf(f);
  if (f.absurd) {
    return explanation('absurd-size', source, 'Not a memory shortage: PyTorch was asked for more than 1 EB, a size computed from garbage (a negative or overflowed dimension).', ['"Tried to allocate more than 1EB memory": no card has that; the shape is wrong.'], [
      'Run with CUDA_LAUNCH_BLOCKING=1 and print the shapes going into the failing line; look for a -1 or an overflowed product of dimensions.',
      'Often follows an earlier error (a timeout or a failed collective): read the first error in the log, not this one.',
    ]);
  }
  const outside = outsideOf(f);
  const evidence = evidenceOf(f, outside);
  const X = f.requestBytes;
  const F = f.freeBytes ?? 0;
  const R = f.reservedUnallocatedBytes ?? 0;
  const measurement = measurementOf(f, setup);
  const withThread = (e: Explanation): Explanation => {
    if (!measurement) return e;
    return { ...e, comparison: comparisonText(measurement), measurement };
  };

  if (f.reservedUnallocatedBytes !== null && R >= X) {
    return withThread(
      explanation(
        'fragmentation',
        source,
        `Fragmentation: PyTorch held ${showSize(R)} reserved but unallocated — more than the ${showSize(X)} it asked for — yet no cached block was large enough.`,
        evidence,
        [
          `Set ${expandable(f)} before the process starts: segments then grow in place instead of leaving gaps.`,
          'Put the longest batch first (or pad to fixed lengths) so the cache is shaped by the peak from step 1.',
          'Avoid torch.cuda.empty_cache() inside the loop: it makes the allocator rebuild the fragmented cache.',
        ],
      ),
    );
  }

  if (f.capacityBytes !== null && X > f.capacityBytes) {
    return withThread(
      explanation(
        'too-large',
        source,
        `One tensor is larger than the whole card: ${showSize(X)} asked for on ${withArticle(showSize(f.capacityBytes))} GPU.`,
        evidence,
        [
          'Find the tensor: usually attention scores without a fused kernel (batch × heads × seq² — use flash or sdpa attention), full-vocabulary logits in fp32 (use chunked cross-entropy), or an image/video resolution that scales quadratically.',
          'Split the work: a smaller batch, tiles or chunks along the sequence, or offload that step.',
        ],
      ),
    );
  }

  if (outside.othersBytes > 0 && outside.othersBytes + F >= X && (outside.listed.length > 0 || f.processBytes !== null || outside.othersBytes > CONTEXT_MAX_BYTES)) {
    const holders = outside.listed.length > 0 ? `${outside.listed.length === 1 ? 'Process' : 'Processes'} ${outside.listed.map((p) => p.pid).join(', ')}` : 'Another process';
    const actions = strayContexts(outside.listed)
      ? [
          `${outside.listed.length} processes of a few hundred MiB each look like other ranks' CUDA contexts on this card: call torch.cuda.set_device(local_rank) before any CUDA work (and check CUDA_VISIBLE_DEVICES).`,
          'Then re-run: the freed memory is more than this allocation needed.',
        ]
      : ['Find it with nvidia-smi (or rocm-smi) and stop it, or move this run to a free card (CUDA_VISIBLE_DEVICES).', 'A notebook kernel or an earlier run that did not exit is the usual holder.'];
    return withThread(
      explanation(
        'other-process',
        source,
        `Another process holds memory: ${holders} held ${showSize(outside.othersBytes)} (${percent(outside.othersBytes, f.capacityBytes ?? outside.othersBytes)} of the card); without it the ${showSize(X)} allocation would have fit.`,
        evidence,
        actions,
      ),
    );
  }

  if (f.freeBytes !== null && F >= X) {
    return withThread(
      explanation(
        'no-contiguous-block',
        source,
        `The card reported ${showSize(F)} free, more than the ${showSize(X)} asked for, yet the allocation failed: that free memory was not available to this process as one block.`,
        evidence,
        [
          `Set ${expandable(f)}: the allocator then maps memory in pages instead of one contiguous block.`,
          'On Windows (WDDM) the driver keeps part of "free" memory; other programs (a browser, a second notebook) allocate at the same time — close them or use a dedicated card.',
          'Check for a per-process limit: torch.cuda.set_per_process_memory_fraction, MIG or MPS.',
        ],
      ),
    );
  }

  // A real shortage: what failed, plus what the rest of the step would have needed.
  const shortNow = Math.max(0, X - F);
  const actions: string[] = [];
  let levered: Lever[] = [];
  let headline = `Out of memory for real: short by at least ${showSize(shortNow)} for this allocation, and the rest of the step needs more after it.`;
  if (setup) {
    // PyTorch 2.x's short message names only what the process holds, not PyTorch's own figures:
    // held memory is then the process's (non-PyTorch memory included, so the shortage is if
    // anything understated by the CUDA context), never nothing.
    // A message cut after "… of which F is free" names neither: what the card holds then is its
    // capacity less what is free (every process's, so again never less than this one's).
    // A bare "Tried to allocate X" names nothing at all; the allocation failed, so the card was
    // full: the run held the card's usable memory less the part of its footprint that is not
    // allocated tensors (cached blocks, CUDA context) — the shortage is then the estimate's own.
    const held = f.allocatedBytes ?? f.processBytes ?? (f.capacityBytes !== null && f.freeBytes !== null ? f.capacityBytes - f.freeBytes : cardFullHeld(setup));
    const remaining = Math.max(X, setup.estimate.peakAllocatedBytes - held);
    const short = Math.max(shortNow, remaining - F);
    headline = `Out of memory for real: short by about ${showSize(short)} — the ${showSize(X)} that failed plus what the rest of the step needs by my estimate.`;
    levered = calibratedLevers(setup, measurement, f.capacityBytes);
    if (levered.length === 0) actions.push('No lever in the request language helps this setup: it needs a larger card or more GPUs (ask "how many h100").');
  } else {
    actions.push(...GENERIC_LEVERS, TELL_ME);
  }
  if (R > 0 && R + F >= X) actions.push(`${expandable(f)} may get this one allocation through (free plus cached is ${showSize(R + F)}), but not the step's peak.`);
  if (outside.othersBytes > CONTEXT_MAX_BYTES && f.capacityBytes !== null) {
    evidence.push(`Others hold ${showSize(outside.othersBytes)}; freeing it would not be enough on its own.`);
  }
  return { ...withThread(explanation('shortage', source, headline, evidence, actions)), levers: levered };
}
