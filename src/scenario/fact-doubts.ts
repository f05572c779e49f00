import { allMatches } from '../language/all-matches.js';
import { boundBefore } from '../language/length-bound.js';
import { familySizeGuess } from '../language/family-size-note.js';
import { memoryOff, namesMemory, otherSizes, siblings } from './card-variants.js';
import { sharedNameIn } from '../language/hardware/shared-names.js';
import { askedBesideStated, howManyDoubt, statedNotAsked } from './fact-cues.js';
import type { FactContext, FactTrace } from './facts.js';
import { withMemoryTotal } from './memory-totals.js';
import { withBareMemory } from './bare-memory.js';
import { withUncountedCards } from './uncounted-cards.js';
import { withCapacityAgainstCard } from './card-against-capacity.js';
import { withBareInt4, withFormatAlternatives, withWidthSuffix } from './format-alternatives.js';
import { withOutputDoubts } from './output-doubts.js';
import { withBenchmarkLoad } from './benchmark-load.js';
import { withParameterDefault } from './parameter-defaults.js';
import { withPrintedDefault } from './printed-defaults.js';
import { withConfigShapeOnly } from './config-shape-only.js';
import { withExampleValues } from './example-values.js';
import { withNodeCount } from './node-counts.js';
import { withMemoryAsked } from './memory-asked.js';
import { withLibraryMention } from './library-mentions.js';
import { withPretrainAlternatives } from './pretrain-pairs.js';
import { withSettingAlternatives } from './setting-alternatives.js';
import { namesGeneration, otherGenerations } from './model-family.js';
import { seriesSizes } from './model-series.js';
import { readFromReleaseLabel } from './released-sizes.js';
import type { Patch } from './patch.js';
import { presetFor } from './presets.js';
import type { Scenario } from './schema.js';
import { TRAINING_ONLY_SLOTS, firstTrainingSetting } from './training-slots.js';

/**
 * Kinds of thin evidence, weighed over all the facts of a reading (issue 22, item 5): each makes
 * a fact weak in general — a card with no memory or a memory not its own, a launcher's count
 * against the thread's, a model with no generation, inference beside a training setting, a
 * format in the name of a model chosen among several, "how many GPUs" not asked. A weak fact is
 * said on the first screen with its words and how to correct it (facts.ts, weakFactNotices).
 */
export function weighFacts(facts: FactTrace[], patch: Patch, s: Scenario, text: string, context: FactContext): FactTrace[] {
  const weighed = withTrainingSettings(
    facts.map((f) => withBenchmarkLoad(withPrintedDefault(withReleaseLabel(f, s), text), s, text)).map((f) => withGeneration(withFamilySize(withLauncherCount(withBareMemory(withMemoryTotal(withCardSize(f, s), s), s, text), context.previous ?? null), s, context.notes ?? []), s, context.notes ?? [])),
    patch,
    s,
  );
  const questioned = withMemoryAsked(withQuestionDoubt(context.modelChosenAmong ? weighed.map((f) => withNamedWeights(f, text)) : weighed, text), text);
  const methods = withSettingAlternatives(withPretrainAlternatives(withMethodAlternatives(questioned.map((f) => withWidthSuffix(withParameterDefault(withFailureThreshold(withTrainingFramework(f, patch, s), text), text), text)), text), text), text);
  const doubted = withLibraryMention(withExampleValues(withReportedSource(methods, text), text), s, text);
  // A bare int4 is weighed after the pairs: "int4 or int8" says both formats, not int4 alone.
  return withCapacityAgainstCard(withNodeCount(withUncountedCards(withMethodOfWeakFramework(withOutputDoubts(withConfigShapeOnly(withFormatAlternatives(doubted, text).map((f) => withBareInt4(f, text)), text), text), s), s, context.notes ?? [], text), s, text, context.perNodeDefault ?? null), s, text);
}

/** A method named by its own words: "lora", "qlora", "peft", "adapter", "full", 全量 / 全参, "pre-train". */
const NAMES_A_METHOD = /lora|peft|adapter|\bfull\b|全量|全参|pre-?train|预训练|freeze/i;

