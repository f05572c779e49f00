import type { MappedText } from '../mapped-text.js';
import { CPU_NAME, CPU_WORD } from '../prose/rules/hardware.js';

/**
 * Host memory written as sticks or beside its own word (issue 22, b12 item 3): "RAM : 32GB * 2"
 * in a spec list above "GPU: NVIDIA RTX A5000 24GB" (ollama/ollama, corpus c519) is the machine's
 * 64 GB of RAM, not two cards of 32 GB that contradict the A5000. Read before the hardware grammar,
 * which would otherwise take "32GB * 2" for cards; written as the item language's host RAM.
 * "RAM", "DRAM", "DDR4", "system/host/CPU memory" and 内存 name host memory; "VRAM", "GPU memory"
 * and 显存 never do.
 */
export const HOST_MEMORY_STICKS = {
  id: 'hw.host-memory-sticks',
  pattern:
    /(?<![a-z])(?:(?:cpu|system|host|main)\s+(?:ram|memory)|d?ram|ddr\d?(?:\s+ram)?|内存)(?:\s*(?:sticks?|条))?[ \t]*(?:is|:|=|：)?[ \t]*(?:(?<count>\d)[ \t]*[x×*][ \t]*(?<size>\d{1,3})[ \t]*(?:gb|g|gib)|(?<size2>\d{1,3})[ \t]*(?:gb|g|gib)[ \t]*(?:[x×*][ \t]*(?<count2>\d)|\((?:[ \t]*[x×*])?[ \t]*(?<count3>\d)[ \t]*\)))(?![\w.])/g,
  example: 'CPU : Intel i9-10920X 3.5GHZ\nRAM : 32GB * 2\nGPU: NVIDIA RTX A5000 24GB',
  source: 'ollama/ollama (corpus c519)',
} as const;

/** The host memory in all that a sticks phrase says (32GB × 2 → 64). */
export function hostMemoryGiB(m: RegExpExecArray): number {
  const g = m.groups!;
  return Number(g.count ?? g.count2 ?? g.count3) * Number(g.size ?? g.size2);
}

/**
 * Memory a node or machine has (b15, OpenRLHF/OpenRLHF#776, c591: "1600GB memory each node" under a
 * Ray out-of-memory on two A800 nodes) is the host's: no card holds 1,600 GB, and a follow-up that
 * says it had replaced the A800 80GB with a 1,600 GB card. "GPU memory" / "VRAM" before the node is
 * never host memory (the pattern wants "memory" or "RAM" right after the size).
 */
export const HOST_MEMORY_PER_NODE = {
  id: 'hw.host-memory-per-node',
  pattern: /(?<![\w.])(?<size>\d{1,5})[ \t]*(?:gb|g|gib)[ \t]+(?:of[ \t]+)?(?:memory|ram)[ \t]+(?:on[ \t]+|in[ \t]+|for[ \t]+)?(?:each|per|every|the)[ \t]+(?:node|machine|server|host)s?(?![\w])/g,
  example: 'Specifically, this error occurred at the 32nd step when the gradient_accumulation_steps was set to 32. 1600GB memory each node.',
  source: 'OpenRLHF/OpenRLHF#776 (corpus c591)',
} as const;

/** An operating system as people name their machine's: "windows 11", "win10", "ubuntu 22.04", "linux", "wsl2". */
const SYSTEM = String.raw`(?:(?:windows|win)[ \t]?(?:1[01]|7|8(?:\.1)?)|windows|ubuntu(?:[ \t]\d{2}\.\d{2}(?:\.\d{1,2})?)?|debian(?:[ \t]\d{1,2})?|fedora(?:[ \t]\d{2})?|linux|wsl2?)(?![a-z0-9])`;
/** A memory that names no card after it ("24GB VRAM", "24gb 3090", "8GB of GPU", "16gb ram" are read by their own rules). */
const MEMORY_ALONE = String.raw`(?<size>\d{1,4})[ \t]?(?:gb|g|gib)(?![a-z0-9.])(?![ \t]*(?:of[ \t]+)?(?:v?ram|gpu|graphics|video|显存|cards?|nvidia|geforce|rtx|gtx|radeon|quadro|tesla|[a-z]\d{2}|\d{3}))`;

/**
 * A memory said with the machine's operating system is the machine's RAM: "my computer is crashing
 * 16gb windows 11 falcon 7b 8bit" (h2oai/h2ogpt#498, corpus c2789: read as a 16 GB card), "Windows 11 with
 * 32GB and an RTX 4060", "Ubuntu 22.04, 64GB". The system names the computer, and a card's memory is said
 * with the card, not with it; read as host RAM on that cue, weak (the reply says it with its words): a
 * machine of one card might still mean the card. Not a memory right after a card ("RTX 3090 24GB, Windows
 * 11") nor one a GPU word follows ("Windows 11, 24GB VRAM").
 */
