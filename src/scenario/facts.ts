import type { ItemTrace } from '../language/item-trace.js';
import type { Item } from '../language/items.js';
import { cueOf, frameworkMention, type Cue } from './fact-cues.js';
import { weighFacts } from './fact-doubts.js';
import { withStrength } from './fact-strength.js';
import { frameworkEvidence, isWeakFrameworkEvidence, type FrameworkEvidence } from './framework-evidence.js';
import type { Patch } from './patch.js';
import { hardwareWords } from './reading.js';
import type { Scenario } from './schema.js';

/**
 * Every fact a reply states, traced (issue 22, item 6): the fact, its value in the scenario, and
 * where it came from — the rule chain and the user's words of the item that set it — or
 * `default` / `follow-up` (the previous scenario of the thread) when no item of this message did.
 */
export interface FactTrace {
  fact: string;
  value: string;
  rules: string[];
  /** The user's text the fact was read from; null for a default or a follow-up's earlier value. */
  at: number | null;
  end: number | null;
  words: string;
  /** Read on a weak cue: the first screen says it with its words and how to correct it. */
  weak: boolean;
  /** The weak rewrite's own words, when a weak rule read it ("every 2-3 steps"). */
  weakWords?: string;
  /** Made weak by its computed strength alone (fact-strength.ts): the probability it is right, under the calibration's line. */
  strength?: number;
  /** The hardware reading's note, when it guessed what a count meant (the reply states it already). */
  doubt?: string;
  /** For a count or a length: the cue it was read on (its key, unit, noun, hardware phrase…), fact-cues.ts. */
  cue?: Cue;
  /** For the framework: the class of evidence it stands on (framework-evidence.ts); the weak classes are said. */
  evidence?: FrameworkEvidence;
  /** A setting of the message the fact goes against ("gradient_accumulation_steps: 4" beside inference): said with it, never folded into a stronger saying. */
  against?: string;
  /** For a method that is only a weakly read framework's default (fact-doubts.ts): that framework. */
  derivedFrom?: string;
  /** For a method read where the message names two ("sft和lora"): the other one, the switch the reply offers. */
  otherMethod?: string;
  /** For a card question where the message asks an amount of memory (memory-asked.ts): the words that ask it. */
  memoryAsked?: string;
  /** The words that correct a weak fact: the other count the message or thread said ("on 4 GPUs"), the other format of a pair ("fp8"), a question's words to leave out. */
  alternative?: string;
  /** For a card named without its memory: the card's other memory sizes (card-variants.ts). */
  sizes?: { id: string; gib: number }[];
  /** For a family named with no size: the family's sizes and the one read ("llama2": 7b, 13b, 70b; 7b), fact-doubts.ts. */
  familySizes?: { sizes: string[]; read: string };
  /** For a memory said with no card: the words that read it as several cards' memory in all (memory-totals.ts). */
  asTotal?: { say: string; gib: number; cards: string };
  /** For cards counted from nodes with none said on each ("on 32-node H200", node-counts.ts): the other reading of the count, as the switch. */
  nodeSwitch?: string;
  /** For a memory read as the card with no word that makes it a GPU's (bare-memory.ts): the switch names a card. */
  bareMemory?: true;
  /** For a card whose memory the message's out-of-memory total contradicts (card-against-capacity.ts): its words and the switch. */
  capacity?: { words: string; say: string };
  /** For one card read where the words say several with no count ("多卡", "multi-gpu"; uncounted-cards.ts). */
  uncounted?: true;
  /** For a setting a program printed at its own default with all its arguments (printed-defaults.ts): the program and the switch. */
  printedDefault?: { program: string; switchTo: string };
  /**
   * Other places the message says the same fact again, which confirm it and set nothing, each with
   * how (said-again.ts): the model named again ("Llama 3.1 8B" beside `base_model: …Llama-3.1-8B`,
   * "same model"), the card's memory ("my RTX 3060 (12GB) … Is 12GB just not enough?").
   */
  also?: { at: number; end: number; said?: string }[];
}

