import { allMatches } from '../all-matches.js';
import { readCodeDump } from '../code-dump.js';
import { conditionalValues } from './conditional-values.js';
import { readCommands } from '../commands.js';
import { readEnvironmentReport } from '../environment-report.js';
import { readVersionLines } from '../version-lines.js';
import type { MappedText, Piece, RuleRef } from '../mapped-text.js';
import { MEGATRON_ANCHORS, MEGATRON_NAMED, megatronRun, readEntryPoints } from '../megatron.js';
import { dropScriptComments, evaluateShellArithmetic, nodeCountOf } from '../shell-script.js';
import { readSlurm } from '../slurm.js';
import { readPodResources } from '../pod-resources.js';
import { evaluateValueArithmetic } from '../value-arithmetic.js';
import { readToolOutput } from '../tool-output.js';
import { cardDtypeFlags } from '../prose/card-dtype.js';
import { applyRules } from '../prose/engine.js';
import { ENGINE_PRINTOUT_RULES } from '../prose/rules/engine-printouts.js';
import { readVerl } from '../verl.js';
import { component } from './optimizer.js';
import { DATA_BLOCKS, NO_MEMORY_EFFECT } from './ignored.js';
import { chooseOptionValues, type KeyOccurrence } from './option-values.js';
import { builtValue, builtValues, engineBuildSpans } from './engine-build.js';
import { scriptOf } from './script-constants.js';
import { configShape } from './config-shape.js';
import { abbreviatedOption, abbreviationNote } from './flag-abbreviations.js';
import { MODEL_KEYS, isModelSizeFlag, model, outputFolder } from './models.js';
import { BARE_KEY_VALUE as BARE, IN_BLOCK_KEYS, PAIR, SHORT_FLAGS } from './patterns.js';
import { prepareConfig } from './prepare.js';
import { ENGINES, enginesNamed } from './engines/index.js';
import type { Engine } from './engines/types.js';
import { handlerOf, keyKnown, keyName, trainerSettings, type Namespaces } from './table.js';
import { namedFrameworks } from './frameworks/index.js';
import { sayDeepSpeedFromKeys } from './deepspeed-only-keys.js';
import { isFalse, isTrue, unquote, type KeyContext, type KeyReading } from './values.js';
import { engineVariableOr } from './engine-variables.js';

/** What follows a name in an Ollama tag: a colon, then a size (":20b", ":7b-instruct-q4_K_M"). */
const OLLAMA_TAG_VALUE = /^:\d+(?:\.\d+)?[bm](?![a-z0-9])/;
/**
 * The reading engine: finds the config pairs of a text, reads each by its key's table entry, and
 * writes it again as request words (or blanks it). Each rewrite is a step named after its key
 * (`config.key.tensor_parallel_size`), over the user's own words.
 */

export interface ConfigReading {
  text: MappedText;
  /** The text before config keys were read (to tell whether any were). */
  source: string;
  /** Keys read and set aside: they do not change memory. */
  ignoredKeys: string[];
  /** Keys not known at all. */
  unknownKeys: string[];
  notes: string[];
  /** Keys of a framework's option list that change memory in a way not modelled: the facts they would change (program-option.ts). */
  unmodelled: { key: string; weakens: readonly string[] }[];
}

/** `NAME=value` opening its line, NAME in capitals as the user wrote it: a shell variable, not prose. */
function shellLine(text: MappedText, m: RegExpExecArray): boolean {
  if (m[6] !== '=' || !/(?:^|\n)[ \t]*(?:export[ \t]+)?$/.test(text.text.slice(Math.max(0, m.index - 16), m.index))) return false;
  const name = text.userText(m.index, m.index + m[5]!.length);
  return /^[A-Z][A-Z0-9_]*$/.test(name);
}

/**
 * Two settings of one key in one block: no code fence between them. A key set again in another
 * fenced block is another run's call (`LLM(…, tensor_parallel_size=8)` that fails, then
 * `LLM(…, tensor_parallel_size=4)` after "TP4 works fine with it:", vllm-project/vllm#2856, c346):
 * both are read, and whose run each is is the clause owners' to say (reconcile/owners.ts).
 */
