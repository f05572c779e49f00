import { familyOf } from '../families.js';
import { FAMILIES, modelIdOf } from '../lexicon.js';
import { catalogHead } from '../module-files.js';
import { IGNORE, isFalse, isTrue, say, unquote, type Handler, type KeyTable } from './values.js';

/** The model: where it is named, and how it is placed on the devices. */

/** The catalog's family words, as a name's letters ("llama", "qwen", "baichuan"); OPT's is a system folder ("/opt/…") before a family. */
const FAMILY_WORDS = FAMILIES.map((f) => f.replace(/[^a-z0-9]/g, '')).filter((f) => f.length >= 2 && f !== 'opt').join('|');

/**
 * Folder names that say where a checkpoint is, not which model it is ("path/to/7b-awq/model"); lmdeploy
 * puts the weights it converts for TurboMind in a `turbomind` folder under the model's
 * ("/workspace/models/internlm-chat-20b-4bit/turbomind", InternLM/lmdeploy#452, c917); Tabby keeps a model's llama.cpp
 * file in a `ggml` folder under it ("/data/models/TabbyML/StarCoder2-7B/ggml/model-00001-of-00001.gguf", TabbyML/tabby, c2520),
 * as people keep `gguf` folders: the file's format, read from the file itself.
 */
export const CHECKPOINT_FOLDER = /^(?:models?|checkpoints?|ckpts?|weights|hf|final|merged|output|outputs|latest|snapshots?|main|base|turbomind|ggml|gguf)$/i;

/**
 * Where a model is named: the last path segment holds its name ("meta-llama/Llama-2-7b-hf"). A separator
 * after it ends nothing: a Windows folder's "D:\models\Qwen2.5-7B-Instruct\", or a command line's
 * continuation glued to the value ("--model_name_or_path Qwen/Qwen2.5-VL-7B-Instruct\ in run_sft_video.sh",
 * tulerfeng/Video-R1#124, c1274, had read an empty name and refused as "Which model?").
 */
const withoutTrailingSeparators = (v: string) => unquote(v).replace(/[/\\]+$/, '');

export const model: Handler = (v) => {
  const value = withoutTrailingSeparators(v);
  if (isTrue(value) || isFalse(value)) return IGNORE;
  // "path/to/7b-awq/model": a folder named for where it sits names no model; the one above does.
  const parts = value.split(/[/\\]/);
  // The Hub cache's folder of a repo, ".../models--lmsys--vicuna-7b-delta-v0/snapshots/<hash>" (haotian-liu/LLaVA#157,
  // c498; "models--baichuan-inc--Baichuan-7B/snapshots/…", c852; "models--Qwen--Qwen2.5-VL-7B-Instruct", c330): the
  // repo's name, not the snapshot's hash, as prose/paths.ts reads such a path (rule config.key.hub-cache-folder).
  const cached = parts.map((p) => /^models--[a-z0-9][\w.-]*?--([\w.-]+)$/i.exec(p)).find((m) => m !== null);
  if (cached) return say(cached[1]!.replace(/[^a-z0-9.\-_]/gi, ' '));
  while (parts.length > 1 && CHECKPOINT_FOLDER.test(parts.at(-1) ?? '')) parts.pop();
  const name = parts.at(-1) ?? '';
  const above = runFolderAbove(parts);
  if (above) return { say: above.replace(/[^a-z0-9.\-_]/g, ' '), weak: true };
  const family = familyFolderAbove(parts);
  if (family) return { say: family.replace(/[^a-z0-9.\-_]/gi, ' '), weak: true };
  return name && /[a-z]/.test(name) ? say(name.replace(/[^a-z0-9.\-_]/g, ' ')) : IGNORE;
};

/** `pretrain`'s value: the model a path or a sized name names, pre-training for a switch that is on (MODEL_KEYS_TABLE). */
const pretrainKey: Handler = (v, ctx) => {
  if (isTrue(v)) return say('pretrain');
  const value = unquote(v);
  // `pretrain: Optional[str] = None`: no checkpoint given, and no pre-training said either.
  if (isFalse(v) || /^(?:none|null)$/i.test(value)) return IGNORE;
  return /[/\\]/.test(value) || SIZED_PART.test(value) ? model(v, ctx) : null;
};

/** A part of a path that is a name with a size ("qwen2_vl-2b", "llama-2-7b-hf", "7b"). */
const SIZED_PART = /(?<![a-z0-9.])\d+(?:\.\d+)?[bm](?![a-z0-9])/i;