/**
 * A method that is only a framework's own default (LLaMA-Factory's finetuning_type lora, Unsloth's
 * 4-bit QLoRA, presets.ts) stands on the framework: where the framework was read on weak evidence
 * (only mentioned, set against the run: "用llama factory进行sft可以…，但这个框架就算batch设为1…也会报OOM",
 * fe1ixxu/ALMA#42, c927), the method derived from it is as weak, said on the first screen with the
 * framework's words and the method to switch to. A method the message names in its own words stands.
 */
function withMethodOfWeakFramework(facts: FactTrace[], s: Scenario): FactTrace[] {
  if (s.mode === 'inference' || s.mode === 'full') return facts;
  // The framework stands on weak evidence only: every place it was read from is weak (an Unsloth Hub id beside "I use unsloth" stands, c243).
  const read = facts.filter((f) => f.fact === 'framework' && f.at !== null);
  const framework = read[0];
  if (!framework || read.some((f) => !f.weak) || presetFor(s.framework, s.mode, 1).mode !== s.mode) return facts;
  const methods = facts.filter((f) => f.fact === 'method');
  if (methods.some((f) => f.at !== null && (f.rules.includes('item.lora') || NAMES_A_METHOD.test(f.words)))) return facts;
  // Weights the message names ("4bit is enough", NF4, a -bnb-4bit checkpoint) say adapters on their own (c1323).
  if (facts.some((f) => (f.fact === 'weights' && f.at !== null) || (f.fact === 'model' && /4-?bit|8-?bit|nf4|gptq|awq/i.test(f.words)))) return facts;
  const first = methods.find((f) => !f.weak);
  if (!first) return facts;
  const words = (framework.weakWords ?? framework.words).trim();
  return facts.map((f) => (f === first ? { ...f, weak: true, weakWords: words, derivedFrom: framework.value, otherMethod: 'full' } : f));
}

/**
 * Words that report what a document says rather than the user's run: "The docs say one needs 80GB for
 * a normal 7b model" (c853), 'In the README on GitHub, it states: "… fine-tuning a 7B model requires
 * …"' (c749), "the following line in the README, since usually it needs … to finetune 8B" (c339),
 * "在文档中，官方给出的所使用设备 … 8 * Nvidia A800 80 GB + DeepSpeed" (XVERSE-7B#2, c983).
 */
const REPORTED_SOURCE = /\b(?:in|from|according to|per) (?:the |their |its )?(?:readme|docs|documentation|paper|model card)\b|\b(?:the )?(?:readme|docs|documentation|paper|model card) (?:says?|states?|said|claims?|mentions?|recommends?|suggests?|lists?)\b|文档(?:中|里|上)|官方(?:给出|推荐|说)|论文(?:中|里)|readme(?:中|里|上)/giu;
/** Words of use before the source: the user ran what it gives ("使用的是readme中的…示例配置", "as readme says, then ran"). */
const FOLLOWED = /(?:使用(?:的是|了)?|用(?:的是|了)|按照?|照着?|根据|\bfollow(?:ing|ed)?|\busing|\bused?|\bas)\s*(?:the\s+)?$/iu;
/** Where the reported words end: the sentence's end, a line's, the user's own words again ("I", "my", "我"), or a turn against them ("but Runpod UI doesn't allow…", c754). */
const REPORT_END = /[.!?](?=\s|$)|[\n。！？]|\b(?:I|we|my|our|but|however|though|yet)\b|我|但/u;

/**
 * A fact read from words that report what a document or the model's makers say (a README's table,
 * the docs' hardware) is that document's setup, not necessarily the user's run: weak, said with its
 * words, unless the user says they followed it. Over the corpus these facts were wrong in four of
 * seven messages (c339, c749, c853, c983), one of them silent (c983's DeepSpeed).
 */
/** What every match of REPORTED_SOURCE holds, under its flags: most messages lack it, and the scan is skipped (issue 22). */
const NAMES_A_SOURCE = /readme|docs|documentation|paper|model card|文档|官方|论文/iu;