const FENCE = /^[ \t]*(?:```|~~~)/m;
const sameBlock = (src: string, a: number, b: number) => !FENCE.test(src.slice(Math.min(a, b), Math.max(a, b)));

/**
 * Two settings of one key on one line with a clause of prose between them ("(…, micro_batch_size=2) goes OOM,
 * reducing to micro_batch_size=1 works", axolotl-ai-cloud/axolotl#814, c398): two runs a sentence compares,
 * not a key set again; both are read and the clause owners say whose each is (reconcile/owners.ts).
 */
const clauseBetween = (src: string, a: number, b: number) => {
  const between = src.slice(a, b);
  return !between.includes('\n') && /[a-z]{2,}[ \t]+[a-z]{2,}[ \t]*[,;.][ \t]+[a-z]{2,}[ \t]/.test(between);
};

/**
 * The last of a key's settings after `at` that `fits`, searched from the end: each test slices the text between the
 * two, so testing every later setting of a key said hundreds of times ("batch_size=8 r8 …" pasted over and over) was
 * cubic in the message; the last that fits is most often the last of all (issue 26, bounded reader cost).
 */
function lastLater<T extends { at: number }>(list: readonly T[], at: number, fits: (s: T) => boolean): T | undefined {
  for (let i = list.length - 1; i >= 0 && list[i]!.at > at; i--) if (fits(list[i]!)) return list[i];
  return undefined;
}

/** The modules a pasted Python snippet imports (`from vllm import LLM`, `import tensorrt_llm`), one a line. */
const importedModules = (text: string): string =>
  [...text.matchAll(/^[ \t]*(?:from[ \t]+([\w.]+)[ \t]+import\b|import[ \t]+([\w.]+))/gm)].map((m) => m[1] ?? m[2]).join('\n');

/** A config value that takes the trainer's own setting (DeepSpeed's "auto" under the HF Trainer / accelerate). */
const DEFERS_TO_TRAINER = /^auto$/i;

/** A line that is no setting: not a flag, a key, a comment, a continuation, a fence or blank, but words. */
const PROSE_LINE = /^(?![ \t]*(?:--?[a-z]|[a-z_][\w.\-]*["']?[ \t]*[:=]|#|\\|```|~~~|[\]\[{}(),]))[^\n]*\p{L}/mu;

/** The rule a key's rewrite is named by; weak when its reading rests on a weak cue (KeyReading.weak). */
const keyRule = (key: string, reading?: KeyReading): RuleRef => (reading && 'say' in reading && reading.weak ? { id: `config.key.${key}`, weak: true } : `config.key.${key}`);

/** The value of `"--<key> <value>"` held by the variable named as that key; any other value as it is. */
function flagHeld<T extends string | undefined>(key: string, value: T): T {
  const held = value === undefined ? null : /^["']--?([a-z][\w-]*)[ \t=]+([^\s"']+)["']$/.exec(value);
  return held && keyName(held[1]!) === key ? (held[2] as T) : value;
}

/**
 * The number a variable holds, where a key's value is the name of one the message sets to a number:
 * `number_of_gpu = 2` above `'SM_NUM_GPUS': json.dumps(number_of_gpu)` (SageMaker's deploy snippet, its call's name
 * blanked by the code reader; huggingface/text-generation-inference#792, corpus c2610), `gpus=4` above
 * `tensor_parallel_size=gpus`. Python and the shell read it so. Any other value as it is; a key named after
 * itself (`max_seq_length = max_seq_length`) is left to the rule for it.
 */
