import { catalogSeries, familyOf, seriesKey } from '../../families.js';
import { FAMILIES, modelIdOf } from '../../lexicon.js';
import { catalogHead, moduleModelName } from '../../module-files.js';
import type { ProseRule } from '../types.js';
import { FILE, PATH, fileWords } from '../paths.js';
import { ADAPTED_FROM } from '../../owners/adapted-from.js';
import { familyBeforeSize } from '../../script-model-name.js';
import { PROJECT_MODELS } from '../../read-tokens/project-models.js';
import { modelAndRest, namePartWords } from '../../name-parts.js';

/**
 * A model named only in a path (issue 22, b13 item 4). A recipe or script path files its config
 * under the model it is for: alignment-handbook's `recipes/zephyr-7b-beta/dpo/config_full.yaml`
 * (huggingface/alignment-handbook#22, corpus c536). The path's last part is a file, which names no
 * model (`prose.path` reads only its words: "full"), so the folder that carries a family name and a
 * size is the model. A guess from a path, so weak: the reply says it with the path. A model named
 * anywhere else in the message is the model, never the path's — unless it names the template the
 * user's config was changed from (owners/adapted-from.ts).
 */

const FAMILY = FAMILIES.map((f) => f.replace(/[^a-z0-9]/g, '')).filter((f) => f.length >= 2).join('|');
/**
 * A folder that names a model: a name, then a size as one of its parts ("zephyr-7b-beta",
 * "llama-2-7b-chat-hf"); the lexer then reads the name (a catalog model, a fine-tune of one, or
 * a name the catalog lacks, sized by its size).
 */
const MODEL_FOLDER = /^[a-z]{2,}[a-z0-9.]*(?:[-_][a-z0-9.]+)*?[-_]\d+(?:\.\d+)?[bm](?:[-_][a-z0-9.]+)*$/;
/** A model said elsewhere: a family and a size close together ("Llama 2 7B", "qwen2.5-7b"), or a bare size ("a 7b model"). */
const MODEL_ELSEWHERE = new RegExp(`(?<![a-z0-9])(?:(?:${FAMILY})[a-z0-9.\\-_ ]{0,12}?)?\\d+(?:\\.\\d+)?b(?![a-z0-9])`);
/** Every such saying, to tell a size said alone from a model named. */
const MODELS_ELSEWHERE = new RegExp(MODEL_ELSEWHERE.source, 'g');
const FILE_WHOLE = new RegExp(`^${FILE.source}$`);

/**
 * Whether the words outside the path name a model that is not the path's: a family with a size, or a size
 * alone that is not the path's own ("a 13b model" beside `…/Llama-2-7b/…`). A size alone that is the path's
 * ("Can't run even 7B" above `"-m" "/data/models/TabbyML/StarCoder2-7B/ggml/model-00001-of-00001.gguf"`,
 * TabbyML/tabby, c2520) is the same model said without its family: the path says which 7B.
 */
function namedElsewhere(elsewhere: string, name: string): boolean {
  const own = /(?<![a-z0-9.])(\d+(?:\.\d+)?b)(?![a-z0-9])/.exec(name)?.[1];
  for (const m of elsewhere.replace(ADAPTED_FROM, (t) => ' '.repeat(t.length)).matchAll(MODELS_ELSEWHERE)) {
    // A name with no size of its own ("baichuan2/README.md") is sized by a size said alone elsewhere ("跑 13B 推理"):
    // the two are one model said in pieces, which the name rules join, weak (names.series-and-size-apart).
    if (!/^\d/.test(m[0]) || (own !== undefined && m[0] !== own)) return true;
  }
  return false;
}

/**
 * A script's or a document's name that holds a family word and no size, with the size said apart in the words:
 * tinygrad's "python test/external/external_llama_eval.py … --size 7B" (tinygrad/tinygrad#1289, c3107), a cookbook's
 * "vllm/qwen3.5.md的推荐卡数是不是有误？35b-w8a8推荐四卡" (HYGON-AI/inference-cookbook-das#58, c3143), "eval_gemma2.py --size 9b".
 * The file's family sizes nothing by itself (a script runs what it is given), so only where the words say a size alone
 * and name no other family: the family word is kept, for the name rules to join with that size, weak
 * (rule prose.file-family-size-apart). Had been refused as words not read, or read as a bare size of another shape.
 */
