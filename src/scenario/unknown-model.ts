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

export function looksLikeModelName(word: string, text: string): boolean {
  const camel = CAMEL_FAMILY_MODEL.exec(word);
  if (camel && familyMembers(camel[1]!).length > 0) return true;
  if (!/^[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)*$/i.test(word) || word.length < 3) return false;
  if (DATASET_NAME.test(word) || DTYPE_NAME.test(word) || NOT_A_MODEL_FILE.test(word)) return false;
  // "model.train()", "model.stream_chat(": a variable in code, not a model the word before it names
  // ("Everything works fine till model.train()", Qwen-VL, c824, was asked about a model "till"; "in
  // model.stream_chat(tokenizer", c572). A log's words are no naming: "CPU model buffer size = 416.25 MiB"
  // (llama.cpp's load_tensors, lmstudio-ai/lms#412, c1230, asked about a model "CPU" the prose only ran
  // on; ollama/ollama's "CPU_Mapped model buffer size", c1226), so the logs are left out of the search.
  const beforeModel = new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s+model\\b(?!\\.[a-z_]|\\s*\\(|\\s+(?:buffer|type)\\b|\\s*_(?:path|name|dir|file|id)\\b)`, 'i').test(outsideLogs(text));
  // "such a powerful model" (c525): an adjective before "model" describes a model, it names none.
  if (beforeModel && describesModel(word)) return false;
  // …nor a slip of the keys from one ("the requset model", c2703), unless it is a family's own name.
  if (beforeModel && misspeltDescribingWord(word) && familyMembers(word).length === 0) return false;
  return beforeModel || (/[a-z]{3}/i.test(word) && /\d/.test(word) && /[-_.]/.test(word));
}