function withReportedSource(facts: FactTrace[], text: string): FactTrace[] {
  if (!NAMES_A_SOURCE.test(text)) return facts;
  const spans: { at: number; end: number }[] = [];
  for (const m of allMatches(REPORTED_SOURCE, text)) {
    if (FOLLOWED.test(text.slice(Math.max(0, m.index - 12), m.index))) continue;
    const from = m.index + m[0].length;
    const stop = REPORT_END.exec(text.slice(from));
    spans.push({ at: m.index, end: stop ? from + stop.index : text.length });
  }
  if (!spans.length) return facts;
  return facts.map((f) => {
    if (f.weak || f.at === null || f.end === null || f.fact === 'help' || !spans.some((sp) => sp.at <= f.at! && f.end! <= sp.end)) return f;
    return { ...f, weak: true, weakWords: f.words.trim() };
  });
}

/** A full fine-tune's words and LoRA's, as a message names them side by side. */
const FULL_WORDS = String.raw`(?:sft|full(?:[- ]?(?:fine[- ]?tun\w*|finetun\w*|param\w*|sft))?|全量(?:微调|参数)?|全参(?:数)?(?:微调)?)`;
const LORA_WORDS = String.raw`q?lora`;
/** What every pair holds (LORA_WORDS), under METHOD_PAIR's flags. */
const LORA_NAMED = /lora/iu;
const JOINED = String.raw`\s*(?:和|与|跟|及|以及|或者?|还是|、|/|\band\b|\bor\b|\bvs\.?)\s*`;
/** The two joined as alternatives or both ("sft和lora", "(full fine-tuning/LoRA)", "LoRA or full"); not inside a path ("saves/llama3-8b/lora/sft"). */
const METHOD_PAIR = new RegExp(String.raw`(?<![\w/.-])(?:${FULL_WORDS}${JOINED}${LORA_WORDS}|${LORA_WORDS}${JOINED}${FULL_WORDS})(?![\w/.-])`, 'giu');

/**
 * A method read where the message names a full fine-tune and LoRA together, as alternatives or
 * both ("跑70B的sft和lora都报内存不足", LlamaChinese/Llama-Chinese#278, c934; "with 4 40G A100 (full
 * fine-tuning/LoRA)?", OpenRLHF, c642): the reading kept one of the two, so the method is weak,
 * said once with the pair and the other method as the switch.
 */
function withMethodAlternatives(facts: FactTrace[], text: string): FactTrace[] {
  // Every pair names LoRA (LORA_WORDS): without it there is none, and the scan is skipped (issue 22).
  if (!LORA_NAMED.test(text)) return facts;
  const pairs = allMatches(METHOD_PAIR, text).map((m) => ({ at: m.index, end: m.index + m[0].length, words: m[0] }));
  if (!pairs.length) return facts;
  const inPair = (f: FactTrace) => (f.fact === 'method' && f.at !== null && f.end !== null ? pairs.find((p) => p.at < f.end! && f.at! < p.end) : undefined);
  const first = facts.find((f) => inPair(f));
  if (!first || first.against !== undefined) return facts;
  const pair = inPair(first)!;
  const other = /lora/i.test(first.value) ? 'full' : 'lora';
  // Each method fact of the pair is weak (none stands strong over the saying); the first says it.
  return facts.map((f) => (f === first ? { ...f, weak: true, weakWords: pair.words.trim(), otherMethod: other } : inPair(f) ? { ...f, weak: true } : f));
}

/** A length said as the point past which a run fails: "when the length of prompt exceeds 1020, OOM happens". */
const PAST_A_LENGTH = /\b(?:exceed(?:s|ed|ing)?|beyond|longer than|more than|greater than|above|over)\s+(?:about\s+|around\s+|~\s*)?\d|超过了?\s*\d|大于\s*\d|超出了?\s*\d/i;
const REPORTS_FAILURE = /\b(?:oom|ooms|oomed|out of memory|crash(?:es|ed)?|fails?|failed)\b|显存不[足够]|爆显存|报错|溢出/i;