/**
 * A run's own folder under the model's: LLaMA-Factory saves a fine-tune to `saves/<model>/<method>/<stage>`
 * and loads it back from there ("--model_name_or_path saves/qwen2_vl-2b/sft", hiyouga/LlamaFactory via corpus
 * c1825, had refused as "Which model?"); "output/llama-2-7b/lora_run". The last part names no model (no digit,
 * neither a catalog model nor a family): the nearest part above it that is a name with a size, on a weak cue
 * (a folder's name the user chose), said in the reply. Null where the last part may be a name itself.
 */
export function runFolderAbove(parts: readonly string[]): string | null {
  const last = (parts.at(-1) ?? '').toLowerCase();
  if (parts.length < 2 || /\d/.test(last) || !/^[a-z][\w.-]*$/.test(last) || modelIdOf(last) || familyOf(last)) return null;
  return [...parts.slice(0, -1)].reverse().find((p) => SIZED_PART.test(p) && /^[\w.-]+$/.test(p)) ?? null;
}

/**
 * A checkpoint folder named by its size alone under a folder named by its family or series: "--model_name_or_path
 * /home/gzc/data/llama/7B_new" (OpenBMB/ToolBench#33, c2257, had read a bare 7B), "/data/models/qwen2.5/7B-Instruct",
 * "D:\\models\\Llama-2\\13B": the family and the size, as torchtune's "llama3/8B_lora" is read in prose (prose/paths.ts
 * lastPart). Weak: only a folder's name the user chose (rule config.key.family-folder-above-size).
 */
const SIZE_FIRST_PART = /^\d+(?:\.\d+)?[bm](?:[-_.][a-z0-9._-]*)?$/i;
/** A family word with its version and nothing else ("llama", "qwen2.5", "Llama-2", "baichuan2", "gemma_2"). */
const FAMILY_FOLDER = new RegExp(`^(?:${FAMILY_WORDS})(?:[-_.]?v?\\d+(?:[._]\\d+)?)?$`, 'i');
export function familyFolderAbove(parts: readonly string[]): string | null {
  const last = parts.at(-1) ?? '';
  const folder = (parts.at(-2) ?? '').toLowerCase();
  if (parts.length < 2 || !SIZE_FIRST_PART.test(last) || !FAMILY_FOLDER.test(folder)) return null;
  return `${folder} ${last}`;
}

/**
 * A folder of one model's weights (TensorRT-LLM's build.py `--model_dir /models/llama-2-70b-chat-hf/`,
 * triton-inference-server/tensorrtllm_backend, corpus c730; KTransformers' `--model_dir`): its last
 * folder names the model where it looks like one (a size or version digit in it). TabbyAPI's
 * `model_dir: models` is the folder its models sit in (config_sample.yml), no model: set aside.
 */
export const modelFolder: Handler = (v, ctx) => {
  const name = withoutTrailingSeparators(v).split(/[/\\]/).at(-1) ?? '';
  return /\d/.test(name) ? model(v, ctx) : IGNORE;
};

/** ms-swift's spelling of Qwen1.5 in its model types (swift/llm/utils/model.py, 1.x and 2.x: ModelType.qwen1half_7b_chat = 'qwen1half-7b-chat'). */
export const QWEN1HALF = /(?<![a-z0-9.])qwen1half(?=[-_\s]|$)/gi;

/**
 * ms-swift 1.x and 2.x name the model by `--model_type` ("swift sft --model_type qwen1half-7b-chat",
 * modelscope/ms-swift#860, c853; "swift deploy --tensor_parallel_size 4 --dtype fp16 --model_type
 * qwen1half-7b-chat", vllm-project/vllm#7946): a name with its size. In a Hugging Face config.json
 * `"model_type": "llama"` names an architecture, no model: only a value with a size is read.
 */
export const swiftModelType: Handler = (v, ctx) => {
  const name = unquote(v);
  if (!/\d(?:[._]\d+)?[bm](?![a-z0-9])/i.test(name)) return IGNORE;
  return model(name.replace(QWEN1HALF, 'qwen1.5'), ctx);
};

/** Keys that name the model, whose value may carry its format ("…-AWQ-INT4"). */
export const MODEL_KEYS = ['model', 'model_name_or_path', 'base_model', 'model_name', 'model_id', 'model_path', 'pretrained_model_name_or_path'];

