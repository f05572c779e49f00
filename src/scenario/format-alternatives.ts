import { allMatches } from '../language/all-matches.js';
import type { FactTrace } from './facts.js';

/**
 * A weight format or precision the message names beside another, as alternatives or both ("部署BF16和FP8的
 * deepseek v3，分别需要多少显存", deepseek-ai/DeepSeek-R1#354, c1297; "GPTQ or AWQ", c681; "4 bit or 8 bit",
 * c879; "FP8 or 4-bit", c1133; "bfloat16 vs. float16", c1163), or a model named with its quantised
 * variant in brackets ("Qwen3-VL-235B(-FP8) deployed on 8 A100s", QwenLM/Qwen3-VL#1684, c1246: the base
 * checkpoint or its FP8 one): the reading kept one of the two, so the format is weak, said once with
 * the words that name both. A flag that sets the format (`--quantization fp8`) stands over the saying
 * (facts.ts saidWeak: a strong fact of the same value).
 */

/** The formats and precisions a message names: dtypes, quantisation methods, bit widths, GGUF types. */
const FORMAT = String.raw`(?:bf16|fp16|fp8|fp32|fp4|int8|int4|nf4|awq|gptq|gguf|exl2|bfloat16|float16|half|w[48]a(?:8|16)|[48][- ]?bits?|q[2-8]_k(?:_[msl])?|q[458]_[01])`;
/** Joining words, and the words of a comparison: "int8 compared to bf16", "awq比gptq", "AWQ相比GPTQ". */
const JOINED = String.raw`\s*(?:和|与|跟|及|以及|或者?|还是|、|/|\band\b|\bor\b|\bvs\.?|\bversus\b|\bcompared (?:to|with)\b|相比于?|对比|比)\s*`;
/** Two formats joined ("BF16和FP8", "GPTQ or AWQ"); not inside a name or a path ("Q4_K_M/Q8_0" in a file list reads so too, and is as much a choice). */
const FORMAT_PAIR = new RegExp(String.raw`(?<![A-Za-z0-9_.-])${FORMAT}${JOINED}${FORMAT}(?![A-Za-z0-9_-])`, 'giu');
/**
 * Two formats weighed by a comparative with up to three words before "than" ("is awq better than gptq", "fp8 runs
 * much faster than bf16"): as much a choice between them as "awq or gptq" (invented variations, rprec4; the comparison
 * family of c3143, HYGON-AI/inference-cookbook-das#58, "int8 vs bf16"). The words are letters only, so the gap cannot run over another format or a number.
 */
const COMPARED = new RegExp(String.raw`(?<![A-Za-z0-9_.-])${FORMAT}(?:\s+[a-z]+){0,3}\s+than\s+${FORMAT}(?![A-Za-z0-9_-])`, 'giu');
/**
 * Two formats in parallel clauses, each with its own figure: "35b-w8a8推荐四卡，bf16推荐两卡" (HYGON-AI/inference-cookbook-das#58,
 * c3143), "int8 needs 2 GPUs, bf16 needs 4", "INT4 24G够，BF16要48G": the message weighs the two, and the reading keeps one.
 * Bounded gaps inside one sentence (no full stop, question mark or line break between).
 */
const CLAUSE = String.raw`[^，,;；。.!?？\n]`;
const FIGURE = String.raw`(?:\d|[一二两三四五六七八九十])`;
const PARALLEL = new RegExp(String.raw`(?<![A-Za-z0-9_.])${FORMAT}${CLAUSE}{0,12}?${FIGURE}${CLAUSE}{0,8}[，,;；]\s*${CLAUSE}{0,12}?${FORMAT}${CLAUSE}{0,12}?${FIGURE}`, 'giu');
/** A format in brackets as a name's variant, right after the name: "Qwen3-VL-235B(-FP8)", "Llama-3-70B (-AWQ)". */
const VARIANT = new RegExp(String.raw`(?<=[A-Za-z0-9.])\s?[(（]\s*-\s*${FORMAT}\s*[)）]`, 'giu');
/** What every match holds under the flags: a message without two format words has no pair, and the scan is skipped. */
const NAMES_A_FORMAT = new RegExp(FORMAT, 'iu');

const FORMAT_FACTS = new Set(['precision', 'weights']);

const EACH_FORMAT = new RegExp(FORMAT, 'giu');

/** The two formats of a pair, lower-cased without spaces: "4 bit or 4bit" is one format said twice. */
function twoFormats(words: string): boolean {
  const parts = allMatches(EACH_FORMAT, words).map((m) => m[0].toLowerCase().replace(/[\s-]/g, ''));
  return new Set(parts).size > 1;
}