const FAMILY_IN_STEM = new RegExp(`(?<![a-z])(?:${FAMILY})(?:[-_.]?v?\\d+(?:[._]\\d+)?)?(?![a-z0-9])`, 'g');
const NAMED_FILE = /(?<![\w.\-])((?:[\w.~-]{1,120}\/){0,12})([a-z0-9_\-.]{1,80}?)\.(?:py|sh|bash|ipynb|md|rst)(?![\w])/g;
/** A size said alone in the words, not joined to a name ("7B", "35b-w8a8", "--size 7B"). */
const BARE_SIZE = /(?<![a-z0-9.\-_])\d+(?:\.\d+)?b(?![a-z0-9])/;
/**
 * The family word a file's stem holds (`stem`, the file at `at` of `input`, `length` long), where the words outside
 * every file and link say a size alone and name no other family; null otherwise. Shared with prose.engine-docs-path,
 * whose engine documentation page ("vllm/qwen3.5.md") names the model too.
 */
export function fileFamilySizedApart(stem: string, input: string, at: number, length: number): string | null {
  const named = familyOfFile(stem.toLowerCase());
  if (!named) return null;
  const elsewhere = (input.slice(0, at) + ' '.repeat(length) + input.slice(at + length))
    .replace(new RegExp(NAMED_FILE.source, 'g'), (f) => ' '.repeat(f.length))
    .replace(/\bhttps?:\/\/\S+/g, (u) => ' '.repeat(u.length));
  const family = familyOf(named.word);
  if (!BARE_SIZE.test(elsewhere) || [...elsewhere.matchAll(FAMILY_WORDS)].some((w) => familyOf(w[0]) !== family)) return null;
  return named.word;
}
function familyOfFile(stem: string): { word: string; at: number } | null {
  if (/(?<![a-z0-9.])\d+(?:\.\d+)?[bm](?![a-z0-9])/.test(stem)) return null;
  const found = [...stem.matchAll(FAMILY_IN_STEM)];
  if (found.length === 0 || new Set(found.map((f) => familyOf(f[0]))).size !== 1) return null;
  return { word: found[0]![0].replace(/_(?=\d)/, '.'), at: found[0]!.index };
}

/**
 * A folder named as a project that trains one model (read-tokens/project-models.ts): a clone of the
 * repository, "--deepspeed ./dolly/config/ds_z3_bf16_config.json" (databrickslabs/dolly#5, c805), where
 * the message names the model nowhere else. The lexer then reads the project's name, as a guess with its options.
 */
const isProject = (folder: string) => PROJECT_MODELS.some((p) => p.names.test(folder));

/** The folder that names a model, nearest the file first, with its offset in the path. */
function modelFolder(path: string): { name: string; at: number } | null {
  const parts = path.split('/');
  let offset = path.length;
  for (let i = parts.length - 1; i >= 0; i--) {
    const part = parts[i]!;
    offset -= part.length;
    if (i < parts.length - 1 && (MODEL_FOLDER.test(part) || isProject(part))) return { name: part, at: offset };
    offset -= 1;
  }
  return null;
}

/**
 * Where no folder is a name with a size (s34, rmodel12): the module file named after its model
 * ("plugins/llm_glm6b.py", "…/modeling_chatglm.py"; module-files.ts), else a folder that is a catalog model or series
 * named without a size ("paddlemix/examples/qwen_vl/README.md", PaddlePaddle/PaddleMIX#422, c2577: Qwen-VL, whose one
 * size is 9.6B, had refused "Which model?"). Only where the words name no family at all: a guess from a path.
 */
const FAMILY_WORDS = new RegExp(`(?<![a-z0-9])(?:${FAMILY})`, 'g');
function sizelessModel(path: string, elsewhere: string): { name: string; at: number } | null {
  const found = sizelessName(path);
  // Another family said in the words is the model; the same one ("Tried: DeepSeek-V3-Chat-multi.yaml", c2541) is not another.
  const family = found ? familyOf(found.name) : null;
  return found && [...elsewhere.matchAll(FAMILY_WORDS)].every((w) => familyOf(w[0]) === family) ? found : null;
}

