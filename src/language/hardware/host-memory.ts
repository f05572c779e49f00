import type { MappedText } from '../mapped-text.js';

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

/** Host memory written as sticks or as what a node has, as the item language's host RAM. */
export function readHostMemory(input: MappedText): MappedText {
  if (!/ram|memory|ddr|内存/.test(input.text)) return input;
  // Written "64gi", a spelling the lexer's capacity reads and the hardware grammar's memory does not:
  // "RAM 16GB x4, GPU RTX 3090" must not join the RAM to the card that follows it.
  const sticks = input.replace(HOST_MEMORY_STICKS.pattern, (m) => ` hostram ${hostMemoryGiB(m)}gi `, HOST_MEMORY_STICKS.id);
  return sticks.replace(HOST_MEMORY_PER_NODE.pattern, (m) => ` hostram ${m.groups!.size}gi `, HOST_MEMORY_PER_NODE.id);
}
