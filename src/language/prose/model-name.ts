import { abbreviatedFamily, familyOf, fineTuneModel, releaseDecidesBase } from '../families.js';
import { keywordMeaning, modelIdOf } from '../lexicon.js';
import type { Piece } from '../mapped-text.js';
import { catalogTail, isKindWord } from '../model-kinds.js';
import { r1DerivativeBase } from '../read-tokens/r1-derivatives.js';
import { catalogHead, catalogHeadNote } from './catalog-head.js';

/**
 * A model's name as people write it: a compound name loses the suffixes that only say which
 * checkpoint it is (-hf, -chat, -Instruct …) and turns the ones that set the weight format (-AWQ,
 * -GPTQ-Int4, -GGUF …) into request words. The same reading names a Hub repo offline.
 */

/**
 * Suffixes that only say which checkpoint of a model it is ("-Paddle" and "-PT" are the same weights for PaddlePaddle
 * and PyTorch, baidu/ERNIE-4.5-…-Paddle / -PT). A 16- or 32-bit upload is the model's own
 * weights ("unsloth/gpt-oss-20b-BF16", unslothai/unsloth#3966, c1237; "WizardLM-30B-fp16"; "Llama-2-7b-chat-fp16").
 * "-UD" is Unsloth's Dynamic-quant tag left before a GGUF type ("DeepSeek-R1-UD-Q2_K_XL", c1260; DYNAMIC_TAG below).
 */
// AutoAWQ's and llm-awq's width and group size ("abhinavkulkarni/codellama-CodeLlama-7b-Python-hf-w4-g128-awq",
// huggingface/text-generation-inference#1019, c2302, had read as an unknown 7B) name no model: the group size "-g128" is
// dropped; the width "-w4" stays for the rules that read it ("turbomind-internlm-chat-20b-w4", c1725).
const CHECKPOINT_SUFFIX = /[-_.](?:hf|chat|instruct|it|base|sft|dpo|rlhf|preview|latest|demo|bf16|fp16|f16|fp32|paddle|pt|ud|v\d+(?:\.\d+)*|\d{4}|\d{1,3}k|g\d{2,3})$/;

/**
 * A GGUF quant type at the end of a repo's name ("openfree/mistral-small-3.1-24b-instruct-2503-q4_k_m-gguf",
 * LostRuins/koboldcpp#1480, c731; GGUF-my-repo's "…-Q4_K_M-GGUF" uploads): the type the catalog models,
 * or the one of its width (Q4_K_S, Q4_0 → q4_k_m; prose/rules/names.ts GGUF_OF_WIDTH).
 */
const GGUF_QUANT_SUFFIX = /[-_.](i?q([1-8])_(?:k(?:_[sml]|_xl)?|[01]|[a-z]{1,3}))$/;
const GGUF_OF_BITS: Record<string, string> = { 1: 'q2_k', 2: 'q2_k', 3: 'q3_k_m', 4: 'q4_k_m', 5: 'q5_k_m', 6: 'q6_k', 7: 'q8_0', 8: 'q8_0' };

/**
 * Unsloth's Dynamic quants tag the type with "UD" ("DeepSeek-R1-UD-Q2_K_XL", unsloth/DeepSeek-R1-GGUF; corpus c1260,
 * c1828; "gemma-4-26B-A4B-it-UD-Q4_K_M.gguf", c1233): a tag of the quantisation, no part of the model's name.
 */
const DYNAMIC_TAG = /[-_.]ud$/;

/**
 * The weights word of the GGUF quant type a file or folder name ends with ("DeepSeek-R1-UD-Q2_K_XL" → q2_k,
 * "Meta-Llama-3-8B-Instruct-Q8_0.gguf" → q8_0): the type the catalog models, or the one of its width. A split
 * file's part number ("-00001-of-00005") and the ".gguf" extension are no part of the type.
 */
