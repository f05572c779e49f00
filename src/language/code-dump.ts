import { blank } from './line-rewrite.js';
import { DATACLASS_FIELD, DATACLASS_FIELD_RULE, fieldDefault } from './dataclass-defaults.js';
import type { MappedText } from './mapped-text.js';
import { INLINE_OBJECT_KEYS } from './config-keys/patterns.js';

/**
 * Code and logs pasted around a setup (issue 11 §2): Python signatures and dataclasses, calls
 * that wrap a value, shell variables and case tables, Go map dumps and log prefixes. Their
 * syntax (def, class, str, Optional, $VAR, timestamps) is not a request word and must not
 * count as words we do not read; the settings inside them are rewritten into the plain
 * `key = value` form the config reader takes. Runs on normalised (lower-case) text; every
 * rewrite blanks characters, so the map back to the user's words stays one-to-one.
 */


/**
 * Log prefixes: timestamps ("[2025-11-01 16:50:30]", "2025/03/14 12:40:09", SGLang's
 * "[00:19:29]"), a docker-compose service prefix ("sglang-1  | ": compose names containers
 * <service>-<n>), a source position ("routes.go:1225:", Go's log.Lshortfile). A number there
 * is never a count, a size or a card.
 */
const TIMESTAMP =
  /\[?\d{4}[-/]\d{2}[-/]\d{2}[ t]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:z|[+-]\d{2}:?\d{2})?\]?|\[\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\]/g;
const COMPOSE_PREFIX = /^[a-z0-9_.]+-\d+[ \t]+\|(?=[ \t]+(?:\[|\d|info|warn|error|debug|critical))/gm;
const SOURCE_POSITION = /(?<![\w./])[a-z_]\w*\.(?:go|py|cc|cpp|c|rs|js|ts):\d+:?/g;

/** Python: a decorator line, `def f(`, the `):` closing a signature. */
const DECORATOR = /^[ \t]*@[a-z_][\w.]*(?:\([^)\n]*\))?[ \t]*$/gm;
const DEF_OPEN = /^[ \t]*(?:async[ \t]+)?def[ \t]+[a-z_]\w*[ \t]*\(/gm;
const SIGNATURE_CLOSE = /^[ \t]*\)[ \t]*(?:->[^:\n]*)?:[ \t]*$/gm;
/** `class train_config:` opens a block named like a YAML key: `train_config:` (its fields are its children). */
const CLASS_LINE = /^([ \t]*)(class[ \t]+)([a-z_]\w*)((?:\([^)\n]*\))?)([ \t]*:)/gm;

/** A Python type: a dotted name with up to three levels of subscripts (Optional[Literal["a", "b"]]). */
const TYPE = String.raw`[a-z_][\w.]*(?:\[(?:[^\[\]\n]|\[(?:[^\[\]\n]|\[[^\[\]\n]*\])*\])*\])?`;
/**
 * `name: Type = value` (a dataclass field or a parameter with a default) is `name = value`:
 * the type, and any choices a Literal lists, are not settings (Lightning-AI/litgpt#477).
 */
const ANNOTATED = new RegExp(String.raw`(?<![\w.])([a-z_]\w*)([ \t]*:[ \t]*(${TYPE})[ \t]*)(?==(?!=))`, 'g');
/**
 * What reads as a type: a builtin or typing name, a subscripted or dotted name, or a class
 * (capitalised as the user wrote it). "config: batch_size=4" is prose and a setting, not a type.
 */