/** The fact a patch slot states ("gpuCount" is the GPUs, "compute" and "recipe" the precision). */
const FACT_OF_SLOT: Record<string, string> = {
  mode: 'method',
  train: 'method',
  run: 'method',
  pretrain: 'method',
  engine: 'method',
  recipe: 'precision',
  compute: 'precision',
  impl: 'optimizer',
  kv: 'kv cache',
  mbs: 'batch',
  ga: 'grad accum',
  gbs: 'global batch',
  gpuType: 'card',
  gpuCount: 'gpus',
  perNode: 'gpus',
  'offload.optimizer': 'offload',
  'offload.params': 'offload',
  'eval.batch': 'eval',
  'eval.metrics': 'eval',
  'eval.on': 'eval',
};

/** The fact an item kind states when it says one again (its slots are another item's). */
const FACT_OF_KIND: Record<string, string> = { howMany: 'question', size: 'model', hub: 'model', mode: 'method', serve: 'method', lora: 'method', hardware: 'gpus', kvDtype: 'kv cache', impl: 'optimizer' };

const factOf = (slot: string): string => FACT_OF_SLOT[slot] ?? (slot.startsWith('lora.') ? 'lora' : slot.startsWith('par.') ? slot.slice(4) : slot.startsWith('arch.') ? slot.slice(5) : slot);

/**
 * The program that serves, as the method fact names it: the engine the user named, not the layout it is counted
 * with. A llama.cpp-family run (llama.cpp, Ollama, LM Studio, KoboldCpp) is counted on the transformers layout
 * (inference.engine 'hf') but served by llama.cpp, as the reply's "Read as" line says: the trace had said
 * "inference (hf)" beside "framework llamacpp".
 */
const servedBy = (s: Scenario): string =>
  s.inference.server ?? s.inference.fork ?? s.inference.namedEngine ?? (s.framework === 'llamacpp' ? 'llama.cpp' : s.inference.engine);

/** The facts every estimate states, each traced to an item, a default or the thread. */
const STATED: Record<string, (s: Scenario) => string> = {
  model: (s) => s.model.name,
  method: (s) => (s.mode === 'inference' ? `inference (${servedBy(s)})` : s.mode === 'full' ? (s.pretrain ? 'pre-training' : 'full fine-tune') : `${s.mode} r${s.lora?.rank}`),
  precision: (s) => (s.mode === 'inference' ? `${s.weights} weights` : `${s.compute} ${s.recipe}`),
  gpus: (s) => hardwareWords(s) || 'no card named',
  seq: (s) => String(s.seq),
  batch: (s) => String(s.microBatch),
  framework: (s) => s.framework,
};

/** A fact's value as the scenario holds it, or as the slot was set when the scenario has no field for it. */
function valueOf(fact: string, slots: [string, unknown][], s: Scenario): string {
  if (fact === 'card') return hardwareWords(s);
  if (fact === 'question' && s.question.kind === 'howMany') return `how many ${s.question.gpuId ?? 'GPUs'}`;
  if (fact === 'gpus') return String(s.hardware?.count ?? slots.map(([, v]) => v).join(' × '));
  // The load the clients send, in the words the reply uses for it ("10 concurrent users"), not the slot's name.
  if (fact === 'clientLoad') {
    const load = slots.map(([, v]) => shown(v)).join(', ');
    return `${load} concurrent ${load === '1' ? 'user' : 'users'}`;
  }
  const stated = STATED[fact];
  if (stated) return stated(s);
  return slots.map(([, v]) => shown(v)).join(', ');
}

function shown(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  if (Array.isArray(value)) return value.join(',');
  const v = value as { text?: string; kind?: string; gpuId?: string | null; capacityGiB?: number | null };
  if (v.gpuId !== undefined) return v.gpuId ?? `${v.capacityGiB} GB`;
  return v.text ?? v.kind ?? JSON.stringify(value);
}

/**
 * The facts of a resolved request, in the order of the user's text: one per fact and item that set
 * it (from the patch's slots, so an item set aside states nothing), the items that said a fact
 * again, the help words; then the facts every estimate states that no item set.
 */
/** What the facts are weighed against: the thread's scenario, and whether the model was chosen among several the message names. */
export interface FactContext {
  previous?: Scenario | null;
  modelChosenAmong?: boolean;
  /** The reading's own notes: a fact they already say with its words is not said twice. */
  notes?: readonly string[];
  /** The nodes the resolver assumed a count of GPUs on each for (resolve-hardware.ts): that hardware fact is weak. */
  perNodeDefault?: { nodes: number; perNode: number } | null;
}