export function ggufTypeWord(name: string): string | null {
  const m = GGUF_QUANT_SUFFIX.exec(name.toLowerCase().replace(/\.gguf$/, '').replace(/[-_]\d{5}-of-\d{5}$/, ''));
  if (!m) return null;
  return keywordMeaning(m[1]!)?.type === 'weights' ? m[1]! : GGUF_OF_BITS[m[2]!]!;
}

/**
 * Suffixes that set the weight format, as request words. A bare width (-4bit, -int4, -8bit) names
 * a format only when no format is named beside it: "-v1-4bit-GPTQ" is GPTQ at 4 bits, not NF4.
 */
const FORMAT_SUFFIX: [RegExp, string, 'format' | 'width'][] = [
  [/[-_.](?:awq)(?:[-_.]int4)?$/, 'awq', 'format'],
  // GPTQ at 8 bits ("Qwen2-VL-7B-Instruct-GPTQ-Int8", Qwen's own uploads; QwenLM/Qwen2-VL via corpus c1826) is 8-bit
  // weight-only: the item language's int8, since its gptq is GPTQ's usual 4 bits.
  [/[-_.]gptq[-_.]int8$/, 'int8', 'format'],
  [/[-_.](?:gptq)(?:[-_.]int4)?$/, 'gptq', 'format'],
  [/[-_.]int4$/, 'gptq', 'width'],
  // FastDeploy's weight-only uploads ("baidu/ERNIE-4.5-21B-A3B-WINT4-Paddle", PaddlePaddle/FastDeploy#2720, c1751).
  [/[-_.]wint4$/, 'int4', 'format'],
  [/[-_.]wint8$/, 'int8', 'format'],
  [/[-_.]int8$/, 'int8', 'width'],
  // FP8 uploads name how the activations are scaled or that the checkpoint carries KV-cache scales
  // ("neuralmagic/Phi-3.5-mini-instruct-FP8-KV", vllm-project/llm-compressor#1010, c2030; "…-FP8-dynamic",
  // "…-FP8-static", "…-FP8-block"): the weights are FP8 all the same; the KV cache stays as the engine sets it.
  [/[-_.]fp8(?:[-_.](?:dynamic|static|block|kv))?$/, 'fp8 weights', 'format'],
  // llm-compressor's weight/activation widths, with its "quantized." prefix and a group size
  // ("RedHatAI/Meta-Llama-3.1-8B-Instruct-quantized.w4a16", "…-quantized.w8a8", "…-W4A16-G128"): read as the
  // request language reads "w4a16" (4-bit weight-only, gptq) and "w8a8" / "w8a16" (int8).
  [/[-_.](?:quantized[-_.])?w4a16(?:[-_.]g\d+)?$/, 'w4a16', 'format'],
  [/[-_.](?:quantized[-_.])?w8a(?:8|16)$/, 'int8', 'format'],
  [/[-_.]bnb[-_.]4bit$/, 'nf4', 'format'],
  // A checkpoint published as "-4bit" with no bitsandbytes in its name is quantised already: GPTQ, AWQ or MLX, sized as
  // the item language's 4-bit integers (gptq), as "-int4" is. bitsandbytes' uploads say "bnb-4bit" (above). The corpus
  // writes each such name int4: "internlm-20b-4bit" loaded by transformers (InternLM/InternLM#433, c543: had read NF4),
  // "llama-30b-4bit --wbits 4" (c1175), "falcon-180b-4bit" under TGI (c1877), "…-abliterated-v1-4bit" (c2044).
  // Still a width, so weak: said with its words, and a format named beside it wins. Only after a size: a key or a
  // script ("QUANTIZE_4bit", c2008; "train_4bit", c1074) names bitsandbytes' switch, read as NF4 below.
  [/(?<=\d(?:\.\d+)?b(?:[-_.][a-z0-9]+)*)[-_.]4bits?$/, 'gptq', 'width'],
  // A release whose "-int4" checkpoint is a bitsandbytes save (prose/rules/int4-releases.ts writes it "-nf4").
  [/[-_.]nf4$/, 'nf4', 'format'],
  // "-4bits" and "-8bits" as Baichuan names its own quantised releases ("Baichuan2-13B-Chat-4bits").
  [/[-_.]4bits?$/, 'nf4', 'width'],
  [/[-_.]8bits?$/, 'int8', 'width'],
  // An EXL2 repository ("Llama-3.1-70B-Instruct-exl2") is run by ExLlamaV2, in its own format (memory/exllamav2.ts).
  [/[-_.]exl2$/, 'exl2', 'format'],
  // …and with its width after it ("Llama-3.1-Nemotron-70B-Instruct-HF-exl2-3.0", a TabbyAPI models folder,
  // theroyallab/tabbyAPI via corpus c1614; "-exl2-4.0bpw"): the width is the folder's, the format the same.
  [/[-_.]exl2[-_.]\d(?:\.\d+)?(?:bpw)?$/, 'exl2', 'format'],
  // GGML is llama.cpp's file format before GGUF (TheBloke's "-GGML" repositories, 2023): "TheBloke/Llama-2-70B-Chat-GGML"
  // (marella/ctransformers#96, corpus c837) had been an unknown model of Llama-3-70B's shape.
  [/[-_.](?:gguf|ggml)$/, '', 'format'],
];

