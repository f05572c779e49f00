import { describesModel, misspeltDescribingWord } from '../language/describing-words.js';
import { segmentsOf } from '../language/segments/index.js';
import { familyMembers } from './model-series.js';

/** A message that names no model the catalog holds: what it named instead, for the question that asks for one (resolve.ts). */

/** Models of other kinds people ask about: speech (1), image generation (2), vision backbones (3). */
export const NOT_LANGUAGE_MODELS = /\b(?:(whisper(?:[\s-](?:large|medium|small|base|tiny)(?:[\s-]v\d)?)?|wav2vec\s?2?|hubert)|(sdxl|stable[\s-]?diffusion(?:[\s-]xl)?|sd\s?(?:1\.5|2\.1|3(?:\.5)?)|flux(?:\.1)?(?:[\s-](?:dev|schnell))?|controlnet)|(yolo(?:v\d+)?|resnet-?\d*|convnext))\b/i;

/**
 * A data set's name, not a model's: a language suffix as LLaMA-Factory's dataset_info names them
 * ("alpaca_gpt4_en", "alpaca_zh_demo", hiyouga/LlamaFactory#4263), or a data file.
 */
const DATASET_NAME = /(?:_(?:en|zh|cn|ja|ko|de|fr|es|ru|demo|data|dataset)|\.(?:jsonl?|parquet|csv|arrow|tsv))$/i;

/**
 * A file no model is stored in: a pickled dump, a log, a script or a picture. vLLM's "Error in model
 * execution (input dumped to /tmp/err_execute_model_input_20241010-154829.pkl)" (OpenBMB/MiniCPM-V#612,
 * c1186) was asked about a model "err_execute_model_input_…pkl"; a .gguf, .bin or .safetensors file is a
 * model's and stays a name.
 */
const NOT_A_MODEL_FILE = /\.(?:pkl|pickle|log|txt|py|sh|ipynb|md|png|jpe?g|npy|npz|html?)$/i;

/** The message with its log segments blanked (same length): a log's words name nothing of the run. */
let lastOutside: { text: string; outside: string } | null = null;
function outsideLogs(text: string): string {
  if (lastOutside?.text === text) return lastOutside.outside;
  let outside = text;
  for (const s of segmentsOf(text)) {
    if (s.kind === 'log') outside = outside.slice(0, s.userStart) + ' '.repeat(s.userEnd - s.userStart) + outside.slice(s.userEnd);
  }
  lastOutside = { text, outside };
  return outside;
}

/**
 * A tensor type as code spells it, not a model's name: "torch.bfloat16", "torch.float16", "jnp.int8"
 * ("I changed the dtype from torch.bfloat16 to torch.float16", mistralai/mistral-finetune#107, c869,
 * was asked about a model "torch.bfloat16").
 */
const DTYPE_NAME = /^(?:[a-z]+\.)?(?:b?float(?:8|16|32|64)\w*|u?int(?:4|8|16|32|64)|half|bf16|fp(?:8|16|32))$/i;

/**
 * An unread word that reads as a model's name: said right before "model" ("the nemotron-3-super
 * model"), or a name with a version joined in ("nemotron-3-super", "phi4-mini").
 */
/**
 * A catalog family's name with a model's word glued on in CamelCase: "FalconLite" (Amazon's 40B
 * Falcon, awslabs/extending-the-context-length-of-open-source-llms#5, c1081), "MistralLite"
 * (amazon/MistralLite), "QwenLong", "GemmaCoder": a fine-tune the catalog lacks, asked by name. Only
 * such words: "LlamaFactory", "LlamaIndex", "QwenLM" are programs and organisations.
 */
const CAMEL_FAMILY_MODEL = /^([A-Z][a-z]{2,})(?:Lite|Long|Chat|Coder|Code|Math|Guard|Instruct|Vision|Mini|Tiny|Nano|Plus|Pro|Max|Turbo|Audio|VL|Med|Law|Fin)$/;

/**
 * A Hub id the catalog lacks ("`bigscience/bloom`", huggingface/accelerate#864, corpus c2977; "model_name_or_path:
 * microsoft/Phi-4-mini-instruct", hiyouga/LlamaFactory#9734, c3109): an owner and a repository name, which names a
 * model by its form. Not a file ("aria/train.py", c1030) nor a recipe's config path ("phi3/mini_lora", c1985: an
 * underscore, as a repository's name seldom has).
 */
const HUB_ID = /^[a-z0-9][a-z0-9-]{1,38}\/[a-z][a-z0-9.-]*$/i;
const CONFIG_FILE = /\.(?:ya?ml|json|toml|cfg|ini)$/i;

/**
 * A Hub id's form alone is weak: "Input/Output", "Usage/Cap", "config/lora" and "examples/apps" (c1667, c824, c821,
 * c1721) are words and folders. So the repository's name must hold a digit or a hyphen, as model names do, or the
 * id be quoted as code is (`bigscience/bloom`); an owner with a dot is a host ("…amazonaws.com/huggingface", c2825).
 */
function hubIdNamed(word: string, text: string): boolean {
  if (!HUB_ID.test(word) || CONFIG_FILE.test(word) || NOT_A_MODEL_FILE.test(word)) return false;
  const name = word.slice(word.indexOf('/') + 1);
  if (/[-\d]/.test(name)) return true;
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`[\`"'“]${escaped}[\`"'”]`).test(text);
}

