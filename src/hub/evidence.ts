import { MODELS } from '../catalog/index.js';

/**
 * Whether a bare `owner/name` has the evidence of a Hugging Face Hub model repo. Any two words with a
 * slash look like one: "xprobe/xinference" (a Docker image whose tag a version rule had already
 * blanked, xorbitsai/inference#3432, c720), "release/0.5.0" (a git branch in a GitHub link,
 * triton-inference-server/tensorrtllm_backend#195, c730), "cuda/cudnn", "tokens/second". Each was
 * taken as a repo the reader had not fetched, and the whole message was refused. A Hub URL is
 * evidence by itself (it never reaches this test); a bare pair needs one of:
 *
 * - an owner known to publish models: one the catalog's own Hub ids name, or a publisher of
 *   quantised and fine-tuned checkpoints people paste (THUDM, TheBloke, unsloth, bartowski …);
 * - a name that reads as a model's: a parameter count ("7b", "350m", "8x7b", "a3b"), a family's
 *   word (llama, qwen, vicuna, internlm …), or a checkpoint's format or variant (gguf, awq,
 *   gptq, bnb, fp8, instruct, chat), or the word "model" or "llm" itself ("someorg/some-model").
 */

/** Owners of the Hub ids in the catalog (meta-llama, Qwen, deepseek-ai, mistralai, google …). */
const CATALOG_OWNERS = MODELS.flatMap((m) => [m.id, ...m.aliases])
  .filter((a) => /^[a-z0-9][\w.-]*\/[\w.-]+$/i.test(a))
  .map((a) => a.split('/')[0]!.toLowerCase());

/** Publishers whose repos people paste, beyond the catalog's: quantisers, fine-tuners, labs. */
const PUBLISHERS = [
  'thebloke', 'unsloth', 'bartowski', 'mradermacher', 'lmstudio-community', 'mlx-community', 'neuralmagic', 'redhatai',
  'casperhansen', 'turboderp', 'techxgenus', 'ybelkada', 'eleutherai', 'facebook', 'nousresearch', 'lmsys', 'internlm',
  'openbmb', 'allenai', 'ibm-granite', 'huggingfaceh4', 'teknium', 'cognitivecomputations', 'openrlhf', 'beomi', 'thudm',
  'tiiuae', 'databricks', 'mosaicml', 'togethercomputer', 'cohereforai', 'coherelabs', 'upstage', 'openchat', 'wizardlm',
  'xwin-lm', 'opengvlab', 'baai', 'shenzhi-wang', 'flagalpha', 'hfl', 'fnlp', 'openlm-research', 'tloen', 'timdettmers',
  'salesforce', 'stabilityai', 'cerebras', 'ai21labs', 'snowflake', 'nvidia-nemo', 'llm-jp', 'rinna', 'elyza', 'sambanovasystems',
];
const KNOWN_OWNERS = new Set([...CATALOG_OWNERS, ...PUBLISHERS]);

/** A parameter count in a name: "7b", "1.5b", "350m", "8x7b", "a22b" (MoE active), "12.8b". */
const SIZE = /(?:^|[-_.])(?:\d+x)?\d+(?:\.\d+)?[bm](?:$|[-_.])|(?:^|[-_.])a\d+(?:\.\d+)?b(?:$|[-_.])/;
/** Words of model families, from the catalog and beyond it (fine-tunes and families it lacks). */
const FAMILY_WORDS = [
  ...new Set(MODELS.map((m) => m.family.toLowerCase().replace(/[^a-z0-9]/g, ''))),
  'llama', 'vicuna', 'alpaca', 'guanaco', 'koala', 'wizardlm', 'wizardcoder', 'orca', 'llava', 'codellama', 'tulu', 'zephyr',
  'openhermes', 'dolphin', 'mixtral', 'internlm', 'chatglm', 'baichuan', 'opt', 'pythia', 'mpt', 'olmo', 'granite', 'minicpm',
  'stablelm', 'tinyllama', 'qwq', 'deepseek', 'phi', 'gemma', 'mistral', 'codegen', 'santacoder', 'starcoder', 'polyglot',
  'bloomz', 'mt5', 't5', 'flan', 'xverse', 'aquila', 'skywork', 'nemotron', 'jamba', 'dbrx', 'grok', 'ernie', 'hunyuan',
  'moss', 'belle', 'ziya', 'telechat', 'orion', 'exaone', 'solar', 'command-r', 'aya', 'idefics', 'paligemma', 'pixtral',
];
const FAMILY = new RegExp(`(?:^|[-_.])(?:${[...new Set(FAMILY_WORDS)].sort((a, b) => b.length - a.length).join('|')})(?:\\d|[-_.]|$|v\\d)`);
/** A checkpoint's format or variant: quantised files and the chat and instruct tunes. */
const CHECKPOINT = /(?:^|[-_.])(?:gguf|ggml|awq|gptq|bnb|exl2|fp8|fp16|bf16|int4|int8|4bit|8bit|instruct|chat|base|hf|sft|dpo|rlhf|model|llm|gpt)(?:$|[-_.])/;

/**
 * A repository's own folders before a slash: "Adds `examples/glm-5.1-msswift` — LoRA SFT of GLM-5.1"
 * (basetenlabs/ml-cookbook#116, c3014, had refused as a Hub repo it had not fetched), `configs/qwen2-7b-lora`,
 * `recipes/…`: a path in the project the message is about, never a Hub owner (rule hub.repository-folder).
 */
const REPOSITORY_FOLDERS = new Set(['examples', 'example', 'configs', 'config', 'recipes', 'recipe', 'scripts', 'docs', 'tests', 'src', 'cookbook']);

/** True when the bare `owner/name` (lower case) has the evidence of a model repo. */
export function namesAModel(id: string): boolean {
  const [owner, name] = id.toLowerCase().split('/') as [string, string];
  if (REPOSITORY_FOLDERS.has(owner)) return false;
  if (KNOWN_OWNERS.has(owner)) return true;
  return SIZE.test(name) || FAMILY.test(name) || CHECKPOINT.test(name);
}