/**
 * LLaMA-Factory's example configs save to `saves/<model>/<method>/<stage>` ("output_dir:
 * saves/llama3-8b/lora/sft", examples/train_lora/llama3_lora_sft.yaml; hiyouga/LlamaFactory#4263,
 * corpus c599, whose pasted yaml lacks model_name_or_path). With no model key, that folder names the
 * model, on a weak cue (a folder's name, which the user may have kept from the example): said.
 */
export const savesFolder: Handler = (v, ctx) => {
  if (MODEL_KEYS.some((k) => ctx.keys.has(k))) return IGNORE;
  const m = /^(?:\.\/)?saves\/([a-z][\w.-]*\d[\w.-]*)\/(?:lora|qlora|full|freeze|oft)\/(?:sft|pt|rm|ppo|dpo|kto|orpo)(?:\/|$)/i.exec(unquote(v));
  return m ? { say: m[1]!, weak: true } : IGNORE;
};

/** Keys that name the checkpoint a run loads, beside which an output folder is only where it saves (`--model_dir` and `--output_dir` of TensorRT-LLM's build.py, c730). */
const LOADING_KEYS = [...MODEL_KEYS, 'model_dir', 'hf_model', 'checkpoint_dir', 'ckpt_path', 'pretrained_model_path', 'pretrain', 'model_type', 'served_model_name'];
/** A loading key's value that names a model in any of its folders (a sized or catalog name: `trt_ckpt/chatglm3_6b/fp16/1-gpu`, c568). */
const loadsNamedModel = (v: string | undefined) => v !== undefined && withoutTrailingSeparators(v).split(/[/\\]/).some((p) => SIZED_PART.test(p) || modelIdOf(p) !== undefined);
const FAMILY_THEN_SIZE = /^[a-z]{2,}[a-z0-9.]*(?:[-_][a-z0-9.]+)*?[-_]\d+(?:\.\d+)?[bm](?![a-z0-9])/i;
/**
 * Any other run's output folder named after the model it trains: open-r1's `--output_dir
 * data/Qwen2.5-1.5B-Open-R1-GRPO` (huggingface/open-r1#112, c3021, had refused "Which model?"), "./llama-2-7b-lora-alpaca",
 * "output/qwen2-7b-sft". With no model key, the folder (the last one first) that starts with a family's name and its
 * size names the model up to its size, weak: a name the user chose, said (rule config.key.output-folder-model).
 */
export const outputFolder: Handler = (v, ctx) => {
  const saves = savesFolder(v, ctx);
  if (saves !== IGNORE || LOADING_KEYS.some((k) => loadsNamedModel(ctx.values?.get(k)))) return saves;
  const named = withoutTrailingSeparators(v).split(/[/\\]/).reverse().map((p) => FAMILY_THEN_SIZE.exec(p)?.[0]).find((p) => p !== undefined && familyOf(p) !== null);
  return named ? { say: named.replace(/[^a-z0-9.\-_]/gi, ' '), weak: true } : IGNORE;
};

/**
 * The name a server answers to (vLLM's and SGLang's `--served-model-name`, TGI's `--served-model-name`): the user's
 * own label, often the model's name ("--served-model-name alibaba/tongyi-deepresearch-30b-a3b" beside "--model
 * &{modelpath}", Alibaba-NLP/DeepResearch#168, c2593, had refused "Which model?"). Model evidence where it holds a
 * size or is a catalog model and no model key's value names one: read by its last part, weak (a label, said).
 */
const NAMES_A_MODEL = (v: string) => SIZED_PART.test(v) || modelIdOf(v.split(/[/\\]/).at(-1) ?? '') !== undefined;
export const servedName: Handler = (v, ctx) => {
  const value = withoutTrailingSeparators(v);
  if (!NAMES_A_MODEL(value) || MODEL_KEYS.some((k) => NAMES_A_MODEL(withoutTrailingSeparators(ctx.values?.get(k) ?? '')))) return IGNORE;
  // The name up to its size: a label's format words ("--served-model-name Qwen3.5-27B-AWQ-4bit" beside "vllm serve
  // Qwen/Qwen3.5-122B-A10B-GPTQ-Int4", vllm-project/vllm#36734, c2557) are no evidence of the weights loaded.
  const name = value.split(/[/\\]/).at(-1) ?? '';
  const upToSize = /^.*?(?<![a-z0-9.])\d+(?:\.\d+)?[bm](?:[-_.]a\d+(?:\.\d+)?b)?(?![a-z0-9])/i.exec(name)?.[0] ?? name;
  return { say: upToSize.replace(/[^a-z0-9.\-_]/gi, ' '), weak: true };
};