/**
 * A length read from where a run starts to fail ("when the length of prompt exceeds 1020, OOM happens",
 * ModelTC/LightLLM#28, c948; "输入长度超过一两百就显存不够了", QwenLM/Qwen, c664; "a MAX_TOTAL_TOKENS value
 * above 4096", c951): the run asked about is at or past it, not set to it, so the length is weak, said
 * with its words — the estimate at that length shows what fits up to where the user says it fails.
 */
function withFailureThreshold(f: FactTrace, text: string): FactTrace {
  if (f.fact !== 'seq' || f.weak || f.at === null || f.end === null || !REPORTS_FAILURE.test(text)) return f;
  if (PAST_A_LENGTH.test(f.words)) return { ...f, weak: true, weakWords: f.words.trim() };
  // The length read on its unit alone ("6000 tokens"): the bound word just before it, in the same clause.
  const before = boundBefore(text, f.at);
  return before !== null ? { ...f, weak: true, weakWords: `${before}${text.slice(f.at, f.end)}`.trim() } : f;
}

/**
 * A run read as inference with a fine-tuning library named to load it ("use unsloth to load
 * qwen2.5-32b", unslothai/unsloth#1131, c565): running it rests on the one run word, so the method
 * is weak, said with the method the library trains by default as the switch.
 */
function withTrainingFramework(f: FactTrace, patch: Patch, s: Scenario): FactTrace {
  if (f.fact !== 'method' || f.weak || f.at === null || s.mode !== 'inference' || patch.value<string>('framework') !== 'unsloth') return f;
  return { ...f, weak: true, weakWords: f.words.trim(), alternative: 'qlora' };
}

/**
 * A model named by family and size with no generation ("llama 7b" read as LLaMA-1-7B, corpus c449)
 * is weak, said with the other generations of that size; unless a note of the reading already
 * says how those words were read ("read as llama-1-13b (the base model its name gives)").
 */
function withGeneration(f: FactTrace, s: Scenario, notes: readonly string[]): FactTrace {
  if (f.fact !== 'model' || f.weak || f.at === null || !s.model.id || namesGeneration(f.words)) return f;
  const words = f.words.trim();
  // A Hub id ("huggyllama/llama-7b", "decapoda-research/llama-13b-hf") names one checkpoint; a folder's path does not.
  if (f.rules.includes('item.hub') || /^[a-z0-9][\w.-]*\/[\w.-]+$/i.test(words)) return f;
  const others = otherGenerations(s.model.id);
  // "gemma 9b" read as gemma-2-9b, "LLaMA 3B" as llama-3.2-3b (family-size.ts): the release is the
  // catalog's, not the user's, even where the catalog holds no other of that size (InternLM-7B exists
  // outside it); a bare size read in a thread's series ("now 14b") carries no family word and stays.
  const releaseFilled = f.rules.includes('item.size') && namesGeneration(s.model.id) && /\p{L}/u.test(words.replace(/\d+(?:\.\d+)?\s*[bm](?![a-z])/gi, ''));
  if ((!others.length && !releaseFilled) || notes.some((n) => n.toLowerCase().includes(`"${words.toLowerCase()}"`))) return f;
  return { ...f, weak: true, weakWords: words, ...(others.length ? { alternative: others.map((id) => `"${id}"`).join(' or ') } : {}) };
}

/**
 * A bare size read as the checkpoint released under that label ("the 345M model" as GPT-2 medium,
 * released-sizes.ts): the label is the only evidence, so the model is weak, said with its words.
 */
function withReleaseLabel(f: FactTrace, s: Scenario): FactTrace {
  if (f.fact !== 'model' || f.weak || f.at === null || !s.model.id || !readFromReleaseLabel(s.model.id, f.words)) return f;
  return { ...f, weak: true, weakWords: f.words.trim() };
}

/**
 * A family named with no size where it has several ("llama2" read as llama-2-7b, corpus c685; issue
 * 22 item 5: readings that disagree are asked): the size is a guess, said on the first screen as a
 * question with the family's sizes. The reader's note says the words were read so (family-size-note.ts);
 * a size, a parameter count or a weights' memory elsewhere in the message leaves no such note.
 */
