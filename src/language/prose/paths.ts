import { CHECKPOINT_FOLDER } from '../config-keys.js';
import { FAMILIES } from '../lexicon.js';
import type { Piece } from '../mapped-text.js';
import { isBareRepoId } from '../../hub/ids.js';
import { shardingOfFileName } from '../sharding-file.js';

/**
 * Links, paths and file names: a Hugging Face link or a bare `org/name` is kept whole for the
 * lexer's `hub` token, a path names a model by its last part, and a file name says only what its
 * name says (a method, a ZeRO stage, training or inference) or nothing.
 */

const FAMILY_START = new RegExp(`^(?:${FAMILIES.map((f) => f.replace(/[^a-z0-9]/g, '')).join('|')})`);

/** A Hugging Face link names a model; any other link is not a request word. */
export const URL = /\bhttps?:\/\/[^\s<>()"'`]+/g;
/** Hub ids and paths ("meta-llama/Llama-2-7b-hf", "../qwen/Qwen-7B-Chat", "/app/model"). */
export const PATH = /(?<![\w])(?:\.{0,2}\/)?(?:[a-z0-9_.\-~]+\/)+[a-z0-9_.\-]+\/?/g;
/** Python module paths ("vllm.entrypoints.openai.api_server") keep their first name only. */
export const MODULE_PATH = /(?<![\w.])([a-z_][a-z0-9_]*)((?:\.[a-z_][a-z0-9_]*){2,})(?![\w.])/g;
/** A file name ("train_bash.py", "ds_config.json") is not a request word (keys read config files). */
export const FILE_EXTENSION = /\.(?:py|sh|json|ya?ml|txt|md|ipynb|toml|cfg|log)(?![\w])/;
export const FILE = /(?<![\w.\-/])[a-z0-9_\-.]+\.(?:py|sh|json|ya?ml|txt|md|ipynb|toml|cfg|log)(?![\w])/g;
/**
 * A training script or recipe config named by its method keeps the method: litgpt's
 * `finetune/lora.py`, `finetune_lora.py`, `train_qlora.py`, torchtune's `lora_finetune_single_device`
 * and `8B_qlora_single_device.yaml`, LLaMA-Factory's `llama3_lora_sft.yaml`, gpt-oss-recipes'
 * `lora.yaml`, Yi's `run_sft_lora_Yi_6b.sh`; and one named for full training, LLaMA-Factory's
 * `llama3_full_sft.yaml` (examples/train_full), torchtune's `8B_full.yaml`: a framework whose
 * default method is LoRA (LLaMA-Factory's finetuning_type) then runs the recipe the file names.
 * Any other file name is no request word.
 */
const METHOD_SCRIPT = /^(?:[a-z0-9.]+[_-])*?(q?lora|full)(?:[_-][a-z0-9.]+)*\.(?:py|ya?ml|json|sh)$/;
/** Scripts that run a model: "inference.py", "generate.py", "chat.py" (llama-recipes, DeepSeek-V3, Chinese-Vicuna). */
const INFERENCE_SCRIPT = /^(?:[a-z0-9]+[_-])*?(?:inference|infer|generate|generation|chat|predict)(?:[_-][a-z0-9]+)*\.py$/;
/**
 * A script that names running as its verb ("inference", "infer", "predict"): beside a training word
 * ("predict_after_train.py") it still runs a model. "chat" and "generate" name what a training script
 * trains as often ("finetune_chat.py", Chinese-Vicuna's LoRA script for its chat model, Facico/Chinese-Vicuna#202,
 * c359: read as running the model; "train_generation.py"): with a training word the script trains.
 */
const RUN_VERB_SCRIPT = /(?:^|[_-])(?:inference|infer|predict)(?:[_-]|\.py$)/;
/** A script named for training (`train.py`, `train_mem.py`, `finetune.py`, `sft.py`, `finetune_full.sh`) says the intent. */
const TRAIN_SCRIPT = /^(?:[a-z0-9]+[_-])*?(?:train|finetune|fine_tune|sft)(?:[_-][a-z0-9]+)*\.(?:py|sh)$/;
/**
 * LongLoRA's SFT script, named without the project (and its forks': SinkLoRA, FreqKV, LongAlpaca); the underscored supervised_fine_tune.py is other projects' (CodeT5 fine-tunes) and stays a bare training script:
 * "supervised-fine-tune.py不支持多机多卡" (JIA-Lab-research/LongLoRA#77, c1273: read as a full fine-tune
 * of a 70B model). Read as the LongLoRA framework, whose preset says its LoRA default (low_rank_training True).
 */
const LONGLORA_SCRIPT = /^supervised-fine-tune\.py$/i;
/**
 * A model repository's demo script (ChatGLM's and Qwen's `web_demo.py` / `cli_demo.py`, MOSS's `moss_cli_demo.py`,
 * ChatGLM3's `web_demo_gradio.py`): it loads the model with transformers (`AutoModel.from_pretrained(...)` and
 * `model.chat`), so "部署" or "deploy" beside it is that program, not a server (zai-org/ChatGLM2-6B#495, c2763;
 * OpenMOSS/MOSS#362, c2758: read as vLLM). Weak as every script name: the reply says it.
 */
const DEMO_SCRIPT = /^(?:[a-z0-9]+[_-])*?demo(?:[_-][a-z0-9]+)*\.py$/;
/**
 * The adapter method the message's own words name, outside its file names, where it is the other of LoRA and
 * QLoRA than the file's: "Use Lora for mixtral … simply remove quantization_config in
 * mixtral_8x7b_instruct_qlora_oasst1_e3.py" (InternLM/xtuner#286, c2891: read as QLoRA from the recipe's name, in
 * silence) is LoRA on a recipe made for QLoRA. A method said in words is strong evidence; one read from a file
 * name is weak (prose.file-name), so the words win and the file's is said (branch rask2).
 */
function adapterSaidApart(message: string, fileMethod: string): string | null {
  if (fileMethod === 'full') return null;
  const words = message.replace(new RegExp(FILE.source, 'g'), ' ');
  const other = fileMethod === 'qlora' ? 'lora' : 'qlora';
  // An adapter's setting ("lora rank 4", "lora dropout 0.05": the config keys as read, c471) is LoRA's and QLoRA's alike.
  const method = (name: string) => new RegExp(String.raw`\b${name}\b(?!\s*(?:rank|r\s?\d|alpha|dropout|targets?|target_modules|modules|config|adapters?|weights|layers)\b)`);
  return method(other).test(words) && !method(fileMethod).test(words) ? other : null;
}

/** The words a file name gives (`message`, the whole text, lets a method said in words outrank the file's). */
export function fileWords(name: string, notes?: string[], message?: string): string {
  if (LONGLORA_SCRIPT.test(name) && name.length >= 'longlora'.length) {
    notes?.push(`"${name}": read as LongLoRA's script (its name; say the framework if yours is another)`);
    return 'longlora'.padEnd(name.length);
  }
  const method = METHOD_SCRIPT.exec(name);
  if (method) {
    const said = message === undefined ? null : adapterSaidApart(message, method[1]!);
    if (said) {
      notes?.push(`"${name}" names ${method[1]}; read as ${said}, as your own words say (say "${method[1]}" if you run the file as it is)`);
      return ' '.repeat(name.length);
    }
    return method[1]!.padEnd(name.length);
  }
  // A DeepSpeed, accelerate or FSDP config file names its sharding ("I use zero2.yaml", corpus c2371; sharding-file.ts).
  const sharding = /\.(?:json|ya?ml)$/.test(name) ? shardingOfFileName(name) : null;
  if (sharding) {
    if (sharding.offload || sharding.kind === 'fsdp') notes?.push(`"${name}": ${sharding.words} read from the file name only (say the sharding and what it offloads if the file sets another)`);
    return sharding.words.padEnd(name.length);
  }
  if (INFERENCE_SCRIPT.test(name) && !(TRAIN_SCRIPT.test(name) && !RUN_VERB_SCRIPT.test(name))) return 'inference'.padEnd(name.length);
  if (DEMO_SCRIPT.test(name) && !TRAIN_SCRIPT.test(name) && !/(?:^|[_-])(?:finetune|train|sft)(?:[_-]|$)/.test(name)) return 'transformers';
  return TRAIN_SCRIPT.test(name) ? 'train'.padEnd(name.length) : ' '.repeat(name.length);
}
/** A weights file keeps its name, which often names the model ("30b-lazarus.ggmlv3.q4_1.bin"). */
export const WEIGHTS_FILE = /(?<![\w\-])\.(?:ggml(?:v\d)?|gguf|safetensors|bin|pt|pth)(?=[.\s]|$)/g;

/**
 * A Hub link names one repo: the link up to `org/name` is kept whole for the lexer's `hub`
 * token (which the adapters fetch from the Hub; unfetched, a repo named after a catalog model
 * reads offline as that model, see src/hub/resolve-model.ts); the rest of the link is blanked.
 */
export function hubLink(url: string): string | Piece[] {
  const hub = /^https?:\/\/(?:www\.)?(?:huggingface\.co|hf\.co)\/(?:models\/)?[^/\s]+\/[^/\s?#:]+/.exec(url);
  if (!hub) return ' '.repeat(url.length);
  return [
    { text: hub[0], from: 0, to: hub[0].length },
    { text: ' '.repeat(url.length - hub[0].length), from: hub[0].length, to: url.length },
  ];
}

/**
 * The part of a path that names the model: the last one (a torchtune config, "llama3/8B_lora",
 * is its family and size). The rest becomes spaces so offsets keep pointing at the name. A bare
 * `org/name` and a huggingface.co path stay whole (the lexer's `hub` token); a file names none.
 */
/**
 * A weights file by the generic name its saver gives every model: transformers' shards
 * ("model-00001-of-00004.safetensors", "pytorch_model-00001-of-00002.bin", "model.safetensors"), a
 * one-part GGUF export ("model-00001-of-00001.gguf", TabbyML/tabby, c2520), Meta's "consolidated.00.pth".
 * It names no model: the folder above it does. A file whose name carries a quant type ("ggml-model-q4_0.gguf")
 * is left to the readers of that type.
 */
export const SHARD_FILE = /^(?:pytorch_|tf_|flax_)?(?:ggml-)?model(?:[-_.]\d{5}-of-\d{5})?\.(?:safetensors|bin|gguf|pt|pth|h5|msgpack)$|^consolidated\.\d+\.pth$/i;

export function lastPart(path: string, notes?: string[]): string {
  const parts = path.replace(/\/+$/, '').split('/');
  // The Hub cache's folder of a repo, "…/hub/models--meta-llama--Meta-Llama-3.1-8B-Instruct/snapshots/<hash>"
  // (ml-explore/mlx-examples#1076, c1073; "models--THUDM--cogvlm-chat-hf", c958): the repo it caches, wherever
  // in the path, as `org/name` (the lexer's `hub` token), the folders and the snapshot's hash blanked.
  const cached = parts.map((p) => /^models--([a-z0-9][\w.-]*?)--([\w.-]+)$/i.exec(p)).find((m) => m !== null);
  if (cached) {
    const repo = `${cached[1]}/${cached[2]}`;
    const at = path.indexOf(cached[0]);
    return ' '.repeat(at) + repo.padEnd(cached[0].length) + ' '.repeat(path.length - at - cached[0].length);
  }
  while (parts.length > 2 && (CHECKPOINT_FOLDER.test(parts.at(-1) ?? '') || SHARD_FILE.test(parts.at(-1) ?? ''))) parts.pop();
  const name = parts.at(-1) ?? '';
  // "q/k/v", "tp/pp": short parts are not a path.
  if (parts.length < 2 || parts.every((p) => p.length <= 3)) return path;
  // torchtune's "llama3/8B_lora" (or its file, "llama3_1/8B_qlora_single_device.yaml"): the folder
  // is the family, the file the size and method.
  const folder = parts.at(-2) ?? '';
  if (/^\d/.test(name) && FAMILY_START.test(folder)) {
    const at = path.lastIndexOf(`${folder}/${name}`);
    const stem = name.replace(/\.ya?ml$/, '');
    return ' '.repeat(at) + `${folder} ${stem}` + ' '.repeat(path.length - at - folder.length - stem.length - 1);
  }
  const recipe = recipeByFolders(parts, name, path.length);
  if (recipe) return recipe;
  const sized = sizedConfig(parts, name, path.length);
  if (sized) return sized;
  // A path to a file names no model ("./models/config.json" is not a pasted config.json).
  if (new RegExp(`^${FILE.source}$`).test(name)) return ' '.repeat(path.length - name.length) + fileWords(name, notes);
  // A bare `org/name` stays whole: the lexer reads it as a Hub id (or as the catalog model
  // whose alias it is, "google/gemma-2-9b").
  if (parts.length === 2 && isBareRepoId(path)) return path;
  // "hf.co/01-ai/Yi-34B" is a Hub link without its scheme: kept up to the repo, like hubLink.
  // (PATH also finds the "//huggingface.co/…" of a link hubLink kept: the same rule keeps it.)
  const link = /^\/*(?:www\.)?(?:huggingface\.co|hf\.co)\/(?:models\/)?[^/]+\/[^/]+/.exec(path);
  if (link) return link[0] + ' '.repeat(path.length - link[0].length);
  const at = path.lastIndexOf(name);
  return ' '.repeat(at) + name + ' '.repeat(path.length - at - name.length);
}

/**
 * A config named by the size of the model it trains, in a folder of configs: mistral-finetune's
 * `example/7B.yaml` (mistralai/mistral-finetune#107, c869), GPT-NeoX's `configs/20B.yml`
 * (EleutherAI/gpt-neox#892 and #606, c453 c454). The size, and the method a name like `13b_lora.yaml`
 * gives (fileWords); null for any other file.
 */
function sizedConfig(parts: string[], name: string, length: number): string | null {
  const sized = /^(\d+(?:\.\d+)?[bm])(?:[_-][a-z0-9_.-]*)?\.ya?ml$/.exec(name);
  if (!sized || !GENERIC_FOLDER.test(parts.at(-2) ?? '')) return null;
  const method = fileWords(name).trim();
  const words = method ? `${sized[1]} ${method}` : sized[1]!;
  return words.length <= name.length ? ' '.repeat(length - name.length) + words.padEnd(name.length) : null;
}

/** Folders of a recipe tree that say what is done, between the model's folder and its config. */
const METHOD_FOLDER = /^(?:finetune|finetuning|fine-tune|fine_tune|pretrain|pretraining|train|training|sft|lora|qlora|dpo|full)$/;
/** Folders that hold configs of every model: never the model's name. */
const GENERIC_FOLDER = /^(?:yamls?|configs?|recipes?|examples?|scripts?|train|training|models?|conf|cfg|experiments?|tasks?|runs?|jobs?)$/;
/**
 * A recipe config filed under its model's folder with the size first in its name, the method
 * folders between: llm-foundry's `yamls/mpt/finetune/7b_dolly_sft.yaml` (mosaicml/llm-foundry#54) is
 * MPT-7B fine-tuned, like NeMo's `llama/sft/8b.yaml` style trees. Read as "<folder>-<size>" and the
 * method folders' words; null when the path is not such a tree (torchtune's folder/file is read above).
 */
function recipeByFolders(parts: string[], name: string, length: number): string | null {
  const size = /^(\d+(?:\.\d+)?[bm])(?:[_-]|\.ya?ml$)/.exec(name);
  if (!size || parts.length < 3) return null;
  let i = parts.length - 2;
  const methods: string[] = [];
  while (i > 0 && METHOD_FOLDER.test(parts[i]!)) methods.unshift(parts[i--]!);
  const family = parts[i]!;
  if (!methods.length || !/^[a-z][a-z0-9.]{1,11}$/.test(family) || GENERIC_FOLDER.test(family)) return null;
  const words = `${family}-${size[1]} ${methods.join(' ')}`;
  return words.length <= length ? words.padStart(length) : null;
}
