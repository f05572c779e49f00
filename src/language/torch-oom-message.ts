import { allMatches } from './all-matches.js';

/**
 * PyTorch's out-of-memory message, read once for everyone who needs it (issue 22, rcode1): the reader takes its total
 * capacity as the card's memory (tool-output.ts), the scenario holds a named card against that total
 * (scenario/card-against-capacity.ts), and the diagnosis explains the figures (diagnose/detect/pytorch.ts). Each had
 * its own pattern, and they disagreed on real pastes: a message wrapped after "(GPU 0;" (c931) was read by one of
 * three, a full stop before the parenthesis ("Tried to allocate 98 MiB. (GPU 0; …", 01-ai/Yi#249, c412) by two, a
 * free amount of "0 bytes" in PyTorch 2's spelling cut the reader's match short and left the rest's figures for the
 * hardware reader.
 *
 * c10/cuda/CUDACachingAllocator.cpp writes it so (ROCm's "HIP", Intel's XPU and Ascend's torch_npu builds the same):
 * - before 2.1: "Tried to allocate 172.00 MiB (GPU 0; 23.69 GiB total capacity; 22.56 GiB already allocated;
 *   11.06 MiB free; 22.87 GiB reserved in total by PyTorch)", and before 1.5 "…; F free; R cached)", the cached
 *   figure only the unallocated part;
 * - from 2.1: "Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 79.15 GiB of which 11.06 MiB is free.
 *   [Process 1234 has 3.00 GiB memory in use.]… Including non-PyTorch memory, this process has 79.13 GiB memory in
 *   use. Of the allocated memory 77.2 GiB is allocated by PyTorch, and 1.4 GiB is reserved by PyTorch but
 *   unallocated." (2.1 and 2.2 print "capacty");
 * - "Tried to allocate more than 1EB memory" for a size computed from garbage.
 * A message cut where a post's excerpt ends ("(GPU 0; 31.74 GiB total capacity; 31.25 GiB already allocated;",
 * InternLM/InternLM-XComposer#205, c545), wrapped onto lines of its own, or pasted once per GPU is read as far as it
 * goes, each message on its own. Any case and any blanks: the reader sees lower-cased text, the diagnosis a paste
 * whose blanks are one space, the scenario the user's own text.
 *
 * Every quantifier applies to one character or class, or is bounded, so the pattern cannot backtrack badly
 * (test/diagnose/properties.test.ts lints it with the detectors' own).
 */

const NUMBER = String.raw`\d{1,9}(?:\.\d{1,12})?`;
const UNIT = String.raw`(?:bytes|byte|[kmgt]i?b|b)\b`;
/** An amount with its unit, its two parts captured under `name`N and `name`U. */
const amount = (name: string) => String.raw`(?<${name}N>${NUMBER})[ \t]*(?<${name}U>${UNIT})`;
const ABSURD = String.raw`more\s+than\s+1eb\s+memory`;
const TRIED = String.raw`tried\s+to\s+allocate\s+(?:(?<absurd>${ABSURD})|${amount('request')})\.?\s*`;

const V1 =
  String.raw`\((?<device1>gpu|npu|xpu)\s*(?<gpu1>\d{1,3});\s*(?<totalWords1>${amount('total1')}\s+total\s+capacity)\b` +
  String.raw`(?:;\s*${amount('allocated1')}\s+already\s+allocated)?(?:;\s*${amount('free1')}\s+free)?` +
  String.raw`(?:;\s*${amount('reserved1')}\s+(?<reservedKind>reserved\s+in\s+total\s+by\s+pytorch|cached))?` +
  // The rest of the parenthesis, whatever a build adds ("; 0 bytes inactive"), is the message's too.
  String.raw`[^)\n]*\)?`;

const PROCESS_SENTENCE = String.raw`\s*process\s+\d{1,10}\s+has\s+${NUMBER}[ \t]*${UNIT}\s+memory\s+in\s+use\.`;
/** Captures in a repeated group are cleared at each repeat (ECMAScript), so this one is read again from the words (THIS_PROCESS). */
const THIS_PROCESS_SENTENCE = String.raw`\s*including\s+non-pytorch\s+memory,\s*this\s+process\s+has\s+${NUMBER}[ \t]*${UNIT}\s+memory\s+in\s+use\.`;
const V2 =
  String.raw`(?<device2>gpu|npu|xpu)\s*(?<gpu2>\d{1,3})\s+has\s+a\s+(?<totalWords2>total\s+capac?i?ty\s+of\s+${amount('total2')})` +
  // The other processes and this one, in the order the build prints them (the others may come on both sides).
  String.raw`(?:\s+of\s+which\s+${amount('free2')}\s+is\s+free\.)?` +
  String.raw`(?:${PROCESS_SENTENCE}|${THIS_PROCESS_SENTENCE}){0,64}` +
  String.raw`(?:\s*of\s+the\s+allocated\s+memory\s+${amount('allocated2')}\s+is\s+allocated\s+by\s+pytorch,\s*and\s+${amount('unallocated')}\s+is\s+reserved\s+by\s+pytorch\s+but\s+unallocated\.)?`;

/** A message cut before its total: "Tried to allocate 2.00 GiB" and what its parenthesis holds. */
const CUT = String.raw`tried\s+to\s+allocate(?:\s+(?:(?<absurdCut>${ABSURD})|${amount('requestCut')}))?[^)\n]*\)?`;

/** One message: its request (where given), then its head in either spelling; or only its request. Global, with indices. */
export const TORCH_OOM_MESSAGE = new RegExp(String.raw`(?:${TRIED})?(?:${V1}|${V2})|${CUT}`, 'dgi');