function withFamilySize(f: FactTrace, s: Scenario, notes: readonly string[]): FactTrace {
  if (f.fact !== 'model' || f.weak || f.at === null || !s.model.id) return f;
  const words = f.words.trim().toLowerCase();
  const guess = notes.map(familySizeGuess).find((g) => g !== null && g.words.toLowerCase() === words && g.id === s.model.id);
  const sizes = seriesSizes(s.model.id);
  const read = /-(\d+(?:\.\d+)?[bm]|base|large)(?:-(?:un)?cased)?$/.exec(s.model.id)?.[1];
  if (!guess || sizes.length < 2 || !read) return f;
  return { ...f, weak: true, weakWords: f.words.trim(), familySizes: { sizes, read } };
}

/**
 * The training-only settings that cast doubt on a method read as inference: all but the optimizer's
 * implementation, whose words are everyday words in a serving message too ("input length = 2k for
 * each query", corpus c311, reads as foreach) and would say a doubt about a run nobody trains.
 */
const DOUBT_INFERENCE = TRAINING_ONLY_SLOTS.filter((slot) => slot !== 'impl');

/**
 * A run read as inference whose message sets a training-only setting (a GRPO thread's "generation
 * with vLLM" beside `gradient_accumulation_steps: 4`, corpus c337): the method rests on words the
 * settings contradict, so it is weak, said with the setting and how to switch.
 */
function withTrainingSettings(facts: FactTrace[], patch: Patch, s: Scenario): FactTrace[] {
  if (s.mode !== 'inference') return facts;
  const slot = firstTrainingSetting(patch, DOUBT_INFERENCE);
  const method = facts.find((f) => f.fact === 'method' && f.at !== null && !f.weak);
  if (!slot || !method) return facts;
  const against = patch.get(slot)!.item.text.trim();
  return facts.map((f) => (f === method ? { ...f, weak: true, weakWords: f.words.trim(), against } : f));
}

/** Rules that read a weight format out of a model's name ("…-GPTQ-4bit-128g", "-AWQ", "Q4_K_M.gguf"). */
const FORMAT_IN_NAME = new Set(['prose.model-suffix', 'prose.format-width', 'prose.gguf']);

/**
 * A weight format read from a model's name is as sure as the choice of that model: where the
 * message names several and the reading kept one ("Vicuna_13b", "Alpaca_13b" and a "vicuna-7B-GPTQ"
 * tried once, corpus c425), the format is weak, said with the name it came from.
 */