function sizelessName(path: string): { name: string; at: number } | null {
  const parts = path.split('/');
  const file = parts.at(-1) ?? '';
  const named = moduleModelName(file);
  if (named) return { name: named.name.replace(/_/g, '-'), at: path.length - file.length + named.at };
  // A config named by its size ("yamls/mpt/pretrain/1b.yaml") is a recipe tree's, read by prose/paths.ts with its folder.
  if (/^\d/.test(file)) return null;
  // A config named by a catalog model that has one size, then its own words: KTransformers'
  // "optimize_rules/DeepSeek-V3-Chat-multi-gpu-marlin.yaml" (kvcache-ai/ktransformers#764, c2541).
  const head = catalogHead(CONFIG_FILE.exec(file)?.[1] ?? '');
  if (head) return { name: head, at: path.length - file.length };
  let offset = path.length - file.length - 1;
  for (let i = parts.length - 2; i >= 0; i--) {
    const part = parts[i]!;
    offset -= part.length;
    if (/^[a-z][a-z0-9._-]*$/.test(part) && (modelIdOf(part) !== undefined || catalogSeries().has(seriesKey(part)))) return { name: part, at: offset };
    offset -= 1;
  }
  return null;
}

/**
 * A recipe config named after its model when no folder is: SimPO's
 * `training_configs/mistral-7b-instruct-simpo.yaml` (princeton-nlp/SimPO#10, c787), laid out as
 * alignment-handbook's recipes are (c536, the folder). Only a config file (YAML, JSON, TOML): a
 * script's name ("run_llama_7b.py") runs whatever it is given.
 */
const CONFIG_FILE = /^(.+)\.(?:ya?ml|json|toml)$/;
function modelFile(path: string): { name: string; at: number } | null {
  const file = path.split('/').pop() ?? '';
  const stem = CONFIG_FILE.exec(file)?.[1];
  return stem && MODEL_FOLDER.test(stem) ? { name: stem, at: path.length - file.length } : null;
}

/** A config file's name alone, no folder before it: its stem and its extension. */
const BARE_CONFIG_FILE = /(?<![\w.\-/])([a-z][a-z0-9_\-.]*?)\.(?:ya?ml|json|toml)(?![\w])/g;

/**
 * A GitHub repository named after a catalog series, not one model ("https://github.com/QwenLM/Qwen2.5-VL/blob/main/
 * web_demo_mm.py", QwenLM/Qwen3-VL#881, c2676: "我运行 7B的模型" with the demo's link; "https://github.com/THUDM/ChatGLM3"):
 * the series the user runs, where the words name no family; a size said elsewhere picks its member, said apart
 * (read-tokens/said-beside.ts). prose.github-repo-model reads a repository named with its size.
 */
const REPO_LINK = /\bhttps?:\/\/github\.com\/[\w.-]+\/([a-z][\w.-]*?)(?=[/\s)\]>"'`#?]|$)[^\s<>()"'`]*/g;
const seriesRepo = (name: string) => /[a-z]/.test(name) && /\d|[-_]/.test(name) && catalogSeries().has(seriesKey(name));

/**
 * A script named with the size of the model it runs ("bash scripts/run_for_7B_in_Linux_or_WSL.sh", netease-youdao/
 * QAnything#289, c2669; "sh finetune_lora_ds_34b.sh", "python train_llama_7b.py"): where the words name no model, that size
 * (with the family the name holds) is the model, weak — a script runs whatever it is given, so said with the file's name.
 * Refusing "Which model?" had dropped the one word that sized it. The file's method and intent words are kept.
 */