/**
 * A compound name the catalog knows stays as it is; otherwise checkpoint suffixes are dropped
 * and format suffixes become their words, until the catalog knows it or none is left.
 */
export function modelName(word: string, notes: string[]): string | Piece[] {
  if (modelIdOf(word)) return word;
  // A keyword's own joined spelling is that keyword, no name with a suffix: a weight format (IPEX-LLM's
  // "sym_int4", "asym_int4"), an optimizer ("paged_adamw_8bit", whose "_8bit" is no 8-bit base).
  if (keywordMeaning(word) !== undefined) return word;
  let name = word;
  const formats: { word: string; named: boolean }[] = [];
  for (let guard = 0; guard < 6; guard++) {
    if (modelIdOf(name)) break;
    const quant = formats.length === 0 || !formats.some((f) => f.named) ? GGUF_QUANT_SUFFIX.exec(name) : null;
    const beforeQuant = quant ? name.slice(0, quant.index).replace(DYNAMIC_TAG, '') : '';
    // A name with a size, or a catalog model named without one ("DeepSeek-R1-UD-Q2_K_XL", c1260).
    if (quant && (/\d(?:\.\d+)?b(?![a-z])/.test(beforeQuant) || modelIdOf(beforeQuant))) {
      formats.unshift({ word: ggufTypeWord(quant[0])!, named: true });
      name = beforeQuant;
      continue;
    }
    const format = FORMAT_SUFFIX.find(([re]) => re.test(name));
    if (format) {
      const cut = name.search(format[0]);
      if (format[1]) formats.unshift({ word: format[1], named: format[2] === 'format' });
      // "…-q4_k_m-gguf": the quant type before the suffix is the format (read next).
      else if (!GGUF_QUANT_SUFFIX.test(name.slice(0, cut))) notes.push(`"${word}" is a ${/ggml$/i.test(name) ? 'GGML' : 'GGUF'} file: the weight format comes from its quant type (Q4_K_M …); none given, so 16-bit weights assumed`);
      name = name.slice(0, cut);
      continue;
    }
    // "Qwen2.5-7B-Instruct-1M", "glm-4-9b-chat-1m": a window of a million tokens after a size in
    // billions names the variant, not a 1M-parameter model ("pythia-70m", "smollm2-135m" hold no "…b").
    const millionWindow = /[-_.]\d{1,2}m$/.exec(name);
    if (millionWindow && /\d(?:\.\d+)?b(?![a-z])/.test(name.slice(0, millionWindow.index))) {
      name = name.slice(0, millionWindow.index);
      continue;
    }
    const checkpoint = CHECKPOINT_SUFFIX.exec(name);
    // …but not a version that says the base ("vicuna-7b-v1.5" is Llama-2's, "vicuna-7b" LLaMA-1's; families.ts).
    if (checkpoint && checkpoint.index > 0 && /\d/.test(name.slice(0, checkpoint.index)) && !releaseDecidesBase(name, checkpoint[0])) {
      name = name.slice(0, checkpoint.index);
      continue;
    }
    break;
  }
  // A catalog name with a tag the catalog lacks after it ("deepseek-r1-channel-int8"): its head, said (catalog-head.ts).
  const head = modelIdOf(name) ? null : catalogHead(name);
  if (head) {
    notes.push(catalogHeadNote(word, name, head));
    // A weight format inside the tag ("deepseek-v3.1-w8a8-mtp-quarot", c3190) is still the weights' format.
    const inTag = name.slice(head.end + 1).split(/[-_.]+/).find((w) => keywordMeaning(w)?.type === 'weights');
    if (inTag && !formats.some((f) => f.named)) formats.unshift({ word: inTag, named: true });
    name = name.slice(0, head.end);
  }
  if (name === word) return word;
  // "meta-llama-3-8b" is Llama 3 8B.
  if (!modelIdOf(name) && /^meta[-_]llama/.test(name) && modelIdOf(name.slice(5))) name = name.slice(5).padStart(name.length);
  // The name keeps its own characters; the format word stands for the suffix it came from.
  const kept = name.trimStart().length;
  const nameEnd = name.length;
  const pieces: Piece[] = [{ text: name, from: 0, to: nameEnd }];
  // The format the name spells out wins over a width beside it, in either order.
  const named = formats.find((f) => f.named) ?? formats[0];
  // GPTQ at 8 bits in either order ("…-8bit-GPTQ", "…-GPTQ-Int8"): 8-bit weights, the item language's int8 (c1826).
  const format = named?.word === 'gptq' && formats.some((f) => f.word === 'int8') ? { word: 'int8', named: true } : named;
  if (format) pieces.push({ text: ` ${format.word} `, from: nameEnd, to: word.length });
  else pieces.push({ text: ' '.repeat(word.length - nameEnd), from: nameEnd, to: word.length });
  void kept;
  return pieces;
}