export function factsOf(patch: Patch, items: readonly Item[], traces: readonly ItemTrace[], s: Scenario, followUp: boolean, text = '', context: FactContext = {}): FactTrace[] {
  const fromItem = (fact: string, value: string, item: Item, t: ItemTrace | undefined) => factFromItem(fact, value, item, t, text);
  const traceOf = (item: Item): ItemTrace | undefined => traces[items.indexOf(item)] ?? traces.find((t) => t.at <= item.at && item.end <= t.end);
  const stated = [...slotFacts(patch, s, traceOf, fromItem), ...restatedFacts(patch, items, s, traceOf, fromItem)];
  // One item may stand for two slots of one fact ("--bf16": recipe and compute): said once.
  const facts = stated.filter((f, i) => stated.findIndex((g) => g.fact === f.fact && g.value === f.value && g.at === f.at && g.end === f.end) === i);
  facts.sort((a, b) => a.at! - b.at!);
  const said = new Set(facts.map((f) => (f.fact === 'card' ? 'gpus' : f.fact)));
  for (const [fact, value] of Object.entries(STATED)) {
    const rules = [followUp ? 'follow-up' : 'default'];
    const cue = cueOf(fact, value(s), rules, '');
    const evidence = fact === 'framework' ? ({ evidence: 'default' } as const) : {};
    if (!said.has(fact)) facts.push({ fact, value: value(s), rules, at: null, end: null, words: '', weak: false, ...(cue ? { cue } : {}), ...evidence });
  }
  // Each rule's kinds of thin evidence first, then the strength measured from the evidence's properties (fact-strength.ts).
  return withStrength(weighFacts(facts, patch, s, text, context), text);
}

/** A fact read from an item's words, with the item's trace and the cue its number was read on. */
type FromItem = (fact: string, value: string, item: Item, t: ItemTrace | undefined) => FactTrace;

function factFromItem(fact: string, value: string, item: Item, t: ItemTrace | undefined, text: string): FactTrace {
  // The words just outside the item say its cue too: "8K context" is read as the item "8K".
  const around = { before: text.slice(Math.max(0, item.at - 24), item.at), after: text.slice(item.end, item.end + 24) };
  const cue = cueOf(fact, value, t?.rules ?? [`item.${item.kind}`], t?.words ?? item.text, around);
  // A number that only sat where the fact goes, with no cue around it, is weak: said on the first screen;
  // so is a framework the message only mentions (inside a path or another name, a link's label, asked about).
  const mention = item.kind === 'framework' && text ? frameworkMention(text, item.at, item.end) : null;
  const placed = cue === 'position' || mention !== null;
  const weakWords = t?.weakStep?.words ?? (placed ? (mention?.words ?? t?.words ?? item.text).trim() : undefined);
  const evidence = fact === 'framework' ? frameworkEvidence(t?.rules ?? [`item.${item.kind}`], t?.weak ?? false, mention?.kind ?? null) : undefined;
  return {
    fact,
    value,
    rules: t?.rules ?? [`item.${item.kind}`],
    at: item.at,
    end: item.end,
    words: t?.words ?? item.text,
    weak: (t?.weak ?? false) || cue === 'position' || (evidence ? isWeakFrameworkEvidence(evidence) : mention !== null),
    ...(weakWords !== undefined ? { weakWords } : {}),
    ...(t?.doubt ? { doubt: t.doubt } : {}),
    ...(cue ? { cue } : {}),
    ...(evidence ? { evidence } : {}),
  };
}

/** The slots the patch holds, grouped by fact and by the item that set them. */
function slotFacts(patch: Patch, s: Scenario, traceOf: (item: Item) => ItemTrace | undefined, fromItem: FromItem): FactTrace[] {
  const groups = new Map<Item, Map<string, [string, unknown][]>>();
  for (const [slot, { value, item }] of patch.filled()) {
    if (slot === 'control') continue;
    const byFact = groups.get(item) ?? new Map<string, [string, unknown][]>();
    const fact = factOf(slot);
    byFact.set(fact, [...(byFact.get(fact) ?? []), [slot, value]]);
    groups.set(item, byFact);
  }
  return [...groups].flatMap(([item, byFact]) => [...byFact].map(([fact, slots]) => fromItem(fact, valueOf(fact, slots, s), item, traceOf(item))));
}