// Bounded parts (a folder, a stem): a script's name is short, and a long word is then tried in linear time.
// A mixture's active size stays with its total ("run-qwen3-30B-A3B.sh", THUDM/slime#72, c2711): "30b" alone is no release.
const SCRIPT_WITH_SIZE = /(?<![\w.\-])((?:[\w.~-]{1,120}\/){0,12})([a-z0-9_\-.]{0,80}?(?<![a-z0-9.])(\d+(?:\.\d+)?[bm](?:[-_]a\d+(?:\.\d+)?b)?)(?![a-z0-9])[a-z0-9_\-.]{0,80})\.(?:py|sh|bash|slurm|ipynb)(?![\w])/g;
/** A document a link or path names ("docs/zh/models/qwen3-4B.md", the guide that worked): a page read, not a model run. */
const DOCUMENT_PATH = /(?<![^\s()[\]])[^\s()[\]]{1,200}\.(?:md|rst|html?|txt|pdf)(?![\w])/g;

/**
 * A model MLC LLM compiled, named by its library: "/data/models/mlc/dist/Meta-Llama-3-8B-Instruct-ctx8192/
 * Meta-Llama-3-8B-Instruct-q4f16_ft/Meta-Llama-3-8B-Instruct-q4f16_ft-cuda.so" (dusty-nv/jetson-containers#560, c2708) is
 * Llama-3-8B-Instruct built at q4f16_ft; the file's device and extension ("-cuda.so", "-vulkan.so", "-metal.so",
 * "-webgpu.wasm", "-android.tar") name no model (the message had been refused on "cuda.so", or read a model called
 * "….so"). The library's name is kept with its code, which prose.mlc-quant reads as the weight width; its folders go.
 */
const MLC_LIBRARY = /(?<![\w.\-/])(?:\.{0,2}\/)?((?:[\w.~-]{1,120}\/){0,12})([a-z][a-z0-9_.-]{0,100}?[-_]q[348]f(?:16|32)_(?:\d|ft))[-_](?:cuda|vulkan|metal|rocm|opencl|webgpu|android|iphone|mali)\.(?:so|dylib|dll|tar|wasm)(?![\w])/g;

/**
 * A name's model at `at` of `whole`, then the setup the name's other parts say (name-parts.ts) written over them, the
 * rest blanked: "mixtral-8x7b-instruct-v0.1 a100-80g tp 2" over "mistralai--mixtral-8x7b-instruct-v0.1_a100-80g_tp2.yaml".
 */
function namedPieces(whole: string, at: number, head: string, rest: string, elsewhere: string) {
  const parts = namePartWords(rest, elsewhere).words;
  const end = at + head.length;
  const restEnd = end + rest.length;
  return [
    { text: ' '.repeat(at), from: 0, to: at },
    { text: head, from: at, to: end },
    { text: parts ? ` ${parts}` : ' '.repeat(rest.length), from: end, to: restEnd },
    { text: ' '.repeat(whole.length - restEnd), from: restEnd, to: whole.length },
  ].filter((p) => p.to > p.from || p.text.length > 0);
}

/** The match blanked but for `name` at `at`, each piece mapped to its own span of the user's words. */
function nameAloneAt(whole: string, at: number, name: string) {
  return [
    { text: ' '.repeat(at), from: 0, to: at },
    { text: name, from: at, to: at + name.length },
    { text: ' '.repeat(whole.length - at - name.length), from: at + name.length, to: whole.length },
  ];
}

/**
 * A document, a notebook, a page or a log named after a model, alone, under folders or at a link's end, its anchor or query
 * after it: "see Llama-3.1-8B.md", "https://qwen.readthedocs.io/…/Qwen2.5-14B-Instruct.html", "…/DeepSeek-V3.html#deploy",
 * "mistral-7b-v0.3.pdf", "internlm2-7b.log", "C:\\…\\Mixtral-8x7B.txt" (s47, rname: a stranger's doc page had been blanked as a
 * file or a link, and the message refused "Which model?"). The page's model is the thread's model where the words name no
 * other: a model named elsewhere wins, a page by no model's name ("README.md", "deployment.html") says nothing, a Hugging
 * Face link is the Hub's, and a script (".py", ".sh") runs whatever it is given (prose.script-model-size). Weak: a page
 * describes a model, the user may run another, so said with the page's name.
 */
