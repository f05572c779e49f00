import type { ProcessUse, TorchOom } from '../findings.js';
import { SIZE, sizeBytes } from '../sizes.js';
import type { Paste } from '../text.js';

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
const ANCHOR = /Tried to allocate /;
const HEAD_V2 = new RegExp(String.raw`^Tried to allocate ${SIZE}\.? GPU (\d{1,3}) has a total capaci?ty of ${SIZE} of which ${SIZE} is free\.`);
const HEAD_V1 = new RegExp(
  String.raw`^Tried to allocate ${SIZE} \(GPU (\d{1,3}); ${SIZE} total capacity; ${SIZE} already allocated; ${SIZE} free; ${SIZE} (reserved in total by PyTorch|cached)`,
);
/**
 * A 1.x message cut after its capacity, where a post's excerpt ends ("Tried to allocate 16.00 MiB
 * (GPU 0; 31.74 GiB total capacity; 31.25 GiB already allocated;", InternLM/InternLM-XComposer#205):
 * read as far as it goes.
 */
const HEAD_V1_CUT = new RegExp(String.raw`^Tried to allocate ${SIZE} \(GPU (\d{1,3}); ${SIZE} total capacity(?:; ${SIZE} already allocated)?`);
const HEAD_ABSURD = /^Tried to allocate more than 1EB memory/;
const HEAD_BARE = new RegExp(String.raw`^Tried to allocate ${SIZE}`);
const PROCESS = new RegExp(String.raw`Process (\d{1,10}) has ${SIZE} memory in use\.`, 'g');
const THIS_PROCESS = new RegExp(String.raw`this process has ${SIZE} memory in use\.`);
const OF_ALLOCATED = new RegExp(String.raw`Of the allocated memory ${SIZE} is allocated by PyTorch, and ${SIZE} is reserved by PyTorch but unallocated`);
/** The sentence after the numbers: the message ends here. */
const TAIL = /If reserved|See documentation|Tried to allocate /;
const BACKEND = /(CUDA|HIP|XPU|MPS) out of memory\.? ?$/;

function backendBefore(paste: Paste, flat: string, at: number): string {
  const before = flat.slice(Math.max(0, at - 40), at);
  return paste.match(before, BACKEND)?.[1] ?? 'CUDA';
}

/** The text of one message: from the anchor to where its numbers end. */
function messageAt(paste: Paste, flat: string, at: number): string {
  const window = paste.window(flat, at);
  const rest = window.slice(ANCHOR.source.length);
  const end = paste.match(rest, TAIL);
  return end ? window.slice(0, ANCHOR.source.length + end.index) : window;
}

function readV2(paste: Paste, message: string, head: RegExpExecArray, backend: string): TorchOom {
  const processes: ProcessUse[] = paste.matchAll(message, PROCESS).map((m) => ({ pid: Number(m[1]), bytes: sizeBytes(m[2], m[3]) }));
  const self = paste.match(message, THIS_PROCESS);
  const split = paste.match(message, OF_ALLOCATED);
  return {
    kind: 'torch-oom',
    backend,
    format: 2,
    requestBytes: sizeBytes(head[1], head[2]),
    absurd: false,
    gpu: Number(head[3]),
    capacityBytes: sizeBytes(head[4], head[5]),
    freeBytes: sizeBytes(head[6], head[7]),
    processBytes: self ? sizeBytes(self[1], self[2]) : null,
    allocatedBytes: split ? sizeBytes(split[1], split[2]) : null,
    reservedUnallocatedBytes: split ? sizeBytes(split[3], split[4]) : null,
    processes,
  };
}

function readV1(head: RegExpExecArray, backend: string): TorchOom {
  const allocated = sizeBytes(head[6], head[7]);
  const last = sizeBytes(head[10], head[11]);
  // "reserved in total" includes the allocated bytes; the older "cached" is only the unallocated part.
  const unallocated = head[12] === 'cached' ? last : Math.max(0, last - allocated);
  return {
    kind: 'torch-oom',
    backend,
    format: 1,
    requestBytes: sizeBytes(head[1], head[2]),
    absurd: false,
    gpu: Number(head[3]),
    capacityBytes: sizeBytes(head[4], head[5]),
    freeBytes: sizeBytes(head[8], head[9]),
    processBytes: null,
    allocatedBytes: allocated,
    reservedUnallocatedBytes: unallocated,
    processes: [],
  };
}

function readV1Cut(head: RegExpExecArray, backend: string): TorchOom {
  return {
    ...bare(sizeBytes(head[1], head[2]), false, backend),
    format: 1,
    gpu: Number(head[3]),
    capacityBytes: sizeBytes(head[4], head[5]),
    allocatedBytes: head[6] !== undefined ? sizeBytes(head[6], head[7]) : null,
  };
}

function bare(requestBytes: number, absurd: boolean, backend: string): TorchOom {
  return {
    kind: 'torch-oom',
    backend,
    format: 2,
    requestBytes,
    absurd,
    gpu: null,
    capacityBytes: null,
    freeBytes: null,
    processBytes: null,
    allocatedBytes: null,
    reservedUnallocatedBytes: null,
    processes: [],
  };
}

/** Every PyTorch OOM message in the paste, most complete reading of each. */
export function detectTorchOom(paste: Paste): TorchOom[] {
  const flat = paste.flat;
  const out: TorchOom[] = [];
  for (const at of paste.anchors(flat, ANCHOR)) {
    const message = messageAt(paste, flat, at);
    const backend = backendBefore(paste, flat, at);
    const v2 = paste.match(message, HEAD_V2);
    if (v2) {
      out.push(readV2(paste, message, v2, backend));
      continue;
    }
    const v1 = paste.match(message, HEAD_V1);
    if (v1) {
      out.push(readV1(v1, backend));
      continue;
    }
    const cut = paste.match(message, HEAD_V1_CUT);
    if (cut) {
      out.push(readV1Cut(cut, backend));
      continue;
    }
    if (paste.match(message, HEAD_ABSURD)) {
      out.push(bare(Number.POSITIVE_INFINITY, true, backend));
      continue;
    }
    const request = paste.match(message, HEAD_BARE);
    if (request) out.push(bare(sizeBytes(request[1], request[2]), false, backend));
  }
  return out;
}

/** Every pattern this detector runs (test/diagnose/patterns.test.ts lints them for backtracking). */
export const TORCH_PATTERNS = [ANCHOR, HEAD_V2, HEAD_V1, HEAD_V1_CUT, HEAD_ABSURD, HEAD_BARE, PROCESS, THIS_PROCESS, OF_ALLOCATED, TAIL, BACKEND];
