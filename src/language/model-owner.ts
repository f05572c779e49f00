import { FAMILIES } from './lexicon.js';

/**
 * "Qwen3.6/Qwen3.5" (lmstudio-ai/mlx-engine, corpus c1821: either of two releases), "qwen2.5-coder-0.5B-instruct/int8"
 * (NVIDIA/TensorRT-LLM, c1819: a model's folder of int8 weights), "llama-2-7b/llama-2-13b": a bare `owner/name` whose
 * owner is a model family with its release or size written on ("qwen3.6", "llama-2-7b") is a model and what
 * follows it, not a Hub repo. Hub owners are organisations and people ("Qwen", "meta-llama", "TheBloke",
 * "mlx-community"), never a release: "Qwen/Qwen2.5-7B" stays a repo. A release may have a letter before its number
 * ("deepseek-R1/Q4_K_M", ollama/ollama, corpus c1889: R1 in its Q4_K_M build; "kimi-k2/…", "qwen3-v1/…"). Such a pair was a repo to fetch, and with
 * no answer from the Hub the whole message was refused ("I have not fetched …").
 */
let ownerPattern: RegExp | null = null;

/** Whether the owner side of a bare `owner/name` (lower-case) is a family with a number written on. */
export function ownerNamesAModel(pair: string): boolean {
  ownerPattern ??= new RegExp(`^(?:${[...FAMILIES].sort((a, b) => b.length - a.length).map(escape).join('|')})[-_. ]?[a-z]?\\d[a-z0-9._\\-]*/`);
  return ownerPattern.test(pair);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A training method before the model, slash-joined ("LoRA/Llama70B" in a title, anyscale/templates#174, c2886;
 * "SFT/Qwen2-7B"): the method and the model, each read as the words they are, never a Hub repo to fetch
 * (rule lexer.method-slash-model).
 */
const METHOD_OWNER = /^(?:q?lora|dora|sft|dpo|ppo|grpo|orpo|kto|rlhf|full|pretrain(?:ing)?|fine-?tun(?:e|ing))\//;
export const methodBeforeModel = (pair: string) => METHOD_OWNER.test(pair);

/**
 * A project named after a series with no size ("support Yi models (01-ai/Yi)", NVIDIA/TensorRT-LLM#372, c2922;
 * "baichuan-inc/Baichuan2", "THUDM/ChatGLM3"): a GitHub repository, not a checkpoint to fetch (rule
 * lexer.project-named-after-series). A sized member named in the message ("Yi-34B") is the model; with none the
 * reader asks which. A Hub checkpoint is named with its size or release ("01-ai/Yi-34B", "THUDM/chatglm3-6b").
 */
let seriesName: RegExp | null = null;
export function projectNamedAfterSeries(pair: string): boolean {
  seriesName ??= new RegExp(`^[a-z0-9][\\w.-]*/(?:${[...FAMILIES].sort((a, b) => b.length - a.length).map(escape).join('|')})(?:[-_.]?\\d{1,2}(?:\\.\\d)?)?$`);
  return seriesName.test(pair);
}
