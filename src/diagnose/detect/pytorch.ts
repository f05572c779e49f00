import { TORCH_OOM_MESSAGE, torchOomMessages, type OomAmount, type TorchOomMessage } from '../../language/torch-oom-message.js';
import type { ProcessUse, TorchOom } from '../findings.js';
import { MAX_ANCHORS, type Paste } from '../text.js';

/**
 * PyTorch's out-of-memory message, as c10's caching allocator writes it.
 *
 * 2.x (2.1 on; "capacty" until 2.2):
 *   "Tried to allocate X. GPU N has a total capacity of C of which F is free. [Process P has M
 *   memory in use.]… Including non-PyTorch memory, this process has U memory in use. Of the
 *   allocated memory A is allocated by PyTorch, and R is reserved by PyTorch but unallocated."
 * 1.x: "Tried to allocate X (GPU N; C total capacity; A already allocated; F free; T reserved in
 *   total by PyTorch)", and before 1.5 "…; F free; R cached)" where cached is the unallocated part.
 * ROCm builds say "HIP out of memory" with the same sentences.
 */
/** The backend's words just before a message: "CUDA out of memory. Tried to allocate …". */
const BACKEND = /(CUDA|HIP|XPU|MPS|NPU) out of memory\.? ?$/;

function backendBefore(paste: Paste, flat: string, at: number): string {
  const before = flat.slice(Math.max(0, at - 40), at);
  return paste.match(before, BACKEND)?.[1] ?? 'CUDA';
}

/** A size the message left out is null; one it gave, its bytes. */
const bytesOf = (a: OomAmount | null): number | null => (a ? a.bytes : null);

/** One message as the diagnosis explains it. */
function finding(m: TorchOomMessage, backend: string): TorchOom {
  const allocated = bytesOf(m.allocated);
  // 1.x "reserved in total" includes the allocated bytes; before 1.5 "cached" and 2.x "reserved but unallocated" do not.
  const reserved = bytesOf(m.reserved);
  const unallocated = reserved === null ? null : !m.reservedIncludesAllocated ? reserved : allocated === null ? null : Math.max(0, reserved - allocated);
  return {
    kind: 'torch-oom',
    backend,
    format: m.format ?? 2,
    requestBytes: m.absurd ? Number.POSITIVE_INFINITY : m.request!.bytes,
    absurd: m.absurd,
    gpu: m.gpu,
    capacityBytes: bytesOf(m.total),
    freeBytes: bytesOf(m.free),
    processBytes: bytesOf(m.process),
    allocatedBytes: allocated,
    reservedUnallocatedBytes: unallocated,
    processes: m.processes.map((p): ProcessUse => ({ pid: p.pid, bytes: p.amount.bytes })),
  };
}

/**
 * Every PyTorch OOM message in the paste that says what it tried to allocate, each read as far as it goes
 * (language/torch-oom-message.ts: the one reader of the message, which the reader and the scenario use too).
 */
export function detectTorchOom(paste: Paste): TorchOom[] {
  const flat = paste.flat;
  if (!/allocate/i.test(flat)) return [];
  paste.work += flat.length;
  const messages = torchOomMessages(flat).filter((m) => m.absurd || m.request !== null);
  return messages.slice(0, MAX_ANCHORS).map((m) => finding(m, backendBefore(paste, flat, m.at)));
}

/** Every pattern this detector runs (test/diagnose/patterns.test.ts lints them for backtracking). */
export const TORCH_PATTERNS = [TORCH_OOM_MESSAGE, BACKEND];