/**
 * A run's config file named after its model (KTransformers' `--optimize_rule_path
 * …/DeepSeek-V3-Chat-multi-gpu-marlin.yaml`, kvcache-ai/ktransformers#764, c2541, had refused
 * "Which model?"): a stem that is a name with a size, or starts with a catalog model named with its version, is the
 * model, weak (a file's name; the file may be another model's template). Any other value is set aside. Not `--config`:
 * torchtune's `--config llama3/8B_lora` is read as a path by prose/paths.ts (c031).
 */
export const configFileModel: Handler = (v) => {
  const file = withoutTrailingSeparators(v).split(/[/\\]/).at(-1) ?? '';
  const stem = /^([a-z][\w.-]*?)\.(?:ya?ml|json|toml)$/i.exec(file)?.[1];
  if (!stem) return IGNORE;
  // A family's name with a size ("qwen2_7b_lora.yaml"); "config_16b.json" (c1016) names a size of no family.
  const sized = /^[a-z]{2,}[a-z0-9.]*(?:[-_][a-z0-9.]+)*?[-_]\d+(?:\.\d+)?[bm](?![a-z0-9])/i.exec(stem)?.[0];
  const name = (sized && familyOf(sized) !== null ? sized : null) ?? catalogHead(stem);
  return name ? { say: name.replace(/[^a-z0-9.\-_]/gi, ' '), weak: true } : IGNORE;
};

/**
 * Xinference names a built-in model by its family and its size in two flags: `xinference launch --model-name
 * qwen1.5-chat --size-in-billions 72 --model-format gptq` (xorbitsai/inference#1183, corpus c349: Qwen1.5-72B-Chat;
 * `model_size_in_billions` in its Python client and REST API, xinference/client/restful/restful_client.py
 * launch_model). The name alone is a family ("qwen1.5-chat" had read as its 7B); with the size it is one model.
 * The size (a number of billions, "1_8" for 1.8 in its model specs) joins a name that has none of its own.
 */
const SIZE_KEYS = ['size_in_billions', 'model_size_in_billions'];
const billions = (v: string): string | null => {
  const m = /^(\d+)(?:[._](\d+))?$/.exec(unquote(v));
  return m ? `${m[1]}${m[2] ? `.${m[2]}` : ''}b` : null;
};
export const modelNameWithSize: Handler = (v, ctx) => {
  const size = SIZE_KEYS.map((k) => ctx.values?.get(k)).map((s) => (s === undefined ? null : billions(s))).find((s) => s);
  const name = unquote(v);
  if (!size || /\d(?:\.\d+)?[bm](?![a-z0-9])/i.test(name) || /[/\\]/.test(name)) return model(v, ctx);
  return model(`${name}-${size}`, ctx);
};
/**
 * `model_size` with a model size and its unit ("--model_size 13b"): that size (rule config.key.model-size). Any other value
 * changes no memory, as NO_MEMORY_EFFECT had it. A bare `--size 7B` (tinygrad's llama.py) is left to prose by the key
 * reader (config-keys/read.ts), since "size" alone names every size ("Batch size: 96", "Dataset size: 100,000").
 */
/**
 * A size flag no table reads given a model size with its unit ("--size 7B": tinygrad's llama.py and its eval script,
 * tinygrad/tinygrad#1289, c3107, had been blanked as a key not read): the key reader leaves it for prose, which reads the
 * model's size and joins it with the family the words or the script's name give (rule config.key.size-flag).
 */
export const isModelSizeFlag = (key: string, value: string) => /(?:^|_)size$/.test(key) && /^\d+(?:\.\d+)?b$/i.test(value);
const modelSizeKey: Handler = (v) => {
  const size = /^(\d+(?:\.\d+)?)\s*([bm])$/i.exec(unquote(v));
  return size ? say(`${size[1]}${size[2]!.toLowerCase()}`) : IGNORE;
};
const sizeInBillions: Handler = (v) => {
  const size = billions(v);
  return size ? say(size) : IGNORE;
};