function variableHeld<T extends string | undefined>(key: string, value: T, values: ReadonlyMap<string, string>): T {
  const name = value === undefined ? null : /^\([ \t]*([a-z_]\w*)[ \t]*\)$|^([a-z_]\w*)$/.exec(value);
  const variable = name && (name[1] ?? name[2])!;
  if (!variable || keyName(variable) === key) return value;
  const held = values.get(variable) ?? values.get(keyName(variable));
  return held !== undefined && /^(["']?)\d+(?:\.\d+)?\1$/.test(held) ? (unquote(held) as T) : value;
}

/** Reads the config pairs of a text and rewrites each as request words (or blanks it). */
export function readConfig(raw: MappedText): ConfigReading {
  const ignoredKeys: string[] = [];
  const unknownKeys: string[] = [];
  const unmodelled: ConfigReading['unmodelled'] = [];
  /** What each unmodelled change is, with the user's words of the options that make it: one note each. */
  const saidUnmodelled = new Map<string, string[]>();
  // The node count is read before the code reader blanks `$VARIABLES`.
  const scriptNodes = nodeCountOf(raw.text, raw.original);
  // `$((5 * 1024))` is written as its value before the code reader blanks what starts with `$`; a key's
  // value written as a sum (`max_model_len=4096*2`) as its number (value-arithmetic.ts).
  // An engine's printout outside the logs (a quoted error's logger tag, a dump's class, a source path) is written as the
  // engine's word first, before the code reader blanks a call's name and the prose a path (prose/rules/engine-printouts.ts),
  // so that the keys around it are read in that engine's namespace.
  const printed = applyRules(raw, ENGINE_PRINTOUT_RULES, []);
  // A value chosen by a condition (`if enableCuda then "131072" else "32768"`) is written as one branch, weak (conditional-values.ts).
  const conditionNotes: string[] = [];
  const code = readCodeDump(cardDtypeFlags(evaluateValueArithmetic(evaluateShellArithmetic(conditionalValues(printed, conditionNotes)))));
  const notes: string[] = [...conditionNotes, ...code.notes];
  // A pod's GPUs and host memory (pod-resources.ts), as Slurm's allocation is read.
  const slurm = readSlurm(readPodResources(code.text));
  // `--nnodes $SLURM_NNODES` under a Slurm allocation: the allocation says how many (slurm.ts).
  const nodes = slurm.allocation !== null && scriptNodes && 'unknown' in scriptNodes ? null : scriptNodes;
  const tools = readToolOutput(readVersionLines(readEnvironmentReport(dropScriptComments(slurm.text, notes))));
  notes.push(...tools.notes);
  const entry = readEntryPoints(tools.text);
  const input = prepareConfig(readCommands(readVerl(entry.text, notes)), entry.text.text);
  const src = input.text;
  // Keys are read in the namespace of the engines the message names (engines/index.ts).
  // A Python import names its engine too, though the code reader sets the line aside: `from tensorrt_llm import LLM`

/** A load-testing client's command before a flag on its line: `ab`, `hey`, `oha`, `wrk`. */
const LOAD_TOOL_BEFORE = /(?:^|[\s;|&`(])(?:ab|hey|oha|wrk)\s/;
  // before `LLM(…, max_batch_size=8)` is TensorRT-LLM's scheduler cap, not a micro-batch (c2537's cause, rframe12).
  const engines = enginesNamed(`${src}\n${importedModules(raw.text)}`);
  // The frameworks the message names read their own options first (frameworks/index.ts).
  // Named before the code reader rewrites a pasted `GRPOConfig(…)` call into its keys.
  const frameworks = namedFrameworks(`${raw.text}\n${src}`);
  const namespaces: Namespaces = { engines: engines as readonly Engine[], frameworks };
  const present = new Set<string>();
  const values = new Map<string, string>();
  /** Every value each key is set to, in order, and where. */
  const settings = new Map<string, { at: number; value: string }[]>();
  const pairs: KeyOccurrence[] = [];
  for (const m of allMatches(PAIR, src)) {
    // A short flag is present as the key it stands for (`-c 4096` as ctx_size), as readPair names it.
    const key = keyName(m[1] ?? (m[3] ? SHORT_FLAGS[m[3]] : undefined) ?? m[5] ?? m[8] ?? '');
    present.add(key);
    const value = m[2] ?? m[4] ?? m[7] ?? m[9] ?? m[10];
    if (value === undefined || value === '{') continue;
    values.set(key, value);
    settings.set(key, [...(settings.get(key) ?? []), { at: m.index, value }]);
    pairs.push({ key, at: m.index, value });
  }
  // "If I use tp = 2 … If I use tp = 1": options, not a key set twice (option-values.ts).
  const options = chooseOptionValues(src, pairs, notes, (k) => k, (from, to) => input.userText(from, to));
  for (const [key, at] of options) values.set(key, pairs.find((p) => p.key === key && p.at === at)!.value);
  // An engine's build limits, set again by a run of it, are the build's (engine-build.ts).
  const builds = engineBuildSpans(src);
  for (const [key, value] of builtValues(settings, builds)) values.set(key, value);
  /**
   * A key set twice ("changed: "source_max_len": 1024, to: "source_max_len": 512",
   * microsoft/foundry-dev-tools#37; a flag repeated on a command line) has its last value:
   * argparse, json.loads and PyYAML all keep the last. Keys read under a parent block
   * (DeepSpeed's device, enabled, stage) are different settings each time and are all read.
   */
  const replaced = (key: string, at: number, value: string | undefined): string | null => {
    if (IN_BLOCK_KEYS.has(key) || value === undefined) return null;
    const option = options.get(key);
    if (option !== undefined) return option === at ? null : unquote(values.get(key) ?? '');
    // `max_seq_length = max_seq_length,` inside a call passes the variable set above by name (Unsloth's
    // notebooks: "max_seq_length = 32768" then FastLanguageModel.from_pretrained(…, max_seq_length =
    // max_seq_length), unslothai/unsloth#1612, #4685, #2504): it repeats that value, it does not replace it.
    // A later "auto" (DeepSpeed's config, `"gradient_accumulation_steps": "auto"`) takes its value from the
    // trainer's arguments: it defers to the command's `--gradient_accumulation_steps 4`, never replaces it
    // (hiyouga/LlamaFactory#3007, c2590: ga 4 read as ga 1; DeepSpeed docs, "HF Trainer integration").
    const later = lastLater(settings.get(key) ?? [], at, (s) => sameBlock(src, at, s.at) && !clauseBetween(src, at, s.at) && unquote(s.value) !== key && !DEFERS_TO_TRAINER.test(unquote(s.value)));
    return later && unquote(later.value) !== unquote(value) ? unquote(later.value) : null;
  };
  /** A line of prose between two settings of one key: they stand in separate snippets, not one command or file. */
  const givenElsewhere = (key: string, at: number, value: string): boolean =>
    (settings.get(key) ?? []).some((s) => s.at < at && unquote(s.value) !== unquote(value) && PROSE_LINE.test(src.slice(src.indexOf('\n', s.at) + 1, src.lastIndexOf('\n', at) + 1)));
  // "micro batch size 1 / batch_size 32" (arielnlee/Platypus#10): the micro-batch said makes batch_size the global batch.
  if (/\bmicro[ -]batch[ -]?size\b/.test(src)) present.add('micro_batch_size');
  // '"unsloth" is not suitable for deepspeed zero3' (LlamaFactory#3524) names DeepSpeed only to rule it out.
  // A YAML `deepspeed:` left empty, no block under it (axolotl's example configs, axolotl-ai-cloud/axolotl
  // examples/llama-3/lora-fsdp-70b.yaml, c1380), is null: no DeepSpeed config is given.
  const deepspeed = /deepspeed|zero[_-]?stage|ds_z\d|zero[_-]?[123]\b/.test(
    src.replace(/^([ \t]*)deepspeed[ \t]*:[ \t]*(?=\n(?!\1[ \t]+\S)|(?![\s\S]))/gm, ' ').replace(/deepspeed["']?[ \t]*[=:][ \t]*(?:none|null|false|""|'')(?![\w])/g, ' ').replace(/\b(?:is|was|are|were)\s+(?:not|n't)\s+\w+\s+(?:for|with)\s+deepspeed(?:\s+zero[_-]?\d)?/gi, ' '),
  );
  const [megatron, megatronNamed] = [megatronRun(present, src, entry.found), MEGATRON_NAMED.test(src)];
  if (megatron) notes.push(megatron.note);
  namespaces.trainer = megatron !== null || trainerSettings(present); // an option an engine shares is then the trainer's (table.ts)
  /** Said once, with the first Megatron setting read: "megatron pretrain tp 1" (the entry point said "megatron" already). */
  let megatronWords = megatron ? (entry.found ? megatron.words.replace(/^megatron ?/, '') : megatron.words) : '';
  // A script known by its constants (script-constants.ts): what it does, said once with the first of them.
  const script = scriptOf(src);
  if (script) notes.push(script.note);
  let scriptWords = script?.says ?? '';
  const loraNamed = /(?<![a-z])(?:q?lora|peft|adapters?)(?![a-z])/.test(src);
  // LoRA in the words, not inside a key or a path (`--lora_dim`, `output_sft_lora`): "Yi-34B lora微调" (01-ai/Yi#249, c412).
  const loraSaid = /(?<![\w-])q?lora(?![\w-])/.test(src);
  const axolotl = ['sequence_len', 'sample_packing', 'adapter', 'lora_target_linear', 'base_model'].filter((k) => present.has(k)).length >= 2;
  // A config only one program writes (config-shape.ts): its name, said once with the first of its keys read.
  const shape = configShape(present, values, frameworks.map((f) => f.id), engines.map((e) => e.id));
  // An engine known by its settings alone reads them in its namespace, as its name would (TGI's MAX_BATCH_SIZE is its cap on requests, not a micro-batch).
  const shapeEngine = shape && ENGINES.find((e) => e.id === shape.framework);
  if (shapeEngine) namespaces.engines = [shapeEngine];
  // A command already read as the program's run ("finetune/lora.py --precision bf16-true" is `litgpt lora`, commands.ts)
  // says it once; a module path that only names it ("litgpt.prompts.Alpaca", c2283) is no such command.
  const commandSays = shape && new RegExp(`(?<![\\w./-])${shape.says}[ \\t]+(?:lora|adapter(?:_v2)?|full|finetune)(?![\\w-])`).test(src);
  let shapeWords = shape && (shape.evenNamed || !commandSays) ? shape.says : '';
  /**
   * The shape's words, once, at a key of its shape that reads nothing itself (axolotl's `strict: false`,
   * set aside as no memory effect): a config cut after its first lines
   * (axolotl-ai-cloud/axolotl#1641, c1238) has no other key to say them at. '' when said or not its key.
   */
  const shapeAt = (key: string): string => {
    if (!shapeWords || !shape!.keys.includes(key)) return '';
    const words = shapeWords;
    shapeWords = '';
    notes.push(shape!.note);
    return ` ${words} `;
  };
  const parents: { key: string; indent: number; depth: number }[] = [];
  let depth = 0;
  let scanned = 0;
  const trackBraces = (upTo: number) => {
    for (; scanned < upTo; scanned++) {
      if (src[scanned] === '{') depth++;
      else if (src[scanned] === '}') {
        depth--;
        while (parents.length && parents.at(-1)!.depth > depth) parents.pop();
      }
    }
  };
  /** Whether the pair at `at` sits indented under an open block that describes data (parents as they stand, not popped). */
  const insideDataBlock = (text: string, at: number, braces: number): boolean => {
    const indent = at - (text.lastIndexOf('\n', at) + 1);
    const open = parents.filter((p) => (p.depth === braces ? p.indent < indent : p.depth < braces)).at(-1);
    return open !== undefined && DATA_BLOCKS.has(open.key);
  };
  /** One pair written again: its words, or null to leave it; named after its key. */
  const readPair = (m: RegExpExecArray): { result: string | Piece[]; rule: RuleRef } | null => {
    if (m[0].startsWith('```')) return { result: ' '.repeat(m[0].length), rule: 'config.fence' };
    trackBraces(m.index);
    const flagKey = m[1] ?? (m[3] ? SHORT_FLAGS[m[3]] : undefined);
    const rawKey = flagKey ?? m[5] ?? m[8] ?? '';
    const abbreviated = m[1] !== undefined && !keyKnown(keyName(rawKey), namespaces) ? abbreviatedOption(keyName(rawKey), namespaces) : undefined;
    if (abbreviated) notes.push(abbreviationNote(rawKey, abbreviated));
    const key = abbreviated ?? keyName(rawKey);
    let value = m[2] ?? m[4] ?? m[7] ?? m[9] ?? m[10];
    // A shell variable that holds its own flag, `ACTOR_ZERO_STAGE="--actor_zero_stage 0"` used later as
    // `${ACTOR_ZERO_STAGE}` (deepspeedai/DeepSpeedExamples#786, c784): the flag's value is the setting.
    value = flagHeld(key, value);
    // Only a value that is the whole expression: `BATCH_SIZE // MICRO_BATCH_SIZE` (c387, c713) is arithmetic, not the variable.
    const pairEnd = m.index + m[0].length;
    const lineEnd = src.indexOf('\n', pairEnd);
    if (/^[ \t]*(?:[,;})\]#]|$)/.test(src.slice(pairEnd, lineEnd < 0 ? undefined : lineEnd))) value = variableHeld(key, value, values);
    const isFlag = flagKey !== undefined;
    // Apache Bench's, hey's and oha's -c is how many clients send at once, not llama.cpp's context ("ab -n 1000 -c 256",
    // vllm-project/vllm#2988, c2697): left to the prose, which says it as the load (question.client-load).
    if (m[3] === 'c' && LOAD_TOOL_BEFORE.test(src.slice(src.lastIndexOf('\n', m.index) + 1, m.index))) return null;
    const known = keyKnown(key, namespaces);
    // "The model is gpt_oss:20b" (ollama/ollama#11864, c1370; Ollama's own tag is gpt-oss:20b): a name, a colon and a
    // size with no space between is an Ollama tag with an underscore in its name, never a key: left for the tag rule.
    if (!known && !isFlag && OLLAMA_TAG_VALUE.test(m[0].slice(m[0].indexOf(rawKey) + rawKey.length))) return null;
    // A key we do not read under a data set's block (axolotl's "datasets:\n  - path: vicgalle/alpaca-gpt4",
    // hiyouga/LlamaFactory#4263's neighbours) names data, never the model: blanked, whatever its shape.
    if (!known && !isFlag && insideDataBlock(src, m.index, depth)) return { result: ' '.repeat(m[0].length), rule: 'config.data-block' };
    // "note: …", "a100-80gb:8" in prose: a pair only counts for a key of ours or a snake_case key,
    // or a shell variable set on its own line as scripts write them (`NNODES=2`, `PIPE=2`).
    if (!isFlag && !known && !/[a-z]_[a-z]/.test(rawKey) && !(m[6] === '=' && /[a-z]-[a-z]/.test(rawKey)) && !shellLine(input, m)) return null;
    // "bf16 True" in prose counts only for a key of ours. A snake_case key alone on its line with a
    // value is a pair when the key is ours or the value a config's (a number, a boolean, a quoted
    // string): "num_machines 1" is; a title "train_ppo_ray OOM" (c315's thread) names a script.
    if (m[8] !== undefined && !known && (m[10] === undefined || !/^(?:-?\d[\d.e+-]*|true|false|null|none|"[^"]*"|'[^']*')$/.test(m[10]))) return null;
    const lineStart = src.lastIndexOf('\n', m.index) + 1;
    const indent = m.index - lineStart;
    // A key at or left of an open YAML block's key ends that block.
    while (parents.length && parents.at(-1)!.depth === depth && parents.at(-1)!.indent >= indent) parents.pop();
    if (!isFlag && (value === undefined || value === '{')) {
      // `key:` opening a block is the parent of what follows (`zero_optimization` of `stage`).
      parents.push({ key, indent, depth: value === '{' ? depth + 1 : depth });
      // A snake_case block key no table reads ("kv_cache_config:", TensorRT-LLM's, NVIDIA/TensorRT-LLM#8802, c1196)
      // names only its children, which are read or blanked themselves: blanked, or its "kv" read as an arch keyword.
      if (!known) return /[a-z]_[a-z]/.test(rawKey) && !isFlag && value === undefined ? { result: ' '.repeat(m[0].length), rule: 'config.unknown-key' } : null;
      return { result: value === '{' ? `${' '.repeat(m[0].length - 1)}{` : ' '.repeat(m[0].length), rule: keyRule(key) };
    }
    if (isFlag && value === undefined) value = 'true';
    const parent = parents.at(-1)?.key ?? null;
    // A short flag is shown as written (`-np`), not as the key it stands for.
    const shown = m[3] ? `-${m[3]}` : rawKey.replace(/^-+/, '');
    // The user's own letters where the key is theirs as it stands (`OLLAMA_NUM_PARALLEL`, not the lower-cased key).
    const keyAt = m[0].indexOf(rawKey);
    const users = keyAt >= 0 ? input.userText(m.index + keyAt, m.index + keyAt + rawKey.length) : '';
    const asWritten = m[3] ? `-${m[3]}` : `${m[1] !== undefined ? '--' : ''}${users.toLowerCase() === rawKey ? users : rawKey}`;
    const handler = engineVariableOr(handlerOf(key, namespaces), asWritten, value); // VLLM_ATTENTION_BACKEND=…: the engine, weak
    // A key no table knows is blanked, or left for the prose reader when its value looks like a name.
    const unknownRule: RuleRef = NO_MEMORY_EFFECT.has(key) ? keyRule(key) : 'config.unknown-key';
    if (!handler) {
      (NO_MEMORY_EFFECT.has(key) ? ignoredKeys : unknownKeys).push(shown);
      // A value that looks like a name ("llama3/8B_lora_single_device") is left for prose to read,
      // unless a model key names the model already and this key names no model, adapter or path:
      // then it is some other part ("--vision_tower openai/clip-vit-large-patch14-336", LLaVA).
      // A file ("mm_projector.bin") is never a name.
      const v = value ?? '';
      const modelNamed = MODEL_KEYS.some((k) => values.has(k)) && !/model|lora|adapter|ckpt|checkpoint|path/.test(key);
      // …except a config named after its model ("--config configs/llama32_11b_vision_lora.yaml",
      // meta-pytorch/torchtune#1965, c2375): a family, then a size as one of its parts; prose reads its stem, weak.
      const modelConfig = /(?:^|\/)[a-z]{2,}[a-z0-9.]*(?:[-_][a-z0-9.]+)*?[-_]\d+(?:\.\d+)?[bm](?:[-_][a-z0-9.]+)*\.(?:ya?ml|json|toml)$/i.test(unquote(v));
      const file = !modelConfig && /\.(?:bin|json|ya?ml|py|pt|pth|safetensors|txt|jsonl|csv|sh)$/.test(unquote(v));
      if (!NO_MEMORY_EFFECT.has(key) && !modelNamed && !file && ((/[a-z]/.test(v) && /\d/.test(v) && !/^(?:some\()?\d/.test(v)) || isModelSizeFlag(key, unquote(v)))) {
        const at = m[0].lastIndexOf(v);
        return { result: ' '.repeat(at) + m[0].slice(at), rule: unknownRule };
      }
      return { result: shapeAt(key) || ' '.repeat(m[0].length), rule: unknownRule };
    }
    const built = builtValue(key, m.index, value ?? '', settings.get(key) ?? [], builds, (a, b) => unquote(a) === unquote(b));
    if (built !== null) {
      notes.push(`"${input.userText(m.index, m.index + m[0].length).trim()}" is one run's request of the engine: it was built with ${shown} ${unquote(built)}, which is what it allocates for`);
      ignoredKeys.push(shown);
      return { result: ' '.repeat(m[0].length), rule: keyRule(key) };
    }
    const last = replaced(key, m.index, value);
    if (last !== null) {
      if (!options.has(key)) notes.push(`"${shown}" is set more than once: its last value, ${last}, is read (as a config parser keeps it)`);
      ignoredKeys.push(shown);
      return { result: ' '.repeat(m[0].length), rule: keyRule(key) };
    }
    // A flag given a shell variable the script never sets (`--attn_implementation $attn_implementation`,
    // hiyouga/LlamaFactory#5590): code.flag-unknown-value wrote "?" for its value, which no table reads
    // (as an empty value it had read as "false": eager attention). The key is listed as set aside.
    if (value?.trim() === '?') {
      ignoredKeys.push(shown);
      return { result: ' '.repeat(m[0].length), rule: keyRule(key) };
    }
    const ctx: KeyContext = { parent, axolotl, keys: present, deepspeed, values, current: key, spelling: asWritten, pair: input.userText(m.index, m.index + m[0].length).trim(), megatron: megatron !== null, megatronNamed, nodes, loraNamed, loraSaid };
    let reading = handler(value ?? '', ctx);
    if (reading === null) return null;
    // The last of values given in separate snippets of the message (a command's "--gradient_accumulation_steps 2",
    // then "我这边参数是： … --gradient_accumulation_steps 8" and "从8分别调整到4, 2, 1", Shenzhi-Wang/Llama3-Chinese-Chat#6,
    // c940) is read, as a parser would keep it, but the words do not settle which is the run's: said as weak.
    // One command line repeating a flag (argparse keeps the last, c944's --lora-r) is no such doubt.
    if ('say' in reading && !reading.weak && !IN_BLOCK_KEYS.has(key) && !options.has(key) && givenElsewhere(key, m.index, value ?? '')) reading = { ...reading, weak: true };
    // A switch followed by a word that is no value of it ("--load-in-8bit llama-2-13b"): the
    // switch is on, and the word stays for the prose to read.
    if (isFlag && m[2] !== undefined && 'ignore' in reading && !reading.note && /[a-z]/.test(value!) && !isFalse(value!) && !isTrue(value!)) {
      const on = handler('true', ctx);
      if (on && 'say' in on) {
        if (on.note) notes.push(on.note);
        const at = m[0].lastIndexOf(value!);
        return {
          result: [
            { text: ` ${on.say} `.padEnd(at), from: 0, to: at },
            { text: m[0].slice(at), from: at, to: m[0].length },
          ],
          rule: keyRule(key, on),
        };
      }
    }
    if ('ignore' in reading && reading.unmodelled) {
      // Said on the first screen with the user's own words quoted, so the "not used" line, which
      // leaves out what a notice quotes (reply/not-used.ts), does not list it again.
      const written = input.userText(m.index, m.index + m[0].length).replace(/["'`]/g, '').replace(/[\s,;]+$/, '').replace(/\s+/g, ' ').trim();
      saidUnmodelled.set(reading.unmodelled.changes, [...(saidUnmodelled.get(reading.unmodelled.changes) ?? []), written]);
      unmodelled.push({ key, weakens: reading.unmodelled.weakens });
      return { result: ' '.repeat(m[0].length), rule: keyRule(key) };
    }
    if (reading.note) notes.push(reading.note);
    if ('ignore' in reading) {
      ignoredKeys.push(shown);
      const said = shapeAt(key);
      return { result: said || ' '.repeat(m[0].length), rule: keyRule(key) };
    }
    if (handler === model || handler === outputFolder) {
      // The model's name keeps its own place in the user's text ("Llama-2-7b-hf", not the whole pair).
      const at = m[0].lastIndexOf(reading.say.trim());
      if (at >= 0) {
        const name = reading.say.trim();
        return {
          result: [
            { text: ' '.repeat(at), from: 0, to: at },
            { text: name, from: at, to: at + name.length },
            { text: ' '.repeat(m[0].length - at - name.length), from: at + name.length, to: m[0].length },
          ],
          rule: keyRule(key, reading),
        };
      }
    }
    if (handler === component && value) {
      // A model builder's words stand for the builder's name ("qlora_llama3_1_8b"), not the key.
      const at = m[0].lastIndexOf(value);
      return {
        result: [
          { text: ' '.repeat(at), from: 0, to: at },
          { text: ` ${reading.say} `, from: at, to: at + value.length },
          { text: ' '.repeat(m[0].length - at - value.length), from: at + value.length, to: m[0].length },
        ],
        rule: keyRule(key, reading),
      };
    }
    if (scriptWords && script!.keys.includes(key)) {
      const words = scriptWords;
      scriptWords = '';
      return { result: ` ${words} ${reading.say} `, rule: keyRule(key, reading) };
    }
    if (megatronWords && MEGATRON_ANCHORS.has(key)) {
      // A reading that names Megatron already ("megatron tp 4") needs only the rest of the words.
      const words = reading.say.startsWith('megatron') ? megatronWords.replace(/^megatron ?/, '') : megatronWords;
      megatronWords = '';
      return { result: ` ${words} ${reading.say} `.replace(/^ {2}/, ' '), rule: keyRule(key, reading) };
    }
    if (shapeWords && shape!.keys.includes(key)) {
      const words = shapeWords;
      shapeWords = '';
      notes.push(shape!.note);
      return { result: ` ${words} ${reading.say} `, rule: keyRule(key, reading) };
    }
    return { result: ` ${reading.say} `, rule: keyRule(key, reading) };
  };
  const paired = input.replaceEach(PAIR, readPair);
  // A DeepSpeed-only key said in prose ("reduce_bucket_size 2e2", "overlap_comm false") names the engine where the
  // message does not (deepspeed-only-keys.ts). After the pairs, so their positions in src still hold; a `key: value`
  // pair is a config's, whose table decides.
  const text = deepspeed ? paired : sayDeepSpeedFromKeys(paired);
  for (const [changes, written] of saidUnmodelled) notes.push(`not modelled: ${written.map((w) => `"${w}"`).join(', ')} (${changes})`);
  // A key written without its colon or equals sign takes the word after it when its table reads
  // that word ("kv_cache_dtype fp8", "lora_target all": issue 22 item 7); a word it does not read
  // ("use gradient_checkpointing to save memory") stays prose, and the key is read alone below.
  // Keys named in prose count as present for the prose forms below ("session_len开了8200 … input_len 50":
  // the prompt is one request's under the session's cap, InternLM/lmdeploy#722).
  const named = new Set([...present, ...allMatches(/(?<![\w.\-/])[a-z]+(?:_[a-z0-9]+)+(?![\w.\-/])/g, src).map((k) => keyName(k[0])).filter((k) => keyKnown(k, namespaces))]);
  const keyThenWord = text.replaceEach(/(?<![\w.\-/])([a-z]+(?:_[a-z0-9]+)+)[ \t]+(?![a-z]+(?:_[a-z0-9]+)+(?![\w.\-/]))([a-z][\w.\-]*\w)(?![\w.\-/])/g, (m) => {
    const key = keyName(m[1]!);
    const read = handlerOf(key, namespaces)?.(m[2]!, { parent: null, axolotl, keys: named, deepspeed, current: key, megatron: megatron !== null, megatronNamed, nodes });
    if (!read || !('say' in read)) return null;
    if (read.note) notes.push(read.note);
    return { result: ` ${read.say} `, rule: keyRule(key, read) };
  });
  // A known key named with no value: a flag ("--gradient_checkpointing", "I use
  // gradient_checkpointing") is on; a number's key alone ("what `max_seq_length` do you use?") says nothing.
  // The value may follow "to" or a Chinese "is / set to" ("set max_seq_len to 1024", "max_model_len为1M",
  // zai-org/GLM-4#149, "model_max_length调成8192的话就会报OOM", QwenLM/Qwen c383; "max_new_tokens限制在1024个token", limited to, c1013). Not "is": "but TP_size is 8" states another stage's setting (verl-project/verl, corpus c295).
  // Also "a per_device_train_batch_size of 2" (huggingface/trl#846, c991), "`MICRO_BATCH_SIZE` which I have set
  // to `2`" (tloen/alpaca-lora#28, c164) and a default said before the value asked ("per_gpu_train_batch_size默认是4，
  // 可以设置到8吗", PhoebusSi/Alpaca-CoT#48, c1181: the default is nobody's run, the value asked is).
  // Keys given a number in prose are values too, for keys read together ("max_prompt_length 1024,
  // max_response_length 4096": the sequence is their sum, read at the prompt key).
  const proseValues = new Map(values);
  for (const p of allMatches(BARE, keyThenWord.text)) if (p[2] !== undefined && !proseValues.has(keyName(p[1]!))) proseValues.set(keyName(p[1]!), p[2]);
  const bare = keyThenWord.replaceEach(BARE, (m) => {
    const key = keyName(m[1]!);
    const handler = handlerOf(key, namespaces);
    if (!handler) return NO_MEMORY_EFFECT.has(key) ? { result: ' '.repeat(m[0].length), rule: keyRule(key) } : null;
    // A key the config gave a value, named again alone, is that value used in an expression
    // ("sequence_parallel_size = 1" then "accumulative_counts *= sequence_parallel_size", xtuner's
    // config, InternLM/xtuner#793), not a switch turned on.
    if (m[2] === undefined && values.has(key)) return { result: ' '.repeat(m[0].length), rule: keyRule(key) };
    // "micro_batch_size 2": a value after a space; a key alone is a flag.
    const reading = handler(m[2] ?? 'true', { parent: null, axolotl, keys: named, deepspeed, values: proseValues, current: key, megatron: megatron !== null, megatronNamed, nodes });
    if (reading === null) return null;
    if ('ignore' in reading) return { result: ' '.repeat(m[0].length), rule: keyRule(key) };
    // A key named with no value is taken as a switch turned on: a weak cue, since prose may name
    // a key to ask about it ("should I turn on gradient_checkpointing?"), not to say it is set.
    // "… of N" describes as often as it sets ("the default num_ctx of 2048", "a max_model_len of 131072" the
    // model allows): taken, but weak, said with its words; after "default" it is nobody's run.
    const described = m[2] !== undefined && /^\S+`?[ \t]+of[ \t]/.test(m[0]);
    if (described && /\bdefault[ \t]+`?$/.test(keyThenWord.text.slice(Math.max(0, m.index - 12), m.index))) return null;
    return { result: ` ${reading.say} `, rule: m[2] === undefined || described ? { id: `config.key.${key}`, weak: true } : keyRule(key, reading) };
  });
  return { text: bare, source: src, ignoredKeys: [...new Set(ignoredKeys)], unknownKeys: [...new Set(unknownKeys)], notes: [...new Set(notes)], unmodelled };
}