export const HOST_MEMORY_BESIDE_SYSTEM = {
  id: 'hw.host-memory-beside-system',
  pattern: new RegExp(
    String.raw`(?<![a-z0-9.])(?:${SYSTEM}[ \t]*(?:[,(:+]|with|w/|and)?[ \t]*${MEMORY_ALONE.replace('size', 'size2')}|(?<!(?:gpu|card|vram|显存|\d{4}|[a-z]\d{2,4}[a-z]?)(?:[ \t]?ti|[ \t]?super)?[ \t,(:]{0,3})${MEMORY_ALONE}[ \t]*(?:[,)]|on|with|running)?[ \t]*${SYSTEM})`,
    'g',
  ),
  example: 'i remember that once apon a time you could limit ram usage (my computer is crashing 16gb windows 11 falcon 7b 8bit.)',
  source: 'h2oai/h2ogpt#498 (corpus c2789)',
} as const;

/** What a host memory beside the system writes: the memory as host RAM, the system's words kept for the readers after. */
function besideSystem(m: RegExpExecArray): string {
  const size = Number(m.groups!.size ?? m.groups!.size2);
  if (!(size >= 4)) return m[0];
  return ` hostram ${size}gi `.padEnd(m[0].length);
}

/**
 * A "Hardware" block lists one machine (s45, rhw3, mechanism 4): "### Hardware / RTX 4060 (8 GB) / Ryzen 5 5600 / 32 GB
 * VRAM" is one card and its host, the last line a mislabelled RAM (it had been read as four 8 GB cards, 32 GB in all).
 * A memory that is the next item after a CPU's name — the next line, or after a slash, a bar, a comma or a semicolon —
 * with at most a label of host memory before it ("Memory: 128 GB", "RAM 64GB") and a memory word after it ("DDR4", "RAM",
 * "VRAM"), is the host's, weak (said with its words); never one a card's name or GPU word starts the item with ("GPU: …").
 */
export const HOST_MEMORY_BESIDE_CPU = {
  id: 'hw.host-memory-beside-cpu',
  pattern: new RegExp(
    String.raw`(?:${CPU_NAME.source})[^\n/|,;]{0,24}?(?:[ \t]*\n[ \t]*(?:[-*•][ \t]*)?|[ \t]*[/|,;][ \t]*)(?:(?:system|host|cpu|main)[ \t]+)?(?:(?:ram|memory|mem|内存|메모리)[ \t]*[:：=]?[ \t]*)?(?<size>\d{1,4})[ \t]?(?:gb|g|gib)(?![a-z0-9.])(?:[ \t]*(?:ddr\d[a-z0-9-]*|ram|memory|vram|内存|of[ \t]+ram))?[ \t]*(?=\n|$|[/|,;]|\.(?!\d))`,
    'g',
  ),
  example: '### Hardware\nRTX 4060 (8 GB)\nRyzen 5 5600\n32 GB VRAM',
  source: 'invented (s45 rhw3, mechanism 4, from a fresh batch the lead saw)',
} as const;

/** What a memory beside the CPU writes: the CPU's words kept for prose.cpu, the memory as host RAM. */
function besideCpu(m: RegExpExecArray): string {
  const size = Number(m.groups!.size);
  if (!(size >= 4)) return m[0];
  const at = m[0].lastIndexOf(m.groups!.size!);
  const keep = m[0].slice(0, m[0].slice(0, at).search(/[\n/|,;][^\n/|,;]*$/) + 1);
  return keep + ` hostram ${size}gi `.padEnd(m[0].length - keep.length);
}

/** Host memory written as sticks, as what a node has, or beside the machine's system, as the item language's host RAM. */
export function readHostMemory(input: MappedText): MappedText {
  if (CPU_WORD.test(input.text)) {
    input = input.replace(HOST_MEMORY_BESIDE_CPU.pattern, besideCpu, { id: HOST_MEMORY_BESIDE_CPU.id, weak: true });
  }
  if (/windows|win[ \t]?\d|ubuntu|debian|fedora|linux|wsl/.test(input.text)) {
    input = input.replace(HOST_MEMORY_BESIDE_SYSTEM.pattern, besideSystem, { id: HOST_MEMORY_BESIDE_SYSTEM.id, weak: true });
  }
  if (!/ram|memory|ddr|内存/.test(input.text)) return input;
  // Written "64gi", a spelling the lexer's capacity reads and the hardware grammar's memory does not:
  // "RAM 16GB x4, GPU RTX 3090" must not join the RAM to the card that follows it.
  const sticks = input.replace(HOST_MEMORY_STICKS.pattern, (m) => ` hostram ${hostMemoryGiB(m)}gi `, HOST_MEMORY_STICKS.id);
  return sticks.replace(HOST_MEMORY_PER_NODE.pattern, (m) => ` hostram ${m.groups!.size}gi `, HOST_MEMORY_PER_NODE.id);
}