/**
 * A container's mount of the host's model folder (`docker run --volume /mnt/Qwen2.5-32B-Instruct-AWQ:/model … --model
 * /model`; `-v /home/model/Qwen3-VL-8B-Instruct-AWQ:/model … vllm serve /model`, mixa3607/ML-gfx906#3, c2611): the server
 * loads the container's path, which the host's folder names. Read as that folder's model, weak (only a path), where it
 * names one (a size in it or a catalog name); any other mount (a cache, a dataset) is set aside.
 */
const mountedModel: Handler = (v, ctx) => {
  const host = /^(.+?):(?:\/[^:]*)(?::[a-z,]+)?$/i.exec(unquote(v))?.[1];
  const name = host ? withoutTrailingSeparators(host).split(/[/\\]/).at(-1) ?? '' : '';
  if (!host || !(SIZED_PART.test(name) || modelIdOf(name) !== undefined)) return IGNORE;
  const read = model(host, ctx);
  return read && typeof read === 'object' && 'say' in read ? { ...read, weak: true as const } : read;
};

/** Each key: what its value says in request words, and the source where one is cited. */
export const MODEL_KEYS_TABLE: KeyTable = {
  model: { reads: model },
  model_name_or_path: { reads: model },
  base_model: { reads: model },
  model_name: { reads: modelNameWithSize },
  size_in_billions: { reads: sizeInBillions, source: 'xorbitsai/inference (xinference launch --size-in-billions)' },
  model_size_in_billions: { reads: sizeInBillions, source: 'xorbitsai/inference (restful_client.py launch_model)' },
  model_size: { reads: modelSizeKey },
  model_id: { reads: model },
  pretrained_model_name_or_path: { reads: model },
  model_path: { reads: model },
  model_dir: { reads: modelFolder },
  optimize_rule_path: { reads: configFileModel, source: 'kvcache-ai/ktransformers#764 (local_chat --optimize_rule_path)' },
  served_model_name: { reads: servedName, source: 'Alibaba-NLP/DeepResearch#168 (vllm --served-model-name)' },
  model_type: { reads: swiftModelType, source: 'modelscope/ms-swift#860, swift/llm/utils/model.py ModelType' },
  hf_model: { reads: model },
  volume: { reads: mountedModel, source: 'mixa3607/ML-gfx906#3 (docker run -v <host model folder>:/model … vllm serve /model)' },
  checkpoint_dir: { reads: model },
  ckpt_path: { reads: model },
  // TencentPretrain's pretrain.py (Linly, CVI-SZU/Linly#35, corpus c417): --pretrained_model_path is the
  // checkpoint it starts from; --output_model_path is where it saves (ignored.ts), never the model.
  pretrained_model_path: { reads: model, source: 'CVI-SZU/Linly#35' },
  output_dir: { reads: outputFolder, source: 'LLaMA-Factory examples/train_lora/llama3_lora_sft.yaml; hiyouga/LlamaFactory#4263; huggingface/open-r1#112' },
  random_init: { reads: (v) => (isTrue(v) ? say('pretrain') : IGNORE) },
  // OpenRLHF's `--pretrain`, Open-Reasoner-Zero's `pretrain: Optional[str] = "…/Qwen2.5-1.5B"` and the configs built on
  // them name the checkpoint training starts from (Open-Reasoner-Zero/Open-Reasoner-Zero#24, corpus c2256, had read
  // the key's word as pre-training): a value that is a path or a name with a size is the model; `pretrain: true` is
  // the mode; any other value is left to the words around it.
  pretrain: { reads: pretrainKey, source: 'OpenRLHF/OpenRLHF openrlhf/cli/train_ppo_ray.py --pretrain; Open-Reasoner-Zero/Open-Reasoner-Zero#24' },
  // transformers/accelerate device_map: "auto", "balanced"… split the layers over the GPUs; a dict pins them; written
  // bare ("device_map auto" in prose) the lexer reads the words.
  device_map: { reads: (v) => (/^(?:auto|balanced|balanced_low_0|sequential)$/.test(unquote(v)) ? say('device map auto') : v === 'true' ? null : IGNORE) },
  pytorch_cuda_alloc_conf: { reads: (v) => (/expandable_segments\s*:\s*true/i.test(v) ? say('expandable segments') : IGNORE) },
  pytorch_hip_alloc_conf: { reads: (v) => (/expandable_segments\s*:\s*true/i.test(v) ? say('expandable segments') : IGNORE) },
};
