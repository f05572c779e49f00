import { scanHardware } from '../hardware/engine.js';

/**
 * One key given two values in parallel conditions is two options the user weighs, not a key set
 * twice (b13, vllm-project/vllm#823, c547: "If I use tensor_parallel_size = 2, then … If I use
 * tensor_parallel_size = 1, then …"). A config parser keeps the last value; a person asking
 * "what if A, what if B" means neither more than the other. So the user's own stated setup decides
 * where it can — a parallel size equal to the GPUs the message says it has ("a system with 2 A100
 * GPUs") — and otherwise the first option is read; either way the reply names the other.
 */
export const OPTION_VALUES_RULE = {
  id: 'config.option-values',
  /** What opens a condition in the sentence before the pair: "if I use", "when we set", 如果, 若. */
  condition: /(?:\b(?:if|when|whether)\b[^.;\n]{0,40}|如果|若是?|假如)[^.;\n。；]*$/i,
  example: 'If I use tensor_parallel_size = 2, then the model takes up to 38GB on each GPU. If I use tensor_parallel_size = 1, then …',
  source: 'vllm-project/vllm#823',
} as const;

/**
 * A numbered list's items, each setting the key again, are options too: "with hybrid_parallel plugin, I tried
 * configs as follows:\n1. tp=8, pp=1, zero=2 …\n2. tp=4, pp=2, zero=1 …" (hpcaitech/ColossalAI#5139, c915)
 * lists the configs tried, not one config set twice. The item's number opens its line (`1.`, `2)`, `(3)`, `4、`).
 */
const LIST_ITEM = /^\s*(?:\(\s*(\d{1,2})\s*\)|(\d{1,2})\s*[.)、．])\s*/;

/** Keys whose value is a number of GPUs the model is spread over: the stated count can decide between them. */
const SPREAD_KEY = /parallel|^tp$|^pp$|num_gpus|n_gpus|world_size|nproc/;

export interface KeyOccurrence {
  key: string;
  at: number;
  value: string;
}

/**
 * For each key set more than once, each time inside a condition, the place of the option read.
 * Notes say what was chosen and the other options.
 */
export function chooseOptionValues(
  src: string,
  pairs: readonly KeyOccurrence[],
  notes: string[],
  shown: (key: string) => string,
  /** The user's own words from `from` to `to` (a list item's number is blanked in `src` by then). */
  users: (from: number, to: number) => string = (from, to) => src.slice(from, to),
): Map<string, number> {
  const chosen = new Map<string, number>();
  const byKey = new Map<string, KeyOccurrence[]>();
  for (const p of pairs) byKey.set(p.key, [...(byKey.get(p.key) ?? []), p]);
  let statedGpus: number | null | undefined;
  for (const [key, all] of byKey) {
    const distinct = new Set(all.map((p) => p.value.replace(/["']/g, '')));
    if (all.length < 2 || distinct.size < 2) continue;
    const lineBefore = (p: KeyOccurrence) => src.slice(Math.max(0, src.lastIndexOf('\n', p.at - 1) + 1), p.at);
    const inConditions = all.every((p) => OPTION_VALUES_RULE.condition.test(lineBefore(p)));
    const items = all.map((p) => LIST_ITEM.exec(users(src.lastIndexOf('\n', p.at - 1) + 1, p.at))).map((m) => (m ? (m[1] ?? m[2])! : null));
    const inListItems = items.every((n) => n !== null) && new Set(items).size === items.length;
    if (!inConditions && !inListItems) continue;
    if (statedGpus === undefined) statedGpus = scanHardware(src).readings.find((r) => r.count !== null)?.count ?? null;
    // A list item's keys go together (one config tried), so the first item is read whole: one key's match to the
    // GPU count would mix two configs.
    const bySetup = !inConditions ? undefined : SPREAD_KEY.test(key) && statedGpus !== null ? all.find((p) => Number(p.value) === statedGpus) : undefined;
    const pick = bySetup ?? all[0]!;
    chosen.set(key, pick.at);
    const others = [...distinct].filter((v) => v !== pick.value.replace(/["']/g, ''));
    const why = bySetup ? `the ${statedGpus} GPUs you say you have` : 'the first option';
    notes.push(`"${shown(key)}" is given as options (${[...distinct].join(' or ')}): read as ${pick.value} (${why}); say "${shown(key)} ${others[0]}" for the other`);
  }
  return chosen;
}