/**
 * Items that set no slot: a help word (what the tips answer), or a fact said again ("finetune"
 * twice), which is that fact's too. An item set aside for contradicting another is no fact: its
 * note says so, and the accounting lists it.
 */
function restatedFacts(patch: Patch, items: readonly Item[], s: Scenario, traceOf: (item: Item) => ItemTrace | undefined, fromItem: FromItem): FactTrace[] {
  const inSlots = new Set(patch.filled().map(([, slot]) => slot.item));
  const facts: FactTrace[] = [];
  for (const item of items) {
    if (inSlots.has(item) || item.kind === 'control' || patch.setAside.some((n) => n.includes(`"${item.text}"`))) continue;
    if (item.kind === 'help') {
      facts.push(fromItem('help', item.value, item, traceOf(item)));
      continue;
    }
    const fact = FACT_OF_KIND[item.kind] ?? (item.kind === 'batch' ? factOf(item.field) : item.kind);
    facts.push(fromItem(fact, valueOf(fact, [[fact, item.text]], s), item, traceOf(item)));
  }
  return facts;
}

/** How a fact is said on the first screen: "2 GPUs", "seq 4096", "card A100 80GB". */
/** A question's value as the reply says it. */
const QUESTION_WORDS: Readonly<Record<string, string>> = { whichGpu: 'which GPU', maxSeq: 'max seq', maxBatch: 'max batch' };

function said(f: FactTrace): string {
  if (f.fact === 'gpus') return `${f.value} GPU${f.value === '1' ? '' : 's'}`;
  if (f.fact === 'model' || f.fact === 'card') return f.value;
  if (f.fact === 'hostRam') return `${f.value} GB of host RAM`;
  if (f.fact === 'question' && QUESTION_WORDS[f.value]) return `the question "${QUESTION_WORDS[f.value]}"`;
  return `${f.fact} ${f.value}`;
}

