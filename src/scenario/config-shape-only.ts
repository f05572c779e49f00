import { CONFIG_SHAPES } from '../language/config-keys/config-shape.js';
import type { FactTrace } from './facts.js';

/**
 * A framework the message shows by its config's keys alone (language/config-keys/config-shape.ts:
 * LLaMA-Factory's `finetuning_type` beside `cutoff_len` or `template`, axolotl's `sequence_len` or
 * `sample_packing`), with no name, command or script of it anywhere: the keys are the likelier program,
 * and its preset is read, but another program can read the same file (a fork, a wrapper, a config kept
 * from an earlier run), so the first screen says it with the key it rests on and "say hf" (the brief
 * of rframe8: a wrapper named only by its config keys is the framework, weak when only keys show it;
 * hiyouga/LlamaFactory#6144, corpus c2250, read without a framework). Where the message also names or
 * runs the program, that fact stands over this one (facts.ts saidWeak).
 */
export function withConfigShapeOnly(facts: FactTrace[], text: string): FactTrace[] {
  const read = facts.filter((f) => f.fact === 'framework' && f.at !== null);
  // Any other evidence of the framework (its name, its command, its own setting such as `use_unsloth`) decides.
  if (!text || read.length === 0 || read.some((f) => f.evidence !== 'setting' || f.weak)) return facts;
  return facts.map((f) => {
    if (!read.includes(f)) return f;
    const row = CONFIG_SHAPES.find((r) => r.framework === f.value);
    // A flag's key as the tables name it (`--num-shard` → num_shard).
    const key = /^\s*["']?-*([\w.-]+)/.exec(f.words)?.[1]?.toLowerCase().replace(/-/g, '_');
    if (!row || key === undefined || ![...row.own, ...row.with].includes(key)) return f;
    // The program named inside a value (`_component_: torchtune.models.llama3.lora_llama3_8b`) is more than keys.
    if (new RegExp(`\\b${row.framework.replace('-', '[-_ ]?')}\\b`, 'i').test(text)) return f;
    const own = row.own.map((k) => new RegExp(`(?<![\\w.-])${k}(?![\\w-])`, 'i').exec(text)).find((m) => m !== null);
    return { ...f, weak: true, weakWords: own?.[0] ?? f.words.trim(), evidence: 'keys' };
  });
}
