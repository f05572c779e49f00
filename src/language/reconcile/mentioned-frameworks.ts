import { frameworkMention, type MentionKind } from '../../scenario/fact-cues.js';
import type { Item } from '../items.js';
import { TRAINING_ALGORITHMS as ALGORITHMS } from './training-algorithms.js';

/**
 * A framework only mentioned (scenario/fact-cues.ts frameworkMention: asked about, a link's label) is
 * said as weak but still read where nothing else says which program runs (issue 22, item 5); one only
 * set against the run (a `contrast`: compared with, the tool that worked, what it would need) is set
 * aside even then, said with its switch (s44: the run's framework in none of the 5 released lines where it
 * was the only one named). Where the message does say which program runs, any such mention is not the run's:
 *
 * - another framework the message runs (named with words of use, its command, a key only it has):
 *   "Could you please let me know if you used accelerate or deepspeed?" beside `llamafactory-cli train`;
 * - FSDP stated as the sharding, against DeepSpeed asked about: "Could you please let me know if you
 *   used accelerate or deepspeed along with FSDP?" (simplescaling/s1#13, c344): FSDP shards the run,
 *   and DeepSpeed, the other program that would, is the question.
 *
 * The mention is set aside with a note naming both; a mention inside a longer name (an `unsloth/…` Hub
 * id, a path) or an error message is left to the weak reading, since such a name is often the only
 * sign of the program that runs.
 */
export const MENTIONED_FRAMEWORK_RULE = {
  id: 'reconcile.mentioned-framework',
  example: 'Could you please let me know if you used accelerate or deepspeed along with FSDP?',
  source: 'simplescaling/s1#13',
} as const;

type FrameworkItem = Extract<Item, { kind: 'framework' }>;
const isFramework = (i: Item): i is FrameworkItem => i.kind === 'framework';

/** Mentions that say the program is not the run's: a question about it, the tool set against the run, a link to its page. */
const NOT_RUN: ReadonlySet<MentionKind> = new Set(['asked', 'contrast', 'link']);

/** Framework words that name no program of their own beside another: the Hugging Face stack, DeepSpeed as ZeRO's provider. */
const GENERIC: ReadonlySet<string> = new Set(['hf', 'deepspeed']);

/** FSDP in any of its strategies: the sharding DeepSpeed's ZeRO would otherwise provide. */
const FSDP = new Set(['fsdp', 'hsdp', 'fsdp-grad-op']);

/**
 * Programs the message runs by their own command that leave no framework item (the reader estimates
 * them with the Hugging Face stack they drive): ms-swift's CLI. "同配置，本项目微调显存溢出，LLama factory
 * 不溢出" above `swift sft …` (modelscope/ms-swift#7162, c1984) runs ms-swift; LLaMA-Factory is the
 * tool it is set against.
 */
/** What says which program runs, or which sharding: an item, or a command's words. */
type Said = { kind: string; value: string; text: string };

const RUN_BY_COMMAND: readonly { program: string; command: RegExp }[] = [{ program: 'ms-swift', command: /\bswift\s+(?:sft|pt|rlhf|infer|deploy|export|eval|sample)\b/i }];

export function mentionedFrameworks(items: Item[], text: string, notes: string[]): Item[] {
  // Algorithms fill the framework slot too (grpo, ppo, dpo, orpo), but they are the run's method, not a
  // program: "Is it possible to initiate 70b GRPO training with zero2?" over `openrlhf.cli.train_ppo_ray`
  // (OpenRLHF/OpenRLHF#851, c855) asks about the user's own GRPO run, which OpenRLHF's PPO script runs.
  const frameworks = items.filter(isFramework).filter((f) => !ALGORITHMS.has(f.value));
  if (!text || frameworks.length === 0) return items;
  const mentioned = new Map<FrameworkItem, string>();
  const yardsticks = new Set<FrameworkItem>();
  for (const f of frameworks) {
    const m = frameworkMention(text, f.at, f.end);
    if (m && NOT_RUN.has(m.kind)) mentioned.set(f, m.words);
    if (m?.kind === 'contrast') yardsticks.add(f);
  }
  if (mentioned.size === 0) return items;
  // The program run is one named for itself: not the generic "trainer" / "transformers" (hf: "the trainer in this
  // project", beside "axolotl works, whereas …"), nor DeepSpeed, which beside a ZeRO stage only provides it (settings.ts frameworks()).
  // Nor the tool set against the run, said again elsewhere ("Llama factory参数：" over its YAML, after "在 llama factory可以训练，但是swift爆显存", c330).
  const against = new Set([...mentioned.keys()].map((f) => f.value));
  const named = frameworks.find((f) => !against.has(f.value) && !GENERIC.has(f.value) && !frameworkMention(text, f.at, f.end));
  const command = named ? undefined : runByCommand(text);
  const run: Said | undefined = named ?? command;
  // FSDP asked about in the same breath ("did you use deepspeed or fsdp?") is no more the run's than DeepSpeed.
  const fsdp = items.find((i) => i.kind === 'sharding' && FSDP.has(i.value) && !frameworkMention(text, i.at, i.end));
  const aside: FrameworkItem[] = [];
  for (const [f, words] of mentioned) {
    const over = run && run.value !== f.value ? run : f.value === 'deepspeed' && fsdp ? fsdp : null;
    // A tool the run is set against — compared with ("in line with torchtune's", "as fast as ExLlamaV2"), the one
    // that worked ("LLaMA-Factory works, but this repo OOMs"), what it "would need", one the command shown lacks —
    // is a broken cue (docs/reading.md, the framework and engine slots): where no other sighting says the run uses
    // it, it is set aside even with nothing else named, and the default is said as one. Counted on the released
    // lines (2026-12-07): the run's framework in 0 of the 5 lines where it was the only one named (c888 c927 c1224
    // c1323 c2036). Never silent: the note names the tool and the switch.
    if (!over && yardsticks.has(f) && !frameworks.some((g) => g.value === f.value && !yardsticks.has(g))) {
      aside.push(f);
      notes.push(`"${f.text.trim()}" is only set against your run ("${words.length > 80 ? `${words.slice(0, 77)}…` : words}"), not the program it uses; say ${f.value} if it does run yours`);
      continue;
    }
    if (!over) continue;
    // The same tool's other sayings go with it: it is one tool, set against the run.
    aside.push(...frameworks.filter((g) => g.value === f.value && !aside.includes(g)));
    const what = over.kind === 'framework' ? 'runs' : 'shards the run';
    notes.push(`"${f.text.trim()}" is only mentioned ("${words.length > 80 ? `${words.slice(0, 77)}…` : words}"), not the program your run uses: "${over.text.trim()}" ${what}; say ${f.value} if it does run yours`);
  }
  return aside.length ? items.filter((i) => !aside.includes(i as FrameworkItem)) : items;
}

/** The program a command in the message runs, where no framework item says it (RUN_BY_COMMAND): as an item's value and words. */
function runByCommand(text: string): Said | undefined {
  for (const r of RUN_BY_COMMAND) {
    const m = r.command.exec(text);
    if (m) return { kind: 'framework', value: r.program, text: m[0] };
  }
  return undefined;
}