/** What the user says instead if the weak reading is wrong. */
function correction(f: FactTrace): string {
  if (f.nodeSwitch) return f.nodeSwitch;
  switch (f.fact) {
    case 'gpus':
      if (f.uncounted) return 'say "on N gpus" with your count';
      if (f.alternative) return `say "${f.alternative}" if the run uses them all`;
      return f.value === '1' ? 'say "on 2 GPUs" (your count)' : 'say "on 1 GPU"';
    case 'card':
      if (f.asTotal) return `say "${f.asTotal.say}" if ${f.asTotal.gib} GB is ${f.asTotal.cards} memory in all`;
      if (f.uncounted) return `say "on N gpus" with your count${f.sizes?.length ? `; ${f.sizes.map((o) => `"${o.id}" if yours has ${o.gib} GB`).join('; ')}` : ''}`;
      if (f.bareMemory) return 'say "on <your card>" if that figure is not your GPU\'s memory';
      if (f.capacity) return `PyTorch's out-of-memory message says "${f.capacity.words}": say "${f.capacity.say}" if that is your card`;
      return f.sizes?.length ? f.sizes.map((o) => `say "${o.id}" if yours has ${o.gib} GB`).join('; ') : 'say "on <your card>"';
    case 'seq':
      return 'say "seq N" with your length';
    case 'hostRam':
      // A memory read as the machine's beside its system's name (hardware/host-memory.ts): the other reading is a card's.
      return `say "on ${f.value}gb" if it is your GPU's memory`;
    case 'batch':
      // A benchmark's concurrency (benchmark-load.ts): the client's load, or sequences the engine holds at once.
      if (f.alternative) return `say "${f.alternative}" if that is the client's load, not sequences your engine holds at once`;
      return 'say "bs N" with your batch';
    case 'model':
      // A model only a pasted log names (its loader's file path, an engine's config echo, segments/log-evidence.ts).
      if (f.rules.some((r) => /^log\.model-/.test(r))) return "it is named only in a pasted log: say the model's name or size";
      return f.alternative ? `say ${f.alternative} if you mean another generation` : "say the model's name or size";
    case 'method':
      if (f.against) return `"${f.against}" is a training setting: say "train" if it trains`;
      if (f.otherMethod) return `say "${f.otherMethod}" if you mean that one`;
      return f.alternative ? `say "${f.alternative}" if it trains` : 'say the method you mean';
    case 'precision':
    case 'weights':
      // One of two formats the message names ("BF16和FP8", format-alternatives.ts): the other is the switch.
      // A 4-bit width in a name (format-alternatives.ts withWidthSuffix): a GPTQ or an AWQ checkpoint as often as
      // bitsandbytes' NF4 (Qwen's 72B 4-bit release is AWQ, QwenLM/Qwen3-VL#894), and either runs its matmuls in fp16.
      // So is a width in prose ("30B in 4bit", prose.width-only; "4bit量化版本" of a 70B in ktransformers' world is a
      // GGUF Q4_K_M, kvcache-ai/ktransformers#187, c1229).
      if (f.fact === 'weights' && f.value === 'nf4' && (f.alternative === 'gptq' || f.rules.includes('prose.width-only')))
        return 'say "gptq", "awq" or "q4_k_m" if your 4 bits are one of those (another compute precision too)';
      // A width served by vLLM or SGLang (GPTQ-sized) or LMDeploy (AWQ) (prose.width-only): a checkpoint quantised already;
      // the other 4-bit formats are the switch, and bitsandbytes' computes in another dtype than the GPTQ/AWQ kernels' fp16.
      if (f.fact === 'weights' && (f.value === 'gptq' || f.value === 'awq') && f.rules.includes('prose.width-only'))
        return `say ${f.value === 'gptq' ? '"awq"' : '"gptq"'}, "nf4" (bitsandbytes) or "q4_k_m" if your 4 bits are one of those (another compute precision too)`;
      // A bare "int4" read as GPTQ (format-alternatives.ts withBareInt4): bitsandbytes' 4 bits are the other reading.
      if (f.fact === 'weights' && f.value === 'gptq' && f.alternative === 'nf4') return 'say "nf4" if bitsandbytes quantises it on load (load_in_4bit: another compute precision too)';
      if (f.alternative) return `say "${f.alternative}" if you mean that one`;
      if (f.fact === 'weights') return 'say "bf16" if the model you run is not that one';
      // `bf16: auto`: the card decides, and a card with no bf16 (V100, T4) trains in fp16.
      // An fp16 block's "auto" under Megatron-DeepSpeed (config-keys/precision.ts `enabled`): the launcher's flag decides.
      if (/\bauto\b/.test(f.weakWords ?? '') && /fp16/.test(f.value)) return 'say "bf16" if your launcher passes --bf16';
      return /\bauto\b/.test(f.weakWords ?? '') ? 'say "fp16" if your card has no bf16 (V100, T4)' : 'say the precision you mean';
    case 'question':
      // "多少gpu内存", "GPU RAM required": the memory is asked, and the estimate answers it without the card question.
      if (f.memoryAsked) return `"${clipped(f.memoryAsked)}" asks how much memory: leave out "${clipped(f.alternative ?? f.words.trim())}" if that is all you asked`;
      if (f.value.startsWith('how many')) return 'say your cards ("on 8x A100") if you asked whether yours fit';
      // "which GPU" beside the cards the message names (fact-doubts.ts withQuestionDoubt).
      return f.alternative ? `leave out "${f.alternative}" if you asked whether your cards fit` : 'say what you ask';
    case 'framework':
      // Plain Hugging Face taken from a mention ("your accelerate config" in an error) has no "hf" to switch to.
      if (f.evidence === 'keys') return 'say "hf" if another program reads this config';
      return f.value === 'hf' ? 'say the framework you run' : `say "hf" if you do not run ${f.value}`;
    default:
      // One of several values the message gives a setting (setting-alternatives.ts: "zero2/zero3"): the other is the switch.
      return f.alternative ? `say "${f.alternative}" if you mean that one` : `say the ${f.fact} you mean`;
  }
}