const DOCUMENT_NAME =
  /(?<![\w.\-/\\])((?:https?:\/\/)?(?:[\w.~%:@+-]{0,120}[/\\]){0,16})([a-z0-9][a-z0-9_.-]{0,80}?)\.(?:md|mdx|markdown|rst|html?|pdf|txt|log|ipynb|docx?|adoc)((?:[#?][^\s()<>"'`\]]{0,200})?)(?![\w])/g;
/** The model a document's stem names at its head (a catalog model, or a name with a size), or null. */
function documentModel(stem: string): { name: string; at: number } | null {
  const named = modelAndRest(stem);
  if (named && (MODEL_FOLDER.test(named.head) || catalogHead(named.head) !== null)) return { name: named.head, at: named.at };
  const head = catalogHead(stem);
  return head ? { name: head, at: 0 } : null;
}

export const PATH_MODEL_RULES: readonly ProseRule[] = [
  {
    id: 'prose.model-document-name',
    pattern: DOCUMENT_NAME,
    when: (t) => /\.(?:md|mdx|markdown|rst|html?|pdf|txt|log|ipynb|docx?|adoc)(?![\w])/.test(t),
    write: (m) => {
      const [whole, folders, stem] = m as unknown as [string, string, string];
      if (/(?:huggingface\.co|hf\.co)\//.test(folders)) return whole;
      const named = documentModel(stem);
      if (!named) return whole;
      // The same page named again (a Markdown link's label and its target) is no other model.
      const elsewhere = (m.input.slice(0, m.index) + ' '.repeat(whole.length) + m.input.slice(m.index + whole.length)).split(stem).join(' '.repeat(stem.length));
      if (namedElsewhere(elsewhere, named.name)) return whole;
      return nameAloneAt(whole, folders.length + named.at, named.name);
    },
    example: 'see Llama-3.1-8B.md, running it on a single 4090, bf16',
    weak: true,
    insideHubIds: true,
  },
  {
    id: 'prose.mlc-library',
    pattern: MLC_LIBRARY,
    when: (t) => /q[348]f(?:16|32)_/.test(t) && /\.(?:so|dylib|dll|tar|wasm)(?![\w])/.test(t),
    write: (m) => {
      const name = m[2]!;
      return nameAloneAt(m[0], m[0].lastIndexOf(name), name);
    },
    example: 'using create_kv_cache() from /data/models/mlc/dist/Meta-Llama-3-8B-Instruct-ctx8192/Meta-Llama-3-8B-Instruct-q4f16_ft/Meta-Llama-3-8B-Instruct-q4f16_ft-cuda.so',
    source: 'dusty-nv/jetson-containers#560',
    insideHubIds: true,
  },
  {
    id: 'prose.script-model-size',
    pattern: SCRIPT_WITH_SIZE,
    // A cheap, linear test first: a script's extension (the pattern's stem is tried only where one is).
    when: (t) => /\.(?:py|sh|bash|slurm|ipynb)(?![\w])/.test(t),
    write: (m) => {
      const [whole, folders, stem, sized] = m as unknown as [string, string, string, string];
      const file = whole.slice(folders.length);
      // The same script named again (the title, then a link to it: c2711) and the documents the message links are
      // no other model named.
      const elsewhere = (m.input.slice(0, m.index) + ' '.repeat(whole.length) + m.input.slice(m.index + whole.length))
        .split(file).join(' '.repeat(file.length))
        .replace(DOCUMENT_PATH, (d) => ' '.repeat(d.length));
      const size = sized.replace(/_/g, '-');
      if (namedElsewhere(elsewhere, size)) return whole;
      const sizeAt = stem.search(new RegExp(`(?<![a-z0-9.])${sized.replace(/\./g, '\\.')}(?![a-z0-9])`));
      const before = stem.slice(0, sizeAt);
      const family = familyBeforeSize(before);
      // What the name says after its model (s45, rcode1: "llama3-8b_lora_r16_4xA100-80G.sh"): name-parts.ts, weak as this rule is.
      const named = modelAndRest(stem.slice(sizeAt));
      const parts = named ? namePartWords(named.rest, elsewhere).words : '';
      const own = parts.split(' ');
      const script = fileWords(file).trim().split(/\s+/).filter((w) => w && !own.includes(w)).join(' ');
      const words = [`${family ? `${family}-` : ''}${size}`, script, parts].filter(Boolean).join(' ');
      return words.length <= whole.length ? words.padEnd(whole.length) : [{ text: words, from: 0, to: whole.length }];
    },
    example: '运行bash scripts/run_for_7B_in_Linux_or_WSL.sh，报错 OOM, RTX 4090 24GB',
    source: 'netease-youdao/QAnything#289',
    weak: true,
  },
  {
    id: 'prose.file-family-size-apart',
    pattern: NAMED_FILE,
    when: (t) => /\.(?:py|sh|bash|ipynb|md|rst)(?![\w])/.test(t) && BARE_SIZE.test(t),
    write: (m) => {
      const [whole, folders, stem] = m as unknown as [string, string, string];
      const family = fileFamilySizedApart(stem, m.input, m.index, whole.length);
      if (!family) return whole;
      const file = whole.slice(folders.length);
      const words = `${family} ${fileWords(file).trim()}`.trim();
      return words.length <= whole.length ? words.padEnd(whole.length) : whole;
    },
    example: 'python test/external/external_llama_eval.py --eval boolq,hellaswag --limit 100 --size 7B --quantize',
    source: 'tinygrad/tinygrad#1289',
    // A script runs whatever it is given, and a document may describe several models: said with the file's name.
    weak: true,
  },
  {
    id: 'prose.github-repo-series',
    pattern: REPO_LINK,
    when: (t) => t.includes('github.com/'),
    write: (m) => {
      const name = m[1]!;
      if (!seriesRepo(name)) return m[0];
      const elsewhere = m.input.slice(0, m.index) + m.input.slice(m.index + m[0].length);
      if ([...elsewhere.replace(new RegExp(REPO_LINK.source, 'g'), ' ').matchAll(FAMILY_WORDS)].length > 0) return m[0];
      return nameAloneAt(m[0], m[0].indexOf(`/${name}`) + 1, name);
    },
    example: '我运行 7B的模型 报这个错 启动命令是 python [web_demo_mm.py](https://github.com/QwenLM/Qwen2.5-VL/blob/main/web_demo_mm.py)',
    source: 'QwenLM/Qwen3-VL#881',
    // The repository is where the user asked or what they cloned, not a model they named: said with the link.
    weak: true,
  },
  {
    // A recipe config named after its model, written without a folder: "tune run … --config
    // qwen2_5_7b_full_single_device.yaml", "用 qwen2_5_14b_lora.yaml 训练", LLaMA-Factory's
    // "llama3_lora_sft.yaml" beside a size. Its folder twin is prose.model-folder's modelFile
    // (c787, c2375 "configs/ttune/llama32_11b_vision_lora.yaml"); a bare name was blanked as a file
    // (prose.file-name) and the message then named no model. Weak, as modelFile is: the config may be
    // another model's template. A model named elsewhere wins.
    id: 'prose.model-config-file',
    pattern: BARE_CONFIG_FILE,
    when: (t) => /\.(?:ya?ml|json|toml)/.test(t),
    write: (m) => {
      // …or a catalog model with one size, then the config's own words ("Tried: DeepSeek-V3-Chat-multi.yaml", c2541).
      const elsewhere = m.input.slice(0, m.index) + ' '.repeat(m[0].length) + m.input.slice(m.index + m[0].length);
      // The model at the name's head and the setup its other parts say (s45, rcode1: name-parts.ts), a Hub owner
      // written `owner--` before it ("mistralai--Mixtral-8x7B-Instruct-v0.1_a100-80g_tp2.yaml" had been refused).
      const named = modelAndRest(m[1]!);
      if (named && (MODEL_FOLDER.test(named.head) || catalogHead(named.head) !== null)) {
        if (namedElsewhere(elsewhere, named.head)) return m[0];
        return namedPieces(m[0], named.at, named.head, named.rest, elsewhere);
      }
      const stem = MODEL_FOLDER.test(m[1]!) ? m[1]! : catalogHead(m[1]!);
      if (!stem) return m[0];
      if (namedElsewhere(elsewhere, stem)) return m[0];
      return namedPieces(m[0], 0, stem, m[1]!.slice(stem.length), elsewhere);
    },
    example: 'tune run full_finetune_single_device --config qwen2_5_7b_full_single_device.yaml OOM on a 4090',
    source: 'meta-pytorch/torchtune#1965',
    weak: true,
  },
  {
    id: 'prose.model-folder',
    pattern: PATH,
    when: (t) => t.includes('/'),
    write: (m) => {
      const path = m[0].replace(/\/+$/, '');
      const file = path.split('/').pop() ?? '';
      const elsewhere = m.input.slice(0, m.index) + ' '.repeat(m[0].length) + m.input.slice(m.index + m[0].length);
      const folder = FILE_WHOLE.test(file) ? modelFolder(path) ?? sizelessModel(path, elsewhere) : null;
      const named = folder ? null : modelFile(path);
      // Not this rule's path: written back unchanged, for prose.path to read.
      if (!folder && !named) return m[0];
      // …except the template a config was changed from ("根据 llama3_8b_full_alpaca_e3 改了下"), the example's model.
      if (namedElsewhere(elsewhere, (folder ?? named)!.name)) return m[0];
      const fileAt = path.length - file.length;
      // A module file's model lies in the file's own name (sizelessModel): read as a config file's name is.
      const inFile = folder && folder.at >= fileAt ? folder : named;
      // A config file's model and the setup its other parts say (s45, rcode1: "configs/qwen2.5-7b-sft-zero3-seq8k.yaml").
      const stem = CONFIG_FILE.exec(file)?.[1];
      const split = inFile && inFile.at >= fileAt && stem ? modelAndRest(stem) : null;
      if (split && (MODEL_FOLDER.test(split.head) || catalogHead(split.head) !== null)) return namedPieces(m[0], fileAt + split.at, split.head, split.rest, elsewhere);
      if (inFile) {
        return [
          { text: ' '.repeat(inFile.at), from: 0, to: inFile.at },
          { text: inFile.name, from: inFile.at, to: inFile.at + inFile.name.length },
          { text: ' '.repeat(m[0].length - inFile.at - inFile.name.length), from: inFile.at + inFile.name.length, to: m[0].length },
        ];
      }
      if (!folder) return m[0];
      return [
        { text: ' '.repeat(folder.at), from: 0, to: folder.at },
        { text: folder.name, from: folder.at, to: folder.at + folder.name.length },
        { text: ' '.repeat(fileAt - folder.at - folder.name.length), from: folder.at + folder.name.length, to: fileAt },
        { text: fileWords(file), from: fileAt, to: path.length },
        { text: ' '.repeat(m[0].length - path.length), from: path.length, to: m[0].length },
      ];
    },
    example: 'accelerate launch scripts/run_dpo.py recipes/zephyr-7b-beta/dpo/config_full.yaml',
    source: 'huggingface/alignment-handbook#22',
    // A guess: the folder may hold configs of another model than the one run (said with the path).
    weak: true,
    // A path's first folders may look like a Hub id ("recipes/zephyr-7b-beta"): the path is read whole, as prose.path reads it.
    insideHubIds: true,
  },
  {
    // MLC LLM's quantisation codes in a compiled model's name ("Llama-2-7b-chat-hf-q4f16_1": 4-bit
    // weights in groups, fp16 activations; mlc-llm docs "Quantization"): the weight format.
    id: 'prose.mlc-quant',
    // "_ft" is the FasterTransformer build of the same width ("Meta-Llama-3-8B-Instruct-q4f16_ft", c2708).
    // The code written apart from the name names the same build: "Second fine-tuned Qwen 2.5 0.5B model (q4f16_0)"
    // (mlc-ai/mlc-llm#3270, c2809, had read 16-bit weights), "Phi-3-mini q4f16_1", "quantization: q4f16_1".
    pattern: /(?<=[a-z0-9][-_]|^|[\s(\[:：="'])q([348])f(?:16|32)_(?:\d|ft)(?![a-z0-9])/g,
    when: (t) => /q[348]f(?:16|32)_/.test(t),
    write: (m) => ({ 3: 'q3', 4: 'int4', 8: 'int8' } as Record<string, string>)[m[1]!]!.padEnd(m[0].length),
    example: 'mlc_llm chat ./dist/Llama-2-7b-chat-hf-q4f16_1 on a 3060 6GB',
    source: 'mlc-ai/mlc-llm#931',
  },
];
