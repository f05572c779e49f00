import type { MentionKind } from './fact-cues.js';

/**
 * The evidence a framework fact stands on (issue 22): the framework changes most of an estimate
 * (a preset's precision, sharding, checkpointing, loss kernel; llama.cpp's GGUF), and it was the
 * field most often wrong in silence over b18–b20, taken from a template's checklist, a link, a log's
 * worker names. Each framework fact carries its class; the reply says on the first screen any
 * class weaker than the user naming or running the tool.
 *
 * Strong — the user runs the tool:
 *  - `named`: its name as the tool used ("with DeepSpeed", "I am using litgpt", "koboldcpp.exe");
 *  - `command`: its CLI or its own script run (`litgpt pretrain`, `src/train_bash.py`, `llamafactory-cli`);
 *  - `code`: its API in the user's code (`from unsloth import FastLanguageModel`);
 *  - `setting`: a key or flag only it has (`--use_unsloth`, `algorithm.adv_estimator=grpo`, `num_ctx`);
 *  - `artefact`: its own recipe or config's name (`lora_finetune_distributed`), prose/rules/artefacts.ts;
 *  - `log`: lines its own program prints (llama.cpp's `llama_new_context_with_model`).
 * Weak — said with its words:
 *  - `suggested`: a rule that only suggests the tool (a script path another project lays out the
 *    same way: `finetune/lora.py`; `tune download`; a log's Ray worker names);
 *  - `name-part`, `link`, `asked`, `contrast`: mentioned, not run (fact-cues.ts frameworkMention): inside a
 *    longer name (an `unsloth/…` Hub id, an Ollama-style tag in prose, a path), a link's label, a question,
 *    the tool where a reported failure did not happen ("This didn't happen with exllamav2"), or the
 *    rows of framework-mentions.ts: the tool that worked set before "but this repo …", what a tool
 *    "would need", a feature asked for ("add exllamav2"), the name before its own address;
 *  - `error`: inside an error message the program printed ("ValueError: … in your accelerate config");
 *  - `library`: the Hugging Face library's version, installation, hub or checkpoint format named in a training
 *    message ("transformers 4.45", "HF checkpoints"; library-mentions.ts), which every training stack has;
 *  - `keys`: a config only that program writes, with no name, command or script of it (config-shape-only.ts).
 *  - `default`: no words at all: said among the defaults ("Hugging Face conventions (default)", or
 *    the format that implies it: "GGUF Q4_K_M is its format"), never as a fact of the message.
 */
export type FrameworkEvidence = 'named' | 'command' | 'code' | 'setting' | 'artefact' | 'log' | 'suggested' | 'keys' | 'library' | MentionKind | 'default';

const WEAK: ReadonlySet<FrameworkEvidence> = new Set(['suggested', 'name-part', 'link', 'asked', 'contrast', 'error', 'keys', 'library']);

/** Whether a class is weaker than the user naming or running the tool (and has words to say). */
export const isWeakFrameworkEvidence = (e: FrameworkEvidence): boolean => WEAK.has(e);

/**
 * The class of a framework fact, from its rule chain (the item's trace), whether a rule of the chain
 * read it on weak evidence, and how the text only mentions it, if it does.
 */
export function frameworkEvidence(rules: readonly string[], ruleWeak: boolean, mention: MentionKind | null): FrameworkEvidence {
  if (rules[0] === 'default' || rules[0] === 'follow-up') return 'default';
  if (ruleWeak) return 'suggested';
  const by = (prefix: string) => rules.some((r) => r.startsWith(prefix));
  // The longer name a code rule read is the tool's own API ("using the DPOTrainer", huggingface/trl,
  // c560; "GRPOTrainer"): the tool is run, not a name-part mention of it. A script's path stays a
  // mention (a traceback's frame, "/root/OpenRLHF/openrlhf/cli/train_dpo.py", b15).
  if (mention && !(mention === 'name-part' && by('code.'))) return mention;
  if (by('command.')) return 'command';
  if (by('code.')) return 'code';
  if (by('config.')) return 'setting';
  if (by('log.')) return 'log';
  if (by('prose.artefact-')) return 'artefact';
  return 'named';
}