function withNamedWeights(f: FactTrace, text: string): FactTrace {
  if (f.fact !== 'weights' || f.weak || f.at === null || f.end === null || !f.rules.some((r) => FORMAT_IN_NAME.has(r))) return f;
  // The whole name the format sits in, not only its suffix.
  const start = f.at - (/[^\s()[\]"'`]*$/.exec(text.slice(0, f.at))?.[0].length ?? 0);
  const end = f.end + (/^[^\s()[\]"'`]*/.exec(text.slice(f.end))?.[0].length ?? 0);
  return { ...f, weak: true, weakWords: (text.slice(start, end).replace(/[,.;:!?]+$/, '') || f.words).trim() };
}

/** A launcher's process count: how many processes it starts, not how many cards the machine has. */
const LAUNCHER_COUNT = /^config\.key\.(?:nproc_per_node|num_processes|num_gpus|n_gpus?|world_size)$/;

/**
 * A GPU count taken from a launcher's process count where the thread said another count of cards
 * ("4*A100 (80G)" in the title, `--nproc_per_node=3` in the reply, corpus c390): the run may use
 * some of the machine's cards or all of them, so the count is weak, said with the thread's count.
 */
function withLauncherCount(f: FactTrace, previous: Scenario | null): FactTrace {
  const before = previous?.hardware?.count;
  if (f.fact !== 'gpus' || f.weak || !before || String(before) === f.value || !f.rules.some((r) => LAUNCHER_COUNT.test(r))) return f;
  return { ...f, weak: true, weakWords: f.words.trim(), alternative: `on ${before} GPUs` };
}

/**
 * "How many GPUs" said in no question, or beside the GPUs the message states, is weak; so is a card or limit
 * question written in a statement (fact-cues.ts); so is "which GPU" beside a card the message names: "What is
 * the minimum GPU requirement for training?" over "I have 4 * A6000 (49G) machine, is it enough to train
 * Vicuna-7B?" (AttentionX/InstructBLIP_PEFT#1, c1272), "the minimum GPU requirement" quoted beside "on 4x
 * A6000" (c786): the user may ask whether their cards fit, not which card to buy.
 */
function withQuestionDoubt(facts: FactTrace[], text: string): FactTrace[] {
  const statesCount = facts.some((f) => (f.fact === 'gpus' || f.fact === 'nodes') && f.at !== null && f.cue !== 'derived');
  // A card named by its type ("4× RTX A6000 48GB"), not only a memory ("8× 24 GiB GPU": "What gpus … 8*24G" asks which card of that memory, c167).
  const namedCard = facts.some((f) => f.fact === 'card' && f.at !== null && !/\bGiB GPU$/.test(f.value));
  // Where the message states its card (by name or by memory alone), for a count asked in another sentence.
  const cardsAt = facts.flatMap((f) => (f.fact === 'card' && f.at !== null ? [f.at] : []));
  // Where the message states its length, for a longest length asked in another sentence.
  const seqAt = facts.flatMap((f) => (f.fact === 'seq' && f.at !== null && f.cue !== 'derived' ? [f.at] : []));
  return facts.map((f) => {
    if (f.fact !== 'question' || f.at === null || f.end === null || f.weak) return f;
    const doubt = f.value.startsWith('how many') ? howManyDoubt(text, f.at, f.end, statesCount, cardsAt) : statedNotAsked(text, f.at, f.end);
    if (doubt) return { ...f, weak: true, weakWords: doubt };
    const besideLength = /^max ?seq$/i.test(f.value) ? askedBesideStated(text, f.at, f.end, seqAt) : null;
    if (besideLength) return { ...f, weak: true, weakWords: besideLength };
    const words = text.slice(f.at, f.end).trim();
    return f.value === 'whichGpu' && namedCard ? { ...f, weak: true, weakWords: words, alternative: words } : f;
  });
}

/**
 * A card named without its memory, where the card is sold in several sizes, is read on a weak cue;
 * so is one named with a memory near but not its own ("96GB H100" read as the H100 NVL 94GB).
 */
function withCardSize(f: FactTrace, s: Scenario): FactTrace {
  const gpuId = s.hardware?.gpuId;
  if (f.fact !== 'card' || f.at === null || !gpuId || f.weak) return f;
  if (namesMemory(f.words)) {
    const off = memoryOff(gpuId, f.words, s.hardware?.count ?? 1);
    if (off === null) return f;
    // The other sizes sold under the card's name, and the memory as written, for a card the catalog lacks.
    const sizes = [...siblings(gpuId).map((g) => ({ id: g.id, gib: Math.round(g.totalMiB / 1024) })), { id: `${off}gb`, gib: off }];
    return { ...f, weak: true, weakWords: f.words.trim(), sizes };
  }
  // "8x RTX 6000" with no memory: the name's default card, the others it is sold as said (shared-names.ts).
  const shared = sharedNameIn(f.words);
  if (shared?.cards.some((c) => c.id === gpuId)) {
    return { ...f, weak: true, weakWords: f.words.trim(), sizes: shared.cards.filter((c) => c.id !== gpuId).map((c) => ({ id: c.id ?? `${c.gib}gb`, gib: c.gib })) };
  }
  const others = otherSizes(gpuId);
  if (!others.length) return f;
  return { ...f, weak: true, weakWords: f.words.trim(), sizes: others.map((g) => ({ id: g.id, gib: Math.round(g.totalMiB / 1024) })) };
}