export function withFormatAlternatives(facts: FactTrace[], text: string): FactTrace[] {
  if (!text || !NAMES_A_FORMAT.test(text)) return facts;
  const spans = [
    ...[...allMatches(FORMAT_PAIR, text), ...allMatches(COMPARED, text), ...allMatches(PARALLEL, text)].filter((m) => twoFormats(m[0])),
    ...allMatches(VARIANT, text),
  ].map((m) => ({ at: m.index, end: m.index + m[0].length, words: m[0].trim() }));
  // The pair's other format, as the reply's switch ("BF16和FP8" read as bf16: say "fp8"); a variant in brackets has none to name.
  const other = (f: FactTrace, sp: { at: number; words: string }) => {
    const own = text.slice(f.at!, f.end!).toLowerCase().replace(/[\s-]/g, '');
    const found = allMatches(EACH_FORMAT, sp.words).map((m) => m[0].toLowerCase().replace(/[\s-]/g, '')).find((w) => w !== own);
    return found && !sp.words.startsWith('(') && !sp.words.startsWith('（') ? { alternative: found } : {};
  };
  if (!spans.length) return facts;
  const within = (f: FactTrace) => (FORMAT_FACTS.has(f.fact) && f.at !== null && f.end !== null ? spans.find((sp) => sp.at < f.end! && f.at! < sp.end) : undefined);
  let said = false;
  return facts.map((f) => {
    const span = f.weak ? undefined : within(f);
    if (!span) return f;
    // The first fact of a pair says it; the others are weak with it (none stands strong over the saying).
    if (said) return { ...f, weak: true };
    said = true;
    return { ...f, weak: true, weakWords: span.words, ...other(f, span) };
  });
}

/**
 * A width the item language read on its own out of a name it is glued to, where no name rule took the
 * name whole: "72B-4bit模型部署" (QwenLM/Qwen3-VL#894, c1456: Qwen's 4-bit release is AWQ), "download the
 * model llama13b-4bit.pt" (oobabooga/textgen#1861, c574: a GPTQ-for-LLaMa file). As thin as the suffix
 * a name rule reads: the width names no format. A bitsandbytes loader or QLoRA named in the message
 * ("load_in_4bit=True", "bnb", "nf4") says which 4 bits they are, and the width stays.
 */
const GLUED_BEFORE = /[A-Za-z0-9][-_]$/;
const BNB_NAMED = /load[-_ ]?in[-_ ]?[48][-_ ]?bit|bitsandbytes|\bbnb\b|\bnf4\b|\bfp4\b|q-?lora|BitsAndBytesConfig/i;

function gluedWidth(f: FactTrace, text: string): boolean {
  return f.rules.length === 1 && f.rules[0] === 'item.weights' && GLUED_BEFORE.test(text.slice(Math.max(0, f.at! - 2), f.at!));
}

/** A name's suffix that gives a width and no format: "-4bit", "_8bit", "-4bits". */
const WIDTH_SUFFIX = /^[-_]?[48][-_]?bits?$/i;

/**
 * A weight format read from a name's width suffix alone ("Baichuan2-13B-chat-4bit" in the title of
 * baichuan-inc/Baichuan2#303, c607; "-4bit" in c543, c917; "_4bit", c1074) is as thin as the same
 * width in prose (prose/rules/names.ts prose.width-only, weak): the width names no format, and the
 * reading's bitsandbytes guess (NF4 for 4 bits) stood wrong in two of those four lines. Weak, said
 * with the whole name it sits in. "-bnb-4bit" names bitsandbytes and stays.
 */
export function withWidthSuffix(f: FactTrace, text: string): FactTrace {
  if (f.fact !== 'weights' || f.weak || f.at === null || f.end === null || !WIDTH_SUFFIX.test(f.words.trim())) return f;
  if (!f.rules.includes('prose.model-suffix') && !gluedWidth(f, text)) return f;
  // A bitsandbytes loader the message names ("-4bit" beside load_in_4bit=True) says which 4 bits they are.
  if (BNB_NAMED.test(text)) return f;
  // The name's own characters: a path or a Hub id, never the Chinese words it is written among ("部署internlm-20b-4bit，用…", c543).
  const start = f.at - (/[\w./:-]*$/.exec(text.slice(0, f.at))?.[0].length ?? 0);
  const end = f.end + (/^[\w./:-]*/.exec(text.slice(f.end))?.[0].length ?? 0);
  const name = text.slice(start, end).replace(/[,.;:!?]+$/, '').trim();
  // Four bits are a GPTQ-kind checkpoint's or bitsandbytes' (oobabooga/textgen#297, c430): the other is the switch (a
  // name's "-4bit" after its size reads as GPTQ-kind, model-name.ts; a key's as NF4); eight bits stay LLM.int8's.
  const other = f.value === 'gptq' ? 'nf4' : 'gptq';
  return { ...f, weak: true, weakWords: name || f.words.trim(), ...(/4/.test(f.words) ? { alternative: other } : {}) };
}

/** A format the message names besides a bare "int4": the int4 is that format's width ("GPTQ-Int4", "AWQ int4", "W4A16"). */
const INT4_FORMAT_NAMED = /gptq|awq|w4a16|marlin|exl2|autoround|quantize\(4\)/i;

/**
 * A bare "int4" the user writes ("对glm4-voice-9b int4量化", zai-org/GLM-4-Voice#25, c1338) is read as GPTQ,
 * the item language's meaning, but names no format: THUDM's and OpenBMB's "-int4" releases are bitsandbytes
 * 4-bit ("cogvlm2-llama3-chat-19B-int4", zai-org/CogVLM2#133, c1192; "MiniCPM-V 2.6 int4", OpenBMB/MiniCPM-V#525,
 * c1345), and "int4量化" with load_in_4bit is bitsandbytes quantising on load. Weak, with NF4 as the switch,
 * unless a format the message names makes the int4 its width.
 */
export function withBareInt4(f: FactTrace, text: string): FactTrace {
  if (f.fact !== 'weights' || f.weak || f.value !== 'gptq' || f.at === null || !/^int4$/i.test(f.words.trim()) || INT4_FORMAT_NAMED.test(text)) return f;
  return { ...f, weak: true, weakWords: f.words.trim(), alternative: 'nf4' };
}