const TYPE_NAME = /^(?:int|str|float|bool|bytes|dict|list|tuple|set|frozenset|any|none|path|optional|literal|union|sequence|mapping|callable|type|object)\b|[[.]/;

/**
 * A call wrapping one string, `Path("checkpoints/meta-llama/Llama-2-7b-hf/")`, is that string —
 * except DeepSpeed-MII's entry points, `mii.serve("…")`, which name the server (a serve word).
 */
const WRAPPED_STRING = /(?<![\w.])(?!mii\.(?:serve|pipeline)\()[a-z_][\w.]*\((?=["'][^"'\n]*["']\))|(?<=["'][^"'\n(]*["'])\)/g;
/**
 * A dataset loader's first argument is data, never the model: `load_dataset("mlabonne/guanaco-llama2-1k", split="train")`
 * beside `from_pretrained("meta-llama/Llama-2-7b-chat-hf")` (huggingface/trl#1168, corpus c2720) had fetched the dataset
 * as the model. The call and its Hub id are blanked together, a keyword `path=` and a line break inside the call too.
 */
const DATA_LOAD_CALL = /(?<![\w.])(?:[a-z_]\w*\.)?(?:load_dataset|load_from_disk)\([ \t\n]*(?:path[ \t]*=[ \t]*)?(?:"[^"\n]*"|'[^'\n]*')/g;
/** `server_args=ServerArgs(model_path=…)`, `dict(lora_r=4, …)`: the call's name goes, its keywords stay. */
const KEYWORD_CALL = /(?<![\w.])(?:[a-z_]\w*[ \t]*=[ \t]*)?[a-z_][\w.]*(?=\(\s*[a-z_]\w*[ \t]*=(?!=))/g;

/**
 * Classes that name the framework running: Unsloth's FastLanguageModel / FastModel /
 * FastVisionModel (Unsloth README), TRL's trainers (TRL docs: SFTTrainer, DPOTrainer, KTOTrainer,
 * ORPOTrainer, GRPOTrainer, PPOTrainer) and their configs (GRPOConfig …). Read before call names are blanked as code.
 */
const FRAMEWORK_CLASSES: Record<string, string> = {
  fastlanguagemodel: 'unsloth', fastmodel: 'unsloth', fastvisionmodel: 'unsloth',
  // Unsloth's own trainer and its arguments (unsloth/trainer.py: UnslothTrainer subclasses TRL's SFTTrainer):
  // an Unsloth training run ("fine-tune the Mistral model … using `UnslothTrainer`", unslothai/unsloth#1889, c1379).
  unslothtrainer: 'unsloth train', unslothtrainingarguments: 'unsloth train',
  sfttrainer: 'train', dpotrainer: 'dpo', ktotrainer: 'dpo', orpotrainer: 'orpo', grpotrainer: 'grpo', ppotrainer: 'ppo',
  // Each TRL trainer's config (trl/trainer/*_config.py), pasted alone, names its trainer as well.
  sftconfig: 'train', dpoconfig: 'dpo', ktoconfig: 'dpo', orpoconfig: 'orpo', grpoconfig: 'grpo', ppoconfig: 'ppo',
};
const FRAMEWORK_CLASS = new RegExp(`(?<![\\w.])(${Object.keys(FRAMEWORK_CLASSES).join('|')})(?:\\.[a-z_]\\w*)*(?![\\w])`, 'g');

/**
 * A dotted call, `AutoModelForCausalLM.from_pretrained(`, `torch.cuda.empty_cache(`, and the
 * variable a call is assigned to (`model = …(`): code, never a request word. The arguments stay.
 * DeepSpeed-MII's entry points, `mii.serve(` and `mii.pipeline(`, name the server (a serve word).
 */
const DOTTED_CALL = /(?<![\w.])(?!llama\.cpp\()(?:[a-z_]\w*[ \t]*=[ \t]*)?(?!mii\.(?:serve|pipeline)\()[a-z_]\w*(?:\.[a-z_]\w*)+(?=\()/g;
const ASSIGNED_CALL = /(?<![\w.])[a-z_]\w*(?:[ \t]*,[ \t]*[a-z_]\w*)*[ \t]*=[ \t]*(?=[a-z_][\w.]*\()/g;
/**
 * What a dotted call does, where it says: `model.generate(` generates (HF GenerationMixin),
 * `trainer.train(` trains (HF Trainer). Read before other call names are blanked.
 */
const DOING_CALL = /(?<![\w.])[a-z_]\w*(?:\.[a-z_]\w*)*\.(generate|train)(?=\()/g;
/**
 * A model class's `from_pretrained(` loads the model: the weak "load" (inference unless a training
 * word or setting is also there, as "load" in prose). A tokenizer's or config's loads no model.
 */
const MODEL_LOAD_CALL = /(?<![\w.])(?:automodel\w*|\w+for(?:causallm|conditionalgeneration|seq2seqlm|imagetexttotext))\.from_pretrained(?=\()/g;
/**
 * A method call that sets what a config key sets (s45, rcode1; issue 22): written as that key, so the config reader's one
 * key map reads it as it reads the keyword (`torch_dtype=torch.float16`, `gradient_checkpointing=True`). `.half()` and
 * `.bfloat16()` cast the weights (torch.nn.Module.half / bfloat16) — only of a receiver named as a model, never a tensor
 * (`logits.half()`); `gradient_checkpointing_enable()` is transformers' PreTrainedModel switch of the same name.
 * Read after the assigned-call blank, so `model = model.half()` is the setting alone.
 */
interface SettingCall {
  id: string;
  method: string;
  /** The config key and value it sets. */
  setting: string;
  /** A receiver the call must have, where a tensor has the same method. */
  receiver?: RegExp;
  example: string;
  source: string;
}
const MODEL_RECEIVER = /(?:^|[._])(?:model|llm|net|pipe|pipeline|policy|actor|critic|base_model|peft_model)\w*$|model$/;
export const SETTING_CALLS: readonly SettingCall[] = [
  { id: 'code.call.half', method: 'half', setting: 'torch_dtype=float16', receiver: MODEL_RECEIVER, example: 'model.half()', source: 'torch.nn.Module.half' },
  { id: 'code.call.bfloat16', method: 'bfloat16', setting: 'torch_dtype=bfloat16', receiver: MODEL_RECEIVER, example: 'model.bfloat16()', source: 'torch.nn.Module.bfloat16' },
  { id: 'code.call.gc-enable', method: 'gradient_checkpointing_enable', setting: 'gradient_checkpointing=true', example: 'model.gradient_checkpointing_enable()', source: 'transformers PreTrainedModel.gradient_checkpointing_enable' },
  { id: 'code.call.gc-disable', method: 'gradient_checkpointing_disable', setting: 'gradient_checkpointing=false', example: 'model.gradient_checkpointing_disable()', source: 'transformers PreTrainedModel.gradient_checkpointing_disable' },
];
const SETTING_CALL = new RegExp(
  String.raw`(?<![\w.])([a-z_]\w*(?:\.[a-z_]\w*)*)\.(${SETTING_CALLS.map((c) => c.method).join('|')})\((?:[^()\n]|\([^()\n]*\))*\)`,
  'g',
);
/** A dtype the message's code or keys name otherwise (a load's `torch_dtype=torch.float32`, `--dtype`). */
const DTYPE_SAID = /\b(?:torch_)?dtype\b/;
/**
 * The call as its key; a cast after a load that names its own dtype (`from_pretrained(path, torch_dtype=torch.float32)` …
 * `model.half()`, corpus c3479) is two dtypes, the load's where the memory is first taken: the load's is read and the
 * cast said in a note, never read in silence over it.
 */
function settingCall(m: RegExpExecArray, notes: string[]): string {
  const call = SETTING_CALLS.find((c) => c.method === m[2])!;
  if (call.receiver && !call.receiver.test(m[1]!)) return m[0];
  if (call.setting.startsWith('torch_dtype=') && DTYPE_SAID.test(m.input.slice(0, m.index) + m.input.slice(m.index + m[0].length))) {
    notes.push(`"${m[0]}" casts the model after its load names another dtype: precision read as the load's, where its memory is first taken (say "${call.setting === 'torch_dtype=float16' ? 'fp16' : 'bf16'}" if you load in it)`);
    return blank(m[0]);
  }
  return call.setting.length <= m[0].length ? call.setting.padEnd(m[0].length) : call.setting;
}

/** Python's import lines and builtin calls (`print(`), and `**kwargs` splats: code only. */
const IMPORT_LINE =
  /^[ \t]*(?:from[ \t]+[\w.]+[ \t]+import[ \t]+[\w., \t()*]+|import[ \t]+[\w.]+(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*[\w.]+(?:[ \t]+as[ \t]+\w+)?)*)[ \t]*$/gm;
/**
 * An import from NeMo 2's or Megatron-Bridge's recipes (`from nemo.collections.llm.recipes.llama3_70b import finetune_recipe`,
 * NVIDIA-NeMo/Speech#14635, c3097): the script builds its run from a recipe that trains on Megatron-Core. Weak: a script
 * may import a recipe only to read its settings.
 */
const MEGATRON_RECIPE_IMPORT = /^[ \t]*from[ \t]+(?:nemo\.collections\.llm(?:\.gpt)?\.recipes|megatron\.bridge)(?:\.\w+)*[ \t]+import[ \t]+[\w., \t()*]+$/gm;
const BUILTIN_CALL = /(?<![\w.])(?:print|len|range|str|int|float|dict|list|tuple|set|open|isinstance|super|enumerate|zip|map|getattr|setattr)(?=\()|\*\*[a-z_]\w*/g;

/**
 * An inline dict value, `device_map={"": 0}`: one opaque value, not a block of settings — except
 * where the key reads its mapping whole (patterns.ts INLINE_OBJECT_KEYS: `limit_mm_per_prompt={"image": 20}`).
 */
/** Two keys or more, each a snake_case name (an environment variable's, `'SM_NUM_GPUS'`, lower-cased by normalise): settings. */
const ENVIRONMENT_DICT = /^\{[ \t]*(?:["'][a-z][a-z0-9]*(?:_[a-z0-9]+)+["'][ \t]*:[ \t]*[^,{}\n]+?[ \t]*,[ \t]*){1,}["'][a-z][a-z0-9]*(?:_[a-z0-9]+)+["'][ \t]*:/;
const INLINE_DICT = new RegExp(`(?<==[ \\t]*)(?<!(?:${INLINE_OBJECT_KEYS.join('|')})[ \\t]*=[ \\t]*)\\{(?:[ \\t]*(?:"[^"\\n]*"|'[^'\\n]*')[ \\t]*:[ \\t]*[^,{}\\n]+?[ \\t]*,?)*[ \\t]*\\}`, 'g');

/** A Python set of strings, `target_modules={'q_proj', 'v_proj'}` (PEFT's LoraConfig repr), is a list. */
const STRING_SET = /(?<==[ \t]*)\{((?:[ \t]*(?:'[^'\n]*'|"[^"\n]*")[ \t]*,?)+)\}/g;

/** Go's fmt of a map, `env="map[OLLAMA_CONTEXT_LENGTH:2048 …]"` (Ollama's server config log): its pairs. */
const GO_MAP = /(?:\b[a-z_]\w*=)?["']?map\[([^\]\n]*)\]["']?/g;

/** `export NAME=value` in a shell paste: the setting, not the word "export". */
const SHELL_EXPORT = /^([ \t]*)export[ \t]+(?=[a-z_]\w*=)/gm;

/**
 * Shell variable references: `$HOST_NUM`, `${MODEL_SIZE}`, `$(($GPUS_PER_NODE*$HOST_NUM))`. A
 * reference to a variable the script sets to a plain value (`TP=4` … `--tensor-model-parallel-size $TP`)
 * is that value, as the shell expands it; any other (arithmetic, a variable never set, `${@:2}`) is blanked.
 */
const SHELL_VARIABLE = /\$\(\([^)\n]*\)\)|\$\{([a-z_]\w*)\}|\$\{[^}\n]*\}|\$([a-z_]\w*)/g;
/**
 * A long flag whose value is a variable reference; groups: the reference, its name (braced or
 * bare), and "/" when a path goes on from it (`$HOME/bin/templates/llama-2-chat.jinja`).
 */
const FLAG_WITH_VARIABLE = /(?<![\w-])--[a-z][\w.\-]*(?:[ \t]*=[ \t]*|[ \t]+)(\$\(\([^)\n]*\)\)|\$\{([a-z_]\w*)\}|\$\{[^}\n]*\}|\$([a-z_]\w*))(?=(\/?))/g;
/**
 * A parameter expansion with a default, `${1:-"google/gemma-2-9b-it"}` (magpie-align/magpie#9,
 * corpus c668), `NNODES=${NNODES:-1}` (QwenLM/Qwen#1043's finetune script, c383): run without that
 * argument or variable, the script uses the default. Groups: the name, then the default (double-
 * quoted, single-quoted or bare).
 */
const SHELL_DEFAULT = /\$\{([A-Za-z_]\w*|\d+):?-(?:"([^"\n}]*)"|'([^'\n}]*)'|([^}\s"']*))\}/g;
/**
 * `NAME=value` opening a line; an inline-code mark may open the line first: a script pasted between single
 * backticks (`` `export max_batch_size=2048`` then `--max_batch_size $max_batch_size`, NVIDIA/TensorRT-LLM#2043,
 * c375) sets its variables as a fenced one does (integerVariables in shell-script.ts reads them so already).
 */
const SHELL_ASSIGNMENT = /(?:^|[;\n])[ \t`]*(?:export[ \t]+)?([a-z_]\w*)=(?:"([\w.\/:,-]*)"|'([\w.\/:,-]*)'|([\w.\/:,-]*))(?=[ \t]*(?:[;#\n]|$))/g;

/**
 * A variable set to its own default, `GPU_MEMORY_UTIL="${GPU_MEMORY_UTIL:-0.85}"`: a deploy script's
 * knobs, each overridable from the environment, whose flags then take the variable
 * (`--gpu-memory-utilization "${GPU_MEMORY_UTIL}"`). Run as pasted, the default is the value used
 * (vllm-project/vllm-ascend#10872, c1607: 0.85, max seqs 4, 65536; QwenLM/Qwen#1043's finetune script,
 * c383: `NNODES=${NNODES:-1}`). Groups: the name, then the default (double-quoted, single-quoted or bare).
 */
const SHELL_SELF_DEFAULT = /(?:^|[;\n])[ \t]*(?:export[ \t]+)?([a-z_]\w*)="?\$\{([a-z_]\w*):?-(?:"([\w.\/:,-]*)"|'([\w.\/:,-]*)'|([\w.\/:,-]*))\}"?(?=[ \t]*(?:[;#\n]|$))/g;

/**
 * The plain values a script sets: `TP=4`, `MODEL="llama-2-7b"` (the last one set); and, apart, the
 * defaults of variables set to their own default (`TP="${TP:-4}"`), which only a reference reads:
 * the assignment's own default is read where it stands (code.shell-default).
 */
function shellValues(text: string): { values: Map<string, string>; defaults: Map<string, string> } {
  const values = new Map<string, string>();
  const defaults = new Map<string, string>();
  if (!text.includes('$')) return { values, defaults };
  for (const m of text.matchAll(SHELL_ASSIGNMENT)) {
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (value) values.set(m[1]!, value);
    else values.delete(m[1]!);
  }
  for (const m of text.matchAll(SHELL_SELF_DEFAULT)) {
    const value = m[3] ?? m[4] ?? m[5] ?? '';
    if (m[1] === m[2] && value && !values.has(m[1]!)) defaults.set(m[1]!, value);
  }
  return { values, defaults };
}

/**
 * A shell case table, `if [[ ${MODEL_SIZE} == "1.7b" ]]; then …; elif [[ ${MODEL_SIZE} == "70b" ]]; then …; fi`
 * (NVIDIA/Megatron-LM#1571) or `case $MODEL_SIZE in 7b) …;; 70b) …;; esac`: the settings of several
 * setups, one per value of a variable. It is not the user's setup unless they name one of its
 * values outside it: that branch is kept, the others go; with none named, every branch goes (a
 * note says so).
 */
const BRANCH = /^[ \t]*(if|elif)[ \t]+\[\[?[ \t]*"?\$\{?([a-z_]\w*)\}?"?[ \t]*==?[ \t]*["']?([^"'\]\s]+)["']?[ \t]*\]\]?[ \t]*;?[ \t]*then\b/;
const BRANCH_END = /^[ \t]*(elif|else|fi)\b/;
const CASE_OPEN = /^[ \t]*case[ \t]+"?\$\{?([a-z_]\w*)\}?"?[ \t]+in[ \t]*$/;
/** A case pattern opening a branch: `7b|7B)`, `"70b")`, `*)`. */
const CASE_PATTERN = /^[ \t]*\(?((?:"[^"\n]*"|'[^'\n]*'|[^()\s|"']+)(?:\|(?:"[^"\n]*"|'[^'\n]*'|[^()\s|"']+))*)\)/;

interface Branch {
  values: string[];
  from: number;
  to: number;
}

/** `case … esac` as branches (the `*)` default is none: an error message, never a setup). */
function caseBranches(lines: string[], open: number): { branches: Branch[]; defaults: number[]; end: number } {
  const branches: Branch[] = [];
  const defaults: number[] = [];
  let n = open + 1;
  while (n < lines.length && !/^[ \t]*esac\b/.test(lines[n]!)) {
    const p = CASE_PATTERN.exec(lines[n]!);
    if (!p) {
      n++;
      continue;
    }
    let to = n;
    while (to < lines.length && !/;;/.test(lines[to]!) && !(to > n && (CASE_PATTERN.test(lines[to]!) || /^[ \t]*esac\b/.test(lines[to]!)))) to++;
    if (to < lines.length && /;;/.test(lines[to]!)) to++;
    const values = p[1]!.split('|').map((v) => v.replace(/^["']|["']$/g, ''));
    if (values.includes('*')) for (let k = n; k < to; k++) defaults.push(k);
    else branches.push({ values, from: n, to });
    n = to;
  }
  return { branches, defaults, end: Math.min(n + 1, lines.length) };
}

function caseTables(text: MappedText, notes: string[]): MappedText {
  const lines = text.text.split('\n');
  const drop = new Map<number, 'all' | 'condition'>();
  /** Keeps the one branch named outside the table, or none; returns nothing. */
  const choose = (variable: string, branches: Branch[], from: number, end: number) => {
    const outside = lines.filter((_, n) => n < from || n >= end).join('\n');
    const names = (v: string) => new RegExp(`(?<![\\w.])${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w.])`).test(outside);
    const named = branches.filter((b) => b.values.some(names));
    const kept = named.length === 1 ? named[0]! : null;
    for (const b of branches) for (let n = b.from; n < b.to; n++) drop.set(n, b === kept ? 'condition' : 'all');
    const values = branches.map((b) => b.values[0]).join(', ');
    notes.push(
      kept
        ? `a shell table of settings by ${variable} (${values}): read the ${kept.values[0]} branch, the one the message names`
        : `a shell table of settings by ${variable} (${values}) is not read: say which one you run`,
    );
  };
  for (let i = 0; i < lines.length; i++) {
    const opened = CASE_OPEN.exec(lines[i]!);
    if (opened) {
      const { branches, defaults, end } = caseBranches(lines, i);
      if (branches.length < 2) continue;
      drop.set(i, 'all');
      for (const n of defaults) drop.set(n, 'all');
      if (end - 1 > i && /^[ \t]*esac\b/.test(lines[end - 1]!)) drop.set(end - 1, 'all');
      choose(opened[1]!, branches, i, end);
      i = end - 1;
      continue;
    }
    const first = BRANCH.exec(lines[i]!);
    if (!first || first[1] !== 'if') continue;
    const branches: Branch[] = [];
    let j = i;
    let end = i;
    while (j < lines.length) {
      const b = BRANCH.exec(lines[j]!);
      if (!b || b[2] !== first[2]) break;
      let k = j + 1;
      while (k < lines.length && !BRANCH_END.test(lines[k]!)) k++;
      branches.push({ values: [b[3]!], from: j, to: k });
      j = k;
      end = k;
      if (k < lines.length && !/^[ \t]*elif\b/.test(lines[k]!)) break;
    }
    // The else … fi tail: an error message, never a setup.
    while (end < lines.length && /^[ \t]*(else|fi)\b/.test(lines[end]!)) {
      const isFi = /^[ \t]*fi\b/.test(lines[end]!);
      drop.set(end, 'all');
      end++;
      if (isFi) break;
    }
    if (branches.length < 2) continue;
    choose(first[2]!, branches, i, end);
    i = end - 1;
  }
  if (!drop.size) return text;
  let offset = 0;
  const spans: [number, number, 'all' | 'condition'][] = [];
  lines.forEach((line, n) => {
    const how = drop.get(n);
    if (how) spans.push([offset, offset + line.length, how]);
    offset += line.length + 1;
  });
  const starts = new Map(spans.map(([from, to, how]) => [from, { to, how }]));
  return text.replace(/^[^\n]*$/gm, (m) => {
    const span = starts.get(m.index);
    if (!span || span.to !== m.index + m[0].length) return m[0];
    if (span.how === 'all') return blank(m[0]);
    // The kept branch: its condition goes, its settings stay (and a case branch's closing `;;`).
    const cond = BRANCH.exec(m[0]) ?? CASE_PATTERN.exec(m[0]);
    const rest = (cond ? blank(cond[0]) + m[0].slice(cond[0].length) : m[0]).replace(/;;/g, '  ');
    return rest;
  }, 'code.branch');
}

/** TRL and Unsloth class names as their framework's word (FRAMEWORK_CLASSES), noted when Unsloth runs a TRL trainer. */
function frameworkWords(text: MappedText, unsloth: boolean, notes: string[]): MappedText {
  return text.replace(FRAMEWORK_CLASS, (m) => {
    const word = FRAMEWORK_CLASSES[m[1]!]!;
    // One framework runs a step: under Unsloth a TRL trainer is Unsloth's (its patched trainer).
    if (unsloth && !word.startsWith('unsloth') && word !== 'train') {
      notes.push(`${m[1]!.replace(/^(\w+)trainer$/, (_, a: string) => `${a.toUpperCase()}Trainer`)} under Unsloth: read with Unsloth's preset (the ${word.toUpperCase()} trainer's own memory is not added)`);
      return 'train'.padEnd(m[0].length);
    }
    // `FastLanguageModel.from_pretrained(…)` loads the model: a run word as weak as "load" (code.model-load);
    // a trainer or an adapter call beside it makes the run a training one (unslothai/unsloth#1131, c565).
    if (word === 'unsloth' && m[0].endsWith('.from_pretrained')) return 'unsloth load'.padEnd(m[0].length);
    return word.padEnd(m[0].length);
  }, 'code.framework-class');
}

export interface CodeReading {
  text: MappedText;
  notes: string[];
}

/**
 * What every rewrite here but the framework classes needs: a bracket, brace, parenthesis, `|`,
 * `:`, `@`, `=`, `$` or `*` (calls, signatures, annotations, dicts, maps, log prefixes, shell
 * variables and tables) or the word `import`. A text with none of them (most requests) is prose:
 * only its framework class names are read (issue 11, request path).
 */
const CODE_MARKS = /[[\]|:@(){}=$*]|import/;
const UNSLOTH_CODE = /\bfast(?:language|vision)?model\b|\bfrom unsloth\b/;

export function readCodeDump(input: MappedText): CodeReading {
  if (CODE_MARKS.test(input.text)) return readCode(input);
  const notes: string[] = [];
  return { text: frameworkWords(input, UNSLOTH_CODE.test(input.text), notes), notes };
}

/** Every rewrite (exported for the test that holds the prose fast path to it). */
export function readCode(input: MappedText): CodeReading {
  const notes: string[] = [];
  const { values, defaults } = shellValues(input.text);
  const beforeTypes = caseTables(input, notes)
    .replace(COMPOSE_PREFIX, (m) => blank(m[0]), 'code.compose-prefix')
    .replace(TIMESTAMP, (m) => blank(m[0]), 'code.timestamp')
    .replace(SOURCE_POSITION, (m) => blank(m[0]), 'code.source-position')
    .replace(DECORATOR, (m) => blank(m[0]), 'code.decorator')
    .replace(DATACLASS_FIELD, fieldDefault, DATACLASS_FIELD_RULE.id)
    .replace(DEF_OPEN, (m) => blank(m[0]), 'code.def')
    .replace(SIGNATURE_CLOSE, (m) => blank(m[0]), 'code.signature-close')
    .replace(CLASS_LINE, (m) => m[1]! + blank(m[2]!) + m[3]! + blank(m[4]!) + m[5]!, 'code.class-line');
  const unsloth = UNSLOTH_CODE.test(beforeTypes.text);
  const calls = beforeTypes
    .replace(ANNOTATED, (m) => {
      const type = m[3]!;
      const at = m.index + m[1]!.length + m[2]!.indexOf(type);
      const written = beforeTypes.userText(at, at + 1);
      // "with verl: trainer.nnodes=1": a dotted lower-case path glued to its "=" is an override (Hydra's
      // `key.path=value`) after a prose colon, not a type; an annotated default is spaced (`x: torch.dtype = …`).
      if (/^[a-z_]\w*(?:\.[a-z_]\w*)+$/.test(type) && !/[ \t]$/.test(m[2]!) && beforeTypes.userText(at, at + type.length) === type) return m[0];
      // "- **Topology:** TP=4, 4× RTX 3090" (c1879): a markdown label's bold closing between the colon and the
      // key is prose, not a Python annotation; the key after it is the setting.
      if (beforeTypes.userText(m.index + m[1]!.length, at).includes('*')) return m[0];
      return TYPE_NAME.test(type) || /^[A-Z]/.test(written) ? m[1]! + blank(m[2]!) : m[0];
    }, 'code.annotation')
    .replace(DATA_LOAD_CALL, (m) => blank(m[0]), 'code.dataset-load')
    .replace(WRAPPED_STRING, (m) => blank(m[0]), 'code.wrapped-string')
    // An import says which library runs only for an engine or a trainer that is the whole run
    // (Unsloth, vLLM, lmdeploy: `from lmdeploy import pipeline, TurbomindEngineConfig`, InternLM/lmdeploy#1182,
    // c918, read as a vLLM server); the others (transformers, peft, torch) are used by every kind of run. DeepSpeed-MII
    // is named by its call (`mii.serve(`), not its import: legacy `mii.deploy` is not the FastGen server.
    .replace(MEGATRON_RECIPE_IMPORT, (m) => ' megatron'.padEnd(m[0].length), { id: 'code.import-megatron-recipe', weak: true })
    .replace(IMPORT_LINE, (m) => {
      const lib = /\b(unsloth|vllm|lmdeploy)\b/.exec(m[0])?.[1];
      return lib ? lib.padEnd(m[0].length) : blank(m[0]);
    }, 'code.import')
    .replace(DOING_CALL, (m) => m[1]!.padStart(m[0].length), 'code.doing-call')
    // Weak: a model loaded may then be run or trained; "load" is only the weak inference intent
    // (items.ts), which a training word or setting elsewhere overrides.
    .replace(MODEL_LOAD_CALL, (m) => 'load'.padStart(m[0].length), { id: 'code.model-load', weak: true })
    .replace(BUILTIN_CALL, (m) => blank(m[0]), 'code.builtin-call')
    .replace(ASSIGNED_CALL, (m) => blank(m[0]), 'code.assigned-call')
    .replace(SETTING_CALL, (m) => settingCall(m, notes), 'code.setting-call');
  // The framework's word, then blanks (every class name is longer than its word): no call left to blank.
  const text = frameworkWords(calls, unsloth, notes)
    .replace(KEYWORD_CALL, (m) => blank(m[0]), 'code.keyword-call')
    .replace(DOTTED_CALL, (m) => blank(m[0]), 'code.dotted-call')
    // A dict of environment settings (`env={'HF_MODEL_ID': …, 'SM_NUM_GPUS': '2', 'MAX_TOTAL_TOKENS': '4096'}`, SageMaker's
    // HuggingFaceModel; docker-py's `environment={…}`) is a block of settings the key tables read, not one opaque value.
    .replace(INLINE_DICT, (m) => ENVIRONMENT_DICT.test(m[0]) ? m[0] : [
      { text: '"', from: 0, to: 1 },
      { text: blank(m[0].slice(1, -1)), from: 1, to: m[0].length - 1 },
      { text: '"', from: m[0].length - 1, to: m[0].length },
    ], 'code.inline-dict')
    .replace(STRING_SET, (m) => [
      { text: '[', from: 0, to: 1 },
      { text: m[1]!, from: 1, to: m[0].length - 1 },
      { text: ']', from: m[0].length - 1, to: m[0].length },
    ], 'code.string-set')
    .replace(GO_MAP, (m) => {
      const open = m[0].indexOf('map[') + 4;
      return blank(m[0].slice(0, open)) + m[1]! + blank(m[0].slice(open + m[1]!.length));
    }, 'code.go-map')
    .replace(SHELL_EXPORT, (m) => blank(m[0]), 'code.shell-export')
    // A flag given a variable the script never sets (`--master_port $MASTER_PORT src/train_bash.py`,
    // hiyouga/LlamaFactory#1158) has a value, unknown: "?" holds its place, so the flag does not
    // take the next word (the script) as its value, and no table reads a setting from it.
    .replace(FLAG_WITH_VARIABLE, (m) => {
      if (values.has(m[2] ?? m[3] ?? '') || defaults.has(m[2] ?? m[3] ?? '')) return m[0];
      const at = m[0].length - m[1]!.length;
      // A path that goes on from the variable (`--chat-template=$HOME/bin/templates/llama-2-chat.jinja`,
      // vllm-project/vllm#2136, corpus c648) stays one value with it: padded with spaces, its tail
      // was left as prose words ("llama 2") that no key had read, and a model key still reads its
      // last segment (`--model_name_or_path $HOME/models/Llama-2-7b-hf`).
      const pad = m[4] ? '/' : ' ';
      return [
        { text: m[0].slice(0, at), from: 0, to: at },
        { text: '?'.padEnd(m[1]!.length, pad), from: at, to: m[0].length },
      ];
    }, 'code.flag-unknown-value')
    // The default of `${1:-value}` stands where the expansion stood (blanks keep the offsets), unless
    // the script sets the variable itself.
    .replace(SHELL_DEFAULT, (m) => {
      const value = m[2] ?? m[3] ?? m[4] ?? '';
      const at = m[0].indexOf(value, m[1]!.length + 3);
      if (!value || values.has(m[1]!) || at < 0) return blank(m[0]);
      return blank(m[0].slice(0, at)) + value + blank(m[0].slice(at + value.length));
    }, 'code.shell-default')
    .replace(SHELL_VARIABLE, (m) => {
      const value = values.get(m[1] ?? m[2] ?? '') ?? defaults.get(m[1] ?? m[2] ?? '');
      return value === undefined ? blank(m[0]) : value;
    }, 'code.shell-variable');
  return { text, notes };
}