/**
 * The weak facts in words for the first screen (issue 22, item 5): the fact, the user's words it
 * came from, and how to correct it — \`2 GPUs — from "every 2-3 steps"? say "on 1 GPU" if not\`.
 * A hardware guess states its own note already (with its correction), so it is not said twice.
 */
export function weakFactNotices(facts: readonly FactTrace[]): string[] {
  // One fact taken weakly from several places ("inference" from "inference", "finetune" and "run", c2092)
  // is said once with every span it came from, not once per span.
  type Spans = { fact: string; instead: string; words: string[] };
  const byFact = new Map<string, Spans>();
  const notices: (string | Spans)[] = [];
  for (const f of saidWeak(facts)) {
    const words = clipped(f.weakWords || f.words.trim());
    if (f.familySizes) {
      notices.push(familySizeQuestion(f.weakWords || f.words.trim(), f.familySizes));
      continue;
    }
    // A program's own default, printed among all its arguments: no doubt of what ran, but a switch the user did not choose.
    if (f.printedDefault) {
      notices.push(`${said(f)} — ${f.printedDefault.program}'s default, printed as "${words}": say "${f.printedDefault.switchTo}" if you turn it on`);
      continue;
    }
    const instead = correction(f);
    // A method that is only the default of a framework read on weak evidence says where it came from.
    if (f.derivedFrom) {
      notices.push(`${said(f)} — ${f.derivedFrom}'s default method, and ${f.derivedFrom} is read from "${words}"? ${instead}`);
      continue;
    }
    const key = `${said(f)}\u0000${instead}`;
    const seen = byFact.get(key);
    // The same words in another case ("unsloth/Meta-Llama…" and its "UNSLOTH/META-LLAMA…" echo, c564) are one span.
    if (seen) {
      if (!seen.words.some((w) => w.toLowerCase() === words.toLowerCase())) seen.words.push(words);
      continue;
    }
    const spans: Spans = { fact: said(f), instead, words: [words] };
    byFact.set(key, spans);
    notices.push(spans);
  }
  return notices.map((n) =>
    // "say "a100-40g" if yours has 40 GB" carries its own condition.
    typeof n === 'string' ? n : `${n.fact} — from ${n.words.map((w) => `"${w}"`).join(', ')}? ${n.instead}${/\bif\b/.test(n.instead) ? '' : ' if not'}`,
  );
}

/** "llama2 — which size: 7b, 13b or 70b? read as 7b". */
function familySizeQuestion(words: string, { sizes, read }: { sizes: string[]; read: string }): string {
  const choices = `${sizes.slice(0, -1).join(', ')} or ${sizes.at(-1)}`;
  return `${clipped(words)} — which size: ${choices}? read as ${read}`;
}

/**
 * The weak facts the first screen says: those with their words, less any that another item of the
 * message states with the same value on a strong cue ("加载" read as a fine-tune beside
 * `finetuning_type: full`; "ollama.com" beside "I run ollama"): the fact stands on that one.
 */
export function saidWeak(facts: readonly FactTrace[]): FactTrace[] {
  // A bare train word ("训练", "run") carries the method read elsewhere: it says training, not LoRA, so a
  // LoRA only a name suggested ("chinese -LLAMA-LORA 7B模型训练", c1001) stays said.
  // So does one beside a pair of methods the message names ("run … (full fine-tuning/LoRA)?", c642): only
  // the method's own words stand over the saying.
  const namesMethod = (g: FactTrace, f: FactTrace) => {
    if (f.fact !== 'method') return true;
    if (/lora/i.test(f.value)) return /lora|peft|adapter/i.test(g.words) || g.rules.includes('item.lora');
    return f.otherMethod === undefined || /full|全量|全参|pre-?train/i.test(g.words);
  };
  const strong = (f: FactTrace) => f.against === undefined && facts.some((g) => g !== f && !g.weak && g.at !== null && g.fact === f.fact && g.value === f.value && namesMethod(g, f));
  return facts.filter((f) => f.weak && f.weakWords !== undefined && !strong(f));
}

/** Words quoted in a notice, cut at a word near 80 characters: a sentence asked about can be long. */
function clipped(words: string): string {
  const flat = words.replace(/\s+/g, ' ');
  return flat.length <= 80 ? flat : `${flat.slice(0, 80).replace(/\s+\S*$/, '')}…`;
}