/** How a Hub repo reads offline: the catalog model its name is, and the format its suffix names. */
export interface OfflineReading {
  /** The catalog model the name is, or null when it only holds a size. */
  model: string | null;
  /** The size the name holds when the catalog lacks it ("WizardLM-30B-fp16": 30B, Llama's family). */
  size: { params: number; experts: number | null; family: string | null } | null;
  /** The weight format the name's suffix names ("-AWQ" → awq), as the `weights` item's value. */
  weights: string | null;
  /** An EXL2 repository's bits per weight ("Llama-3.1-70B-Instruct-2.4bpw-h6-exl2": 2.4; memory/exllamav2.ts). */
  bpw?: number;
}

/**
 * A Hub repo whose name is a catalog model once checkpoint suffixes are dropped
 * ("meta-llama/Llama-3.1-8B-Instruct" → llama-3.1-8b, "TheBloke/…-33B-instruct-AWQ" → the
 * 33B with AWQ weights), by the same rules as a model name written in prose; else the size its
 * name holds, with the family of the word nearest before it ("Llama3-OpenBioLLM-70B" is a
 * 70B Llama), as a model of that size would be read in prose; null when it holds neither.
 */
export function offlineReading(repo: string): OfflineReading | null {
  const name = repo.toLowerCase().split('/').at(-1) ?? '';
  const read = modelName(mlxWidth(repo.toLowerCase(), name), []);
  const pieces = typeof read === 'string' ? [{ text: read }] : read;
  const model = modelIdOf(pieces[0]!.text.trim()) ?? null;
  const format = keywordMeaning(pieces[1]?.text.trim() ?? '') ?? formatInName(name);
  const exl2 = exl2InName(name);
  const weights = exl2 ? 'exl2' : format?.type === 'weights' ? format.value : null;
  if (model) return { model, size: null, weights, ...exl2 };
  // "ishumilin/deepseek-r1-coder-tools:14b": a fine-tune of R1's distill of that size (r1-derivatives.ts).
  const r1 = r1DerivativeBase(name);
  if (r1) return { model: r1.base, size: null, weights, ...exl2 };
  const size = sizeInRepoName(name);
  if (!size) {
    const release = SIZELESS_RELEASES.find(([pattern]) => pattern.test(name));
    return release ? { model: modelIdOf(release[1]) ?? null, size: null, weights, ...exl2 } : null;
  }
  const base = baseInRepoName(name, size.text);
  return base ? { model: base, size: null, weights, ...exl2 } : { model: null, size, weights, ...exl2 };
}