/**
 * The word right after a verb that runs or trains a model names the model where its form says it is a name
 * (rmodel20, issue 22): "fine-tuning CogAgent" (zai-org/CogVLM#289, c1213), "serve StarCoder2Ultra". In Latin
 * prose only a name's form counts (CamelCase, a digit or a capital after a hyphen), since "running inference"
 * or "training it" are words. After a Chinese verb the change of script sets the word off ("把CogAgent跑起来",
 * zai-org/CogAgent#1, c1270; "运行codegeex", zai-org/CodeGeeX#57, c3324; "微调Jamba"), so any Latin word but a tool's.
 */
const LATIN_RUN_VERB = /\b(?:run|running|serve|serving|deploy|deploying|fine[- ]?tun(?:e|ing)|finetun(?:e|ing)|train|training|load|loading|quantiz(?:e|ing)|quantis(?:e|ing))\s+(?:the\s+|a\s+|an\s+|my\s+)?$/i;
const CJK_RUN_VERB = /(?:运行|跑|部署|微调|訓練|训练|推理|加载|載入|把)\s*$/;
const NAME_FORM = /[a-z][A-Z]|\d|-[A-Z]/;
// Tools, and the parts of a model one trains alone ("只训练resampler和llm", OpenBMB/MiniCPM-V#828, c2413).
const TOOL_WORD = /^(?:python\d?|pip|conda|docker|bash|shell|script|scripts|demo|web|webui|api|cli|server|client|code|program|jupyter|notebook|colab|windows|linux|ubuntu|mac|macos|wsl\d?|gpu|cpu|cuda|pytorch|torch|tensorflow|jax|deepspeed|accelerate|transformers|peft|trl|ollama|vllm|sglang|resampler|projector|vision|visual|encoder|decoder|tokenizer|embeddings?|adapters?|head|llm|backbone|mlp|attention|layers?|model|models)$/i;

/** Whether the word at `at` of `text` stands where a model's name does: after a verb that runs or trains one. */
function afterRunVerb(word: string, at: number, text: string): boolean {
  // A family's name ("部署glm-4.5V", c2542, whose version the reader split off) is asked which of the family (resolve.ts).
  if (TOOL_WORD.test(word) || !/[a-z]{3}/i.test(word) || familyMembers(word).length > 0) return false;
  const before = text.slice(Math.max(0, at - 24), at);
  if (CJK_RUN_VERB.test(before)) return true;
  return LATIN_RUN_VERB.test(before) && NAME_FORM.test(word);
}

export function looksLikeModelName(word: string, text: string, at?: number): boolean {
  const camel = CAMEL_FAMILY_MODEL.exec(word);
  if (camel && familyMembers(camel[1]!).length > 0) return true;
  if (hubIdNamed(word, text)) return true;
  if (at !== undefined && text.slice(at, at + word.length) === word && afterRunVerb(word, at, outsideLogs(text))) return true;
  if (!/^[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*$/i.test(word) || word.length < 3) return false;
  if (DATASET_NAME.test(word) || DTYPE_NAME.test(word) || NOT_A_MODEL_FILE.test(word)) return false;
  // "model.train()", "model.stream_chat(": a variable in code, not a model the word before it names
  // ("Everything works fine till model.train()", Qwen-VL, c824, was asked about a model "till"; "in
  // model.stream_chat(tokenizer", c572). A log's words are no naming: "CPU model buffer size = 416.25 MiB"
  // (llama.cpp's load_tensors, lmstudio-ai/lms#412, c1230, asked about a model "CPU" the prose only ran
  // on; ollama/ollama's "CPU_Mapped model buffer size", c1226), so the logs are left out of the search.
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // "the CTRL language model" (c1155), "MiniCPM-o 2.6 模型" (c3137); "add model seed-oss" (c2553): a name's form after "model".
  const namedBefore = new RegExp(`(?<![\\w-])${escaped}\\s+language\\s+model\\b|(?<![\\w-])${escaped}\\s*(?:v?\\d+(?:\\.\\d+)*\\s*)?(?:大)?模型`, 'i').test(outsideLogs(text));
  if (namedBefore && !describesModel(word) && !misspeltDescribingWord(word)) return true;
  if (/[-\d]|[a-z][A-Z]/.test(word) && new RegExp(`\\bmodel[:\\s]+${escaped}(?![\\w-])`, 'i').test(outsideLogs(text))) return true;
  const beforeModel = new RegExp(`\\b${escaped}\\s+model\\b(?!\\.[a-z_]|\\s*\\(|\\s+(?:buffer|type)\\b|\\s*_(?:path|name|dir|file|id)\\b)`, 'i').test(outsideLogs(text));
  // "such a powerful model" (c525): an adjective before "model" describes a model, it names none.
  if (beforeModel && describesModel(word)) return false;
  // …nor a slip of the keys from one ("the requset model", c2703), unless it is a family's own name.
  if (beforeModel && misspeltDescribingWord(word) && familyMembers(word).length === 0) return false;
  return beforeModel || (/[a-z]{3}/i.test(word) && /\d/.test(word) && /[-_.]/.test(word));
}