/**
 * An amount in GiB with its unit read by its letter, "GB" as "GiB" (a card's memory is read by the nearest size it is
 * sold in, so the binary and decimal readings name the same card).
 */
export function gibOf(a: OomAmount): number {
  const unit = a.unit.toLowerCase();
  const perGib = ({ k: 1 / 1024 ** 2, m: 1 / 1024, g: 1, t: 1024 } as Record<string, number>)[unit[0]!] ?? 1 / 1024 ** 3;
  return Number(a.amount) * perGib;
}

/** The units PyTorch's allocator prints are binary (format_size); a decimal unit is read as written. */
const BYTES: Record<string, number> = { b: 1, byte: 1, bytes: 1, kib: 2 ** 10, mib: 2 ** 20, gib: 2 ** 30, tib: 2 ** 40, kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12 };

export interface OomAmount {
  /** The number and the unit as written ("23.69", "GiB"). */
  amount: string;
  unit: string;
  bytes: number;
  /** Where the number starts in the text read. */
  at: number;
}

export interface TorchOomMessage {
  /** Where the message starts and ends in the text read, and its words. */
  at: number;
  end: number;
  words: string;
  /** 1: "(GPU N; C total capacity; …)"; 2: "GPU N has a total capacity of C …"; null: cut before its total. */
  format: 1 | 2 | null;
  /** torch_npu and Intel's XPU builds print their device's word where CUDA's prints "GPU". */
  device: 'gpu' | 'npu' | 'xpu' | null;
  gpu: number | null;
  request: OomAmount | null;
  /** "Tried to allocate more than 1EB memory". */
  absurd: boolean;
  total: OomAmount | null;
  /** The total's own clause as written: "23.69 GiB total capacity", "total capacity of 79.15 GiB". */
  totalWords: string | null;
  free: OomAmount | null;
  /** Held by tensors: 1.x "already allocated", 2.x "allocated by PyTorch". */
  allocated: OomAmount | null;
  /** Reserved by the caching allocator: 1.x "reserved in total" (allocated included), before 1.5 "cached" and 2.x "reserved … but unallocated" (not). */
  reserved: OomAmount | null;
  reservedIncludesAllocated: boolean;
  /** 2.x "Including non-PyTorch memory, this process has U memory in use". */
  process: OomAmount | null;
  /** 2.x "Process P has M memory in use": the other processes on the card. */
  processes: { pid: number; amount: OomAmount }[];
}

const THIS_PROCESS = new RegExp(String.raw`this\s+process\s+has\s+(?<processN>${NUMBER})[ \t]*(?<processU>${UNIT})\s+memory\s+in\s+use\.`, 'di');
const PROCESS = new RegExp(String.raw`process\s+(\d{1,10})\s+has\s+(${NUMBER})[ \t]*(${UNIT})\s+memory\s+in\s+use\.`, 'gi');

function amountOf(m: RegExpExecArray, name: string): OomAmount | null {
  const value = m.groups?.[`${name}N`];
  const unit = m.groups?.[`${name}U`];
  if (value === undefined || unit === undefined) return null;
  return { amount: value, unit, bytes: Number(value) * BYTES[unit.toLowerCase()]!, at: m.indices!.groups![`${name}N`]![0] };
}

/** 2.x "Including non-PyTorch memory, this process has U memory in use", where the message has it. */
function thisProcess(m: RegExpExecArray): OomAmount | null {
  const p = THIS_PROCESS.exec(m[0]);
  const found = p ? amountOf(p, 'process') : null;
  return found ? { ...found, at: m.index + found.at } : null;
}

/** What one match of TORCH_OOM_MESSAGE says. */
export function torchOomMessage(m: RegExpExecArray): TorchOomMessage {
  const g = m.groups!;
  const format = g.device1 !== undefined ? 1 : g.device2 !== undefined ? 2 : null;
  const device = (g.device1 ?? g.device2)?.toLowerCase() as TorchOomMessage['device'] | undefined;
  const gpu = g.gpu1 ?? g.gpu2;
  const processes =
    format === 2
      ? allMatches(PROCESS, m[0]).map((p) => ({
          pid: Number(p[1]),
          amount: { amount: p[2]!, unit: p[3]!, bytes: Number(p[2]) * BYTES[p[3]!.toLowerCase()]!, at: m.index + p.index + p[0].indexOf(p[2]!, p[0].indexOf('has')) },
        }))
      : [];
  return {
    at: m.index,
    end: m.index + m[0].length,
    words: m[0],
    format,
    device: device ?? null,
    gpu: gpu !== undefined ? Number(gpu) : null,
    request: amountOf(m, 'request') ?? amountOf(m, 'requestCut'),
    absurd: g.absurd !== undefined || g.absurdCut !== undefined,
    total: amountOf(m, 'total1') ?? amountOf(m, 'total2'),
    totalWords: g.totalWords1 ?? g.totalWords2 ?? null,
    free: amountOf(m, 'free1') ?? amountOf(m, 'free2'),
    allocated: amountOf(m, 'allocated1') ?? amountOf(m, 'allocated2'),
    reserved: amountOf(m, 'reserved1') ?? amountOf(m, 'unallocated'),
    reservedIncludesAllocated: g.reservedKind !== undefined && g.reservedKind.toLowerCase() !== 'cached',
    process: format === 2 ? thisProcess(m) : null,
    processes,
  };
}

/** Every PyTorch out-of-memory message in `text`, in order, each read as far as it goes. */
export function torchOomMessages(text: string): TorchOomMessage[] {
  if (!/allocate|capac/i.test(text)) return [];
  return allMatches(TORCH_OOM_MESSAGE, text).map(torchOomMessage);
}