/**
 * An MLX repository's width is MLX's own quantisation, not bitsandbytes': "mlx-community/Qwen3.8-27B-4bit"
 * (Blaizzy/mlx-vlm#1972, c1668), "mlx-community/Qwen3.6-35B-A3B-4bit" (lmstudio-ai/mlx-engine#314, c1670),
 * "…-Opus-Distilled-MLX-4bit" (jjang-ai/mlxstudio#65, c1648) are 4-bit integer weights with a scale per group of
 * 64, written int4 as the corpus writes them; "-4bit" alone is read as NF4 elsewhere (unsloth's bnb repositories).
 */
function mlxWidth(repo: string, name: string): string {
  if (!/^mlx-community\//.test(repo) && !/(?:^|[-_.])mlx(?:$|[-_.])/.test(name)) return name;
  // "…-4bit-MLX" ("mlx-community/CodeLlama-70b-hf-4bit-MLX", c2477): the tag after the width names no model.
  return name.replace(/([-_.])4bit(?=$|[-_.])/, '$1int4').replace(/([-_.](?:int4|\d+bits?))[-_.]mlx$/, '$1');
}

/**
 * An EXL2 repository names its format and width ("LoneStriker/Meta-Llama-3.1-70B-Instruct-2.4bpw-h6-exl2",
 * turboderp-org/exllamav2#677; "turboderp/Llama-3-70B-Instruct-exl2" keeps each width in a branch): the
 * width when written, else none (convert.py's default, memory/exllamav2.ts). The h6 is the head's bits, the default.
 */
function exl2InName(name: string): { bpw?: number } | null {
  if (!/(?:^|[-_.])exl2(?:$|[-_.])/.test(name)) return null;
  const m = /(?:^|[-_.])(\d(?:\.\d+)?)[-_]?bpw(?:$|[-_.])/.exec(name);
  return m ? { bpw: Number(m[1]) } : {};
}

/**
 * Fine-tunes released under a version with no size in the name, each one base model: OpenChat 3.5
 * (openchat/openchat_3.5, openchat/openchat-3.5-0106 and -1210; the model cards: "fine-tuned from
 * Mistral-7B-v0.1") trained from Mistral-7B. "openchat/openchat_3.5" under FSDP (Lightning-AI/pytorch-lightning#19721,
 * c981) had refused for want of the Hub; OpenChat 3.6 names its size (-8b) and reads by it.
 */
const SIZELESS_RELEASES: readonly [RegExp, string][] = [[/^openchat[-_]?3\.5(?:[-_]\d{4})?$/, 'mistral-7b']];

/**
 * The catalog model a fine-tune's repo name gives by its base and size, as in prose:
 * "Llama3-OpenBioLLM-70B" (llama3 + 70b → llama-3-70b), "vicuna-13b-GPTQ-4bit-128g" (a Vicuna
 * 13B → llama-1-13b), "DeepSeek-R1-Distill-Qwen-14B" (→ qwen2.5-14b).
 */
function baseInRepoName(name: string, size: string): string | null {
  const words = name.slice(0, name.indexOf(size)).split(/[-_]+/).filter(Boolean);
  // A family and its version written apart, then the fine-tune's own words, then the size
  // (rule names.hub-family-version-apart): "rhaymison/Llama-3-portuguese-Tom-cat-8b-instruct"
  // (vllm-project/vllm#4821, c317), "beomi/llama-2-ko-7b" (c335), "Bllossom/llama-3-Korean-Bllossom-70B"
  // (c336) are Llama 3 8B, Llama 2 7B and Llama 3 70B; read as a shape of the family they lost
  // the base's own context length, which vLLM serves when no --max-model-len is given.
  // "noctrex/Huihui-Qwen3-VL-8B-Instruct-abliterated-GGUF" is Qwen3-VL-8B, never its text twin (model-kinds.ts).
  const tail = catalogTail(words, size);
  if (tail) return tail;
  const joined = words.flatMap((w, k) => (/^[a-z]+$/.test(w) && /^\d+(?:\.\d+)?$/.test(words[k + 1] ?? '') && familyOf(w) ? [`${w}${words[k + 1]}`] : []));
  for (const word of [...joined, ...words]) {
    if (words.slice(words.indexOf(word) + 1).some(isKindWord)) continue;
    const versioned = /^([a-z]+)-?(\d+(?:\.\d+)?)$/.exec(word);
    const family = versioned ? abbreviatedFamily(versioned[1]!, versioned[2]!) ?? versioned[1] : undefined;
    const id = versioned ? modelIdOf(`${family}-${versioned[2]}-${size}`) ?? modelIdOf(`${word}-${size}`) : undefined;
    if (id) return id;
  }
  // "lmdeploy/turbomind-internlm-chat-20b-w4" (InternLM/lmdeploy#732, c1725): a family word with no version and the
  // size are the catalog's model of that family and size, as "internlm-chat-20b" reads in prose (model-names.ts).
  const family = words.map(familyOf).filter((f): f is string => f !== null).at(-1);
  const unversioned = family !== undefined && !words.some((w) => /\d/.test(w));
  // The word right before the size that is a catalog model with it ("codellama-codellama-7b-python-hf-w4-g128-awq",
  // c2302: CodeLlama-7B, not the LLaMA-1 7B its family word gives); a variant word between ("qwen2.5-omni-7b") is another model.
  const direct = words.length ? modelIdOf(`${words.at(-1)}-${size}`) : undefined;
  return fineTuneModel(words, size, modelIdOf, name) ?? direct ?? (unversioned ? modelIdOf(`${family}-${size}`) ?? null : null);
}

/** "-GPTQ-4bit-128g", "-AWQ", "-fp8" anywhere in a name the catalog lacks. */
function formatInName(name: string): { type: string; value: string } | undefined {
  for (const part of name.split(/[-_.]/)) {
    const meaning = /^(?:gptq|awq|fp8|gguf|int4|int8|nf4|bnb)$/.test(part) ? keywordMeaning(part) : undefined;
    if (meaning?.type === 'weights') return meaning;
  }
  return undefined;
}

/** The first size in a name ("vicuna-13b-gptq-4bit-128g" 13B, "qwen3-coder-30b-a3b" 30B of experts unknown, "mixtral-8x7b" 8×7B). */
function sizeInRepoName(name: string): (NonNullable<OfflineReading['size']> & { text: string }) | null {
  const m = /(?<![a-z0-9.])(?:(\d+)x)?(\d+(?:\.\d+)?)([bm])(?![a-z0-9])/.exec(name);
  if (!m) return null;
  const each = Number(m[2]) * (m[3] === 'b' ? 1e9 : 1e6);
  const experts = m[1] ? Number(m[1]) : null;
  const words = name.slice(0, m.index).split(/[^a-z0-9]+/).filter(Boolean);
  const family = words.map(familyOf).filter((f): f is string => f !== null).at(-1) ?? null;
  return { params: experts ? experts * each : each, experts, family, text: m[0] };
}
