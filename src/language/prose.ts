import { CHECKPOINT_FOLDER, COMPILE_NOTE } from './config-keys.js';
import { familyOf, fineTuneModel } from './families.js';
import { FAMILIES, gpuIdOf, keywordMeaning, modelIdOf } from './lexicon.js';
import { ENGINE_NAMED } from './vocabulary.js';
import { NEVER, type MappedText, type Piece } from './mapped-text.js';
import { NUMBER_WORDS } from './numbers.js';
import { gpuById } from '../catalog/index.js';
import { instanceByName, instanceSource } from '../catalog/instances.js';
import { hubTokenSpans, isBareRepoId } from '../hub/ids.js';
import { readTrainingProse } from './training-prose.js';
import { readChatQuestions } from './chat-questions.js';

/**
 * Text-level rewrites of how people write things the item language spells one way (issue 11
 * §3–5): paths name a model by their last part (a Hub id or link stays whole for the lexer's
 * `hub` token, and no later rewrite touches it), model-name suffixes (-hf, -chat,
 * -Instruct, -AWQ, -GGUF …), GGUF quant types, SkyPilot's `A100-80GB:8`, "w/o", host RAM,
 * number words before a card ("two 3090s", "dual-A100"). Each rewrite keeps the map back to
 * the user's text. Notes say what was read in a way the reply should show.
 */

const FAMILY_START = new RegExp(`^(?:${FAMILIES.map((f) => f.replace(/[^a-z0-9]/g, '')).join('|')})`);

export interface ProseReading {
  text: MappedText;
  notes: string[];
}

/** Suffixes that only say which checkpoint of a model it is. */
const CHECKPOINT_SUFFIX = /[-_.](?:hf|chat|instruct|it|base|sft|dpo|rlhf|preview|latest|demo|v\d+(?:\.\d+)*|\d{4}|\d{1,3}k)$/;

/** Suffixes that set the weight format, as request words. */
const FORMAT_SUFFIX: [RegExp, string][] = [
  [/[-_.](?:awq)(?:[-_.]int4)?$/, 'awq'],
  [/[-_.](?:gptq)(?:[-_.]int[48])?$/, 'gptq'],
  [/[-_.]int4$/, 'gptq'],
  [/[-_.]int8$/, 'int8'],
  [/[-_.]fp8(?:[-_.]dynamic)?$/, 'fp8 weights'],
  [/[-_.]bnb[-_.]4bit$|[-_.]4bit$/, 'nf4'],
  [/[-_.]8bit$/, 'int8'],
  [/[-_.]exl2$/, 'gptq'],
  [/[-_.]gguf$/, ''],
];

const CARD_AHEAD = String.raw`(?=[\s\-]+(?:x\s*)?(?:(?:nvidia|tesla|geforce|rtx|gtx|amd)[\s\-]+)*(?:nodes?\b|gpus?\b|cards?\b|[a-z]{1,3}\d|\d))`;
const NUMBER_WORD = new RegExp(String.raw`\b(${Object.keys(NUMBER_WORDS).join('|')})\b${CARD_AHEAD}`, 'g');


/** GGUF quant types (llama.cpp), written alone or inside a file name ("…-Q4_K_M.gguf"). */
/** "quantisation is 4_0 gguf": a GGUF type written without its q. */
const GGUF_WITHOUT_Q = /(?<![a-z0-9_])([2-8])_(0|1|k_[sml])(?=\s+gguf\b)/g;
const GGUF = /(?<![a-z0-9])(i?q([1-8])_(?:k(?:_(?:s|m|l|xs))?|[01]|xxs|xs|s|m|nl))(?![a-z0-9])/g;
/**
 * The GGUF type modelled for each nominal width (src/memory/precision.ts, whole-file bits per
 * weight of llama.cpp's quantize README); a type it lacks (Q4_0, IQ3_XS …) reads as the one of
 * its width, said in a note.
 */
const GGUF_OF_WIDTH: Record<number, string> = { 1: 'q2_k', 2: 'q2_k', 3: 'q3_k_m', 4: 'q4_k_m', 5: 'q5_k_m', 6: 'q6_k', 7: 'q8_0', 8: 'q8_0' };

/** Bits per weight of an EXL2 / EXL3 quant ("4.65bpw", "6.0 bpw", "llama3-70b-exl2-4.0bpw"). */
const BPW = /(?<![\w.])(\d(?:\.\d+)?)\s*[-_]?\s*bpw\b/g;

/** Host memory: "1T RAM", "1024GB CPU memory", "512 GB of system RAM", "1T memmory" (no card has a terabyte). */
const HOST_RAM =
  /(?<![a-z0-9.])(\d+(?:\.\d+)?)\s*(tb|t|tib|gb|g|gib)\s+(?:of\s+)?(?:(?:cpu|system|host|main)\s+(?:ram|memory|dram)|(?<!(?:gpus?|cards?|a\d+|h\d+|v\d+)\s+(?:with\s+)?\d+(?:\.\d+)?\s*(?:tb|t|tib|gb|g|gib)\s+(?:of\s+)?)(?:ram|dram|ddr\d?(?:\s+ram)?)|(?<=[\d\s](?:t|tb|tib)\s+(?:of\s+)?)mem+ory)(?![a-z])(?!\s+(?:each|per|use|usage|used))/g;
/** Host memory named first, then its size: "My DRAM is 64G", "system RAM: 128GB", "CPU memory = 1T" (never a GPU's "VRAM"). */
const HOST_RAM_NAMED_FIRST = /(?<!(?:gpus?|cards?|video|graphics)\s+)\b(?:(?:cpu|system|host|main)\s+(?:ram|memory|dram)|dram|ram)\s*(?:is|was|:|=|of|size)?\s*(?:about\s+|~\s*)?(\d+(?:\.\d+)?)\s*(tb|t|tib|gb|g|gib)(?![a-z0-9])/g;
/** Words of Chinese questions that are request words ("单张A100上跑Llama" runs it). */
const CHINESE_WORDS: Record<string, string> = {
  跑: 'run', 部署: 'deploy', 推理: 'inference', 微调: 'finetune', 训练: 'train', 全参: 'full', 量化: 'quantization', 显存: 'vram', 单张: 'single', 单卡: 'single gpu', 输入长度: 'seq', 序列长度: 'seq', 上下文长度: 'context', 上下文: 'context',
  // "qwen2-72b推理需要几张A100" (how many A100s does inference need).
  几张: 'how many', 几块: 'how many', 几卡: 'how many', 多少张: 'how many', 多少块: 'how many', 需要: 'need',
  // "并发100" (100 concurrent requests): the serving batch; "满血版" (the full-strength 671B, not a distill) names no setting.
  并发数: 'concurrency', 并发量: 'concurrency', 并发: 'concurrency', 满血版: '', 满血: '',
  // "虽然没有开offload" (though offload is not on, OpenRLHF/OpenRLHF#392), "没开gradient checkpointing",
  // "关闭offload": the setting turned off, as "without offload" (it had read as offload on).
  没有开启: 'without', 没有开: 'without', 没开启: 'without', 没开: 'without', 不开启: 'without', 不开: 'without',
  未开启: 'without', 未开: 'without', 关闭: 'without', 没有使用: 'without', 未使用: 'without', 不使用: 'without', 没有用: 'without', 没用: 'without',
};
const CHINESE = new RegExp(Object.keys(CHINESE_WORDS).sort((a, b) => b.length - a.length).join('|'), 'g');
/**
 * Cards counted in Chinese ("8张RTX6000", "两张4090", "8卡A100", "4张卡"): a count with its classifier
 * 张/块/台 before a card's name or 卡, or 卡 alone; "一张图" (a picture) counts no card.
 */
const CHINESE_CARDS = /([0-9]+|[一两二三四五六七八])\s*(?:(?:张|块|台)\s*(?:显卡|卡|(?=\s*(?:nvidia\s*|rtx\s*|tesla\s*)?[a-z]{0,3}\d{2,4}))|显卡|卡)/gi;
const CHINESE_DIGITS: Record<string, string> = { 一: '1', 两: '2', 二: '2', 三: '3', 四: '4', 五: '5', 六: '6', 七: '7', 八: '8' };

/** Apple silicon and Macs: "M3 Max", "M2 Ultra", "MacBook Pro", "Mac Studio", "mac mini". */
const APPLE_SILICON = /\b(?:apple\s+)?(?:m[1-5]\s*(?:pro|max|ultra)\b|mac\s*(?:book(?:\s*(?:pro|air))?|studio|mini|pro)?\b(?!\s*(?:address|os\b)))/g;
/** The same words, tested once on a message as written (the resolver's intent default for a Mac). */
export const NAMES_APPLE_SILICON = new RegExp(APPLE_SILICON.source, 'i');

/** A Hugging Face link names a model; any other link is not a request word. */
const URL = /\bhttps?:\/\/[^\s<>()"'`]+/g;
/** Hub ids and paths ("meta-llama/Llama-2-7b-hf", "../qwen/Qwen-7B-Chat", "/app/model"). */
const PATH = /(?<![\w])(?:\.{0,2}\/)?(?:[a-z0-9_.\-~]+\/)+[a-z0-9_.\-]+\/?/g;
/** Python module paths ("vllm.entrypoints.openai.api_server") keep their first name only. */
const MODULE_PATH = /(?<![\w.])([a-z_][a-z0-9_]*)((?:\.[a-z_][a-z0-9_]*){2,})(?![\w.])/g;
/** A file name ("train_bash.py", "ds_config.json") is not a request word (keys read config files). */
const FILE_EXTENSION = /\.(?:py|sh|json|ya?ml|txt|md|ipynb|toml|cfg|log)(?![\w])/;
const FILE = /(?<![\w.\-/])[a-z0-9_\-.]+\.(?:py|sh|json|ya?ml|txt|md|ipynb|toml|cfg|log)(?![\w])/g;
/**
 * A training script or recipe config named by its method keeps the method: litgpt's
 * `finetune/lora.py`, `finetune_lora.py`, `train_qlora.py`, torchtune's `lora_finetune_single_device`
 * and `8B_qlora_single_device.yaml`, LLaMA-Factory's `llama3_lora_sft.yaml`, gpt-oss-recipes'
 * `lora.yaml`, Yi's `run_sft_lora_Yi_6b.sh`. Any other file name is no request word.
 */
const METHOD_SCRIPT = /^(?:[a-z0-9.]+[_-])*?(q?lora)(?:[_-][a-z0-9.]+)*\.(?:py|ya?ml|json|sh)$/;
/** A script named for training (`train.py`, `train_mem.py`, `finetune.py`, `sft.py`) says the intent. */
/** Scripts that run a model: "inference.py", "generate.py", "chat.py" (llama-recipes, DeepSeek-V3, Chinese-Vicuna). */
const INFERENCE_SCRIPT = /^(?:[a-z0-9]+[_-])*?(?:inference|infer|generate|generation|chat|predict)(?:[_-][a-z0-9]+)*\.py$/;
const TRAIN_SCRIPT = /^(?:[a-z0-9]+[_-])*?(?:train|finetune|fine_tune|sft)(?:[_-][a-z0-9]+)*\.py$/;
/** A DeepSpeed config file passed to the launcher ("deepspeed scripts/zero2.json", "ds_z3_config.json") names its stage. */
const ZERO_FILE = /^(?:[a-z0-9]+[_-])*?(?:ds[_-]?)?(?:z|zero|stage)[_-]?([0-3])(?![0-9])[a-z0-9_\-]*\.json$/;
function fileWords(name: string, notes?: string[]): string {
  const method = METHOD_SCRIPT.exec(name);
  if (method) return method[1]!.padEnd(name.length);
  const zero = ZERO_FILE.exec(name);
  if (zero) {
    if (/offload/.test(name)) notes?.push(`"${name}": ZeRO-${zero[1]} read from the file name; what it offloads is not (say "offload optimizer" or "offload params")`);
    return `zero${zero[1]}`.padEnd(name.length);
  }
  if (INFERENCE_SCRIPT.test(name)) return 'inference'.padEnd(name.length);
  return TRAIN_SCRIPT.test(name) ? 'train'.padEnd(name.length) : ' '.repeat(name.length);
}
/** A weights file keeps its name, which often names the model ("30b-lazarus.ggmlv3.q4_1.bin"). */
const WEIGHTS_FILE = /(?<![\w\-])\.(?:ggml(?:v\d)?|gguf|safetensors|bin|pt|pth)(?=[.\s]|$)/g;
/**
 * Ollama tags name the size after a colon ("mistral-small3.1:24b", "llama3:70b-instruct",
 * "deepseek-r1:70b"): the size joins the name, and the tag, Ollama's own syntax, says Ollama runs it.
 */
const OLLAMA_TAG = /(?<=[a-z0-9]):(\d+(?:\.\d+)?[bm]\b[\w.-]*)/g;
/** Another engine named beside a tag ("vllm serve qwen3:8b"): the tag is only the model's name there. */
const OTHER_ENGINE = new RegExp(`${ENGINE_NAMED.source}|\\b(?:tgi|text-generation|transformers|huggingface|from_pretrained|lm studio|lmstudio)\\b`, 'i');
/** Compound names: a run of letters/digits joined by - _ . (a model name with its suffixes). */
const COMPOUND = /(?<![\w.\-])[a-z][a-z0-9]*(?:[-_.][a-z0-9]+)+(?![\w\-])/g;
/** SkyPilot writes a card and its count as `A100-80GB:8`. */
/** Cloud instance types ("p4d.24xlarge", "a3-highgpu-8g", "Standard_ND96isr_H100_v5") as count × card (src/catalog/instances.ts). */
let instanceRegex: RegExp | null = null;
function instancePattern(text: string): RegExp {
  // The full pattern (any separators inside a name) is built only once some word is an instance.
  const words = text.match(/[a-z0-9][a-z0-9._\-]*[a-z0-9]/g) ?? [];
  if (!instanceRegex && !words.some((word) => instanceByName(word))) return NEVER;
  instanceRegex ??= new RegExp(`(?<![\\w.\\-])(?:${instanceSource()})(?![\\w])`, 'g');
  return instanceRegex;
}

const CARD_COUNT = /(?<![\w\-.])([a-z0-9][a-z0-9\-_]*):(\d{1,3})(?![\w.])/g;

/**
 * A software version ("sglang==0.2.9", "ollama 0.17.5", "v0.4.6.post5", "sglang - 0.4.6-post1",
 * "text-generation-inference:2.3.0") is no setting: three dotted numbers, or two after "==" / "v",
 * with a release suffix (post1, rc2, dev0). Blanked before any number in it is read as a count.
 */
const VERSION = /(?:==\s*|(?<![\w.\-])v)\d+\.\d+(?:\.\d+)*(?:[.\-+]?(?:post|rc|dev|a|b)\d*)?(?!\w|\.\w)|(?<![\w.])\d+\.\d+\.\d+(?:[.\-+]?(?:post|rc|dev)\d*)?(?!\w|\.\w)/g;
/**
 * An operating system, driver or library named with its version ("Ubuntu 22, RTX3090", "Ubuntu
 * 22.04", "CUDA 12", "Windows 11", "python 3.10", "torch 2.3", "Driver Version: 550"): the number
 * is the version, never a GPU count or a size (vllm-project/vllm#15204 read "Ubuntu 22, RTX3090"
 * as 22 RTX 3090s). DeepSpeed is left out: "deepspeed 3" is its ZeRO stage.
 */
const SOFTWARE_VERSION = /\b(?:ubuntu|debian|centos|rhel|rocky(?:\s+linux)?|fedora|windows|macos|wsl|python|cuda|cudnn|nccl|torch|pytorch|transformers|driver(?:\s+version)?|jetpack)(?:\s+|\s*[:=]\s*)v?\d+(?:\.\d+)*(?:\s*lts)?(?![\w.])/g;
const SOFTWARE_NAMED = /ubuntu|debian|centos|rhel|rocky|fedora|windows|macos|wsl|python|cuda|cudnn|nccl|torch|transformers|driver|jetpack/;
/**
 * "Multi-node fine-tuning llama2 70b" (meta-llama/llama-cookbook#352), "multi-GPU training": several
 * nodes or GPUs with no count. Not a card ("multi-gpu" had read as one GPU) nor an unknown word
 * that refuses the line: set aside, said, for the count said elsewhere or asked for.
 */
const MULTI_WITHOUT_COUNT = /\bmulti[- ]?(?:nodes?|gpus?|cards?|machines?|hosts?)\b/g;
/**
 * A mixture-of-experts name written apart or without its B ("Qwen3-30-A3B", "gemma 4 26b a4b",
 * "Qwen3 30B A3B"): the total and the active size joined as the catalog and Hub spell them ("30b-a3b").
 */
const MOE_APART = /(?<![\w.])(\d+(?:\.\d+)?)b?[\s_-]+a(\d+(?:\.\d+)?)b(?![a-z0-9])/g;
/**
 * A CPU is no card and its number no count: "Ryzen 9 7950X3D", "i9-14900K", "Core i7-12700",
 * "Xeon Gold 6338", "EPYC 7443", "Threadripper PRO 5995WX", "R9 3900X" ("on 7950x" read as 7950 GPUs).
 */
const CPU = /\b(?:(?:amd\s+)?(?:ryzen|threadripper)(?:\s+(?:pro|\d))*\s+\d{4}[a-z0-9]*|(?:intel\s+)?(?:core\s+)?i[3579][-\s]\d{4,5}[a-z]*|(?:intel\s+)?xeon(?:\s+(?:gold|silver|platinum|bronze|w|e5|e3|e7))?[-\s]+[a-z]?\d{3,5}[a-z0-9]*(?:\s+v\d)?|(?:amd\s+)?epyc\s+\d{4}[a-z0-9]*|r[579]\s+\d{4}x3?d?|\d{4}x3d)\b/g;
/**
 * Words between a family and its size that name no other shape: "Qwen2.5 Coder Instruct 32B" is
 * Qwen2.5 32B (the Coder keeps its shape); "deepseek coder 33b", a catalog model of its own, stays.
 */
const VARIANT_WORDS = new RegExp(String.raw`\b((?:${FAMILIES.map((f) => f.replace(/[^a-z0-9]/g, '\\$&')).join('|')})(?:[\d.]*|[\s-]\d+(?:\.\d+)?))[\s-]+((?:(?:coder|instruct|chat|base|it|math)[\s-]+){1,3})(\d+(?:\.\d+)?b)(?![a-z0-9])`, 'g');

/**
 * "Yi-34B-200K full context", "at full context": the model's whole window. A name that carries its
 * window ("-200K", "-128k", "-32k") gives the length; with none, the words are set aside, said.
 */
const FULL_CONTEXT = /\b(?:(?:at|with|using|on)\s+(?:the\s+|its\s+|a\s+)?)?(?:full|whole|entire)\s+(?:context|ctx)(?:[\s_-]+(?:window|length|len|size))?\b(?!\s+(?:of\s+)?(?:~\s*)?\d)/g;
const WINDOW_IN_NAME = /(?<=[a-z0-9.]-(?:\d+(?:\.\d+)?b|mini|small|medium)(?:-[a-z]+)*)-(\d+)k\b/;
/** "ran Gemma-7B on 2 of the cards", "using 4 of my 8 GPUs": the GPUs the run used, of the machine's. */
const SOME_OF_THE_CARDS = /\b(on|using|used|use|with|across|over)\s+(\d{1,3})\s+of\s+(?:the|my|our|its|these|those|them|all)(?:\s+\d{1,3})?\s+(?:gpus|cards|devices)\b/g;
/** "a 4-GPU setup", "an 8-GPU node", "4-GPU machine": that many GPUs. */
const N_GPU_SETUP = /\b(?:an?\s+)?(\d{1,3})[-\s]gpus?\s+(?:setup|set-up|machine|server|node|box|rig|system|instance|cluster|host)\b/g;

/**
 * Who a served model answers, counted: "serve Llama-3.3-70b to about 5 people", "for 200 users",
 * "support 50 clients at once". Each is one sequence in the serving batch (vLLM's running
 * requests), never a GPU count. "100 concurrent users" is read by the rule beside it.
 */
const SERVED_PEOPLE = /\b(?:for|to|serve|serving|support|supporting|handle|handling|with)\s+(?:about|around|roughly|approximately|up to|~)?\s*(\d{1,5})\s+(?:(?:concurrent|simultaneous|parallel|active)\s+)?(?:users?|people|persons?|customers?|clients?|employees?)\b/g;
/** "20 users at the same time", "around 30 requests in parallel", "50 people simultaneously": the serving batch. */
const PEOPLE_AT_ONCE = /(?<![\w.])(?:about\s+|around\s+|roughly\s+|~\s*|up to\s+)?(\d{1,5})\s+(?:users?|people|persons?|customers?|clients?|requests?|sessions?|queries)\s+(?:at\s+(?:the\s+same\s+time|once)|simultaneously|concurrently|in\s+parallel)\b/g;
/** A word that already says what is done with the model (then the people served add only the batch). */
const SERVING_WORD = /\b(?:train\w*|fine-?tun\w*|finetun\w*|sft|q?lora|serv\w*|deploy\w*|host\w*|vllm|sglang|tgi|ollama|llama\.cpp|inference|infer|run\w*|chat\w*)\b/i;
/** "how many users can access it in parallel", "how many concurrent requests can it handle": the largest batch that fits. */
const HOW_MANY_SERVED = /\bhow many\s+(?:(?:concurrent|simultaneous|parallel)\s+)?(?:users?|people|requests?|clients?|sessions?|sequences?|chats?)\b(?=[^.?!\n]{0,60}\b(?:can|could|at once|at the same time|simultaneous|simultaneously|concurrent|concurrently|in parallel|parallel)\b)/g;

/**
 * A rewrite that leaves Hub ids alone: a repo id kept whole (hubLink, lastPart) or the word
 * "config.json" that stands for a pasted config reaches the lexer as one `hub` token, so no
 * later rewrite may blank it as a file name or cut a suffix off its name ("-bnb-4bit").
 */
function outsideHubIds(rewrite: (m: RegExpExecArray) => string | Piece[]): (m: RegExpExecArray) => string | Piece[] {
  return (m) => {
    const at = m.index;
    const end = at + m[0].length;
    return hubSpans(m.input).some(([from, to]) => at < to && from < end) ? m[0] : rewrite(m);
  };
}

let lastSpans: { text: string; spans: [number, number][] } = { text: '', spans: [] };

/** Where Hub ids stand in `text`: the lexer's `hub` token, tried where a name may start. */
function hubSpans(text: string): [number, number][] {
  if (lastSpans.text === text) return lastSpans.spans;
  const spans = text.includes('/') || text.includes('config.json') ? hubTokenSpans(text) : [];
  lastSpans = { text, spans };
  return spans;
}

export function readProse(input: MappedText): ProseReading {
  const notes: string[] = [];
  // Cheap guards for rules that scan every message but match few.
  const hasFile = FILE_EXTENSION.test(input.text);
  const cjk = /[^\x00-\x7f]/.test(input.text);
  const has = (word: string) => input.text.includes(word);
  const text = readChatQuestions(readTrainingProse(input, outsideHubIds, notes), outsideHubIds, notes)
    .replace(URL, (m) => hubLink(m[0]))
    .replace(!/\d\.\d+\.\d|==|\bv\d/.test(input.text) ? NEVER : VERSION, outsideHubIds((m) => ' '.repeat(m[0].length)))
    .replace(!SOFTWARE_NAMED.test(input.text) ? NEVER : SOFTWARE_VERSION, outsideHubIds((m) => m[0].replace(/\d[\d.]*(?:\s*lts)?/g, (n) => ' '.repeat(n.length))))
    .replace(!/\d\s*b?[\s_-]+a\d/.test(input.text) ? NEVER : MOE_APART, outsideHubIds((m) => `${m[1]}b-a${m[2]}b`))
    // "AWQ-int4", "GPTQ-Int4", "gptq 4bit": the width of that format, not a second format.
    .replace(!/awq|gptq/.test(input.text) ? NEVER : /\b(awq|gptq)[-_ ](?:int4|w4|4[-_ ]?bits?)\b/g, outsideHubIds((m) => m[1]!.padEnd(m[0].length)))
    .replace(!has('multi') ? NEVER : MULTI_WITHOUT_COUNT, outsideHubIds((m) => {
      notes.push(`"${m[0]}" says several without a count: the count is read where it is said`);
      return ' '.repeat(m[0].length);
    }))
    .replace(!/ryzen|threadripper|xeon|epyc|\bi[3579][-\s]\d|\br[579]\s|x3d/.test(input.text) ? NEVER : CPU, outsideHubIds((m) => {
      notes.push(`"${m[0]}" is a CPU: not read as a GPU`);
      return ' '.repeat(m[0].length);
    }))
    .replace(!/coder|instruct|chat|base|\bit\b|math/.test(input.text) ? NEVER : VARIANT_WORDS, outsideHubIds((m) => {
      const words = m[2]!.trim().split(/[\s-]+/);
      // A catalog name with the variant in it ("deepseek-coder-33b") is that model.
      if (modelIdOf(`${m[1]!.replace(/\s+/g, '-')}-${words.join('-')}-${m[3]}`) || modelIdOf(`${m[1]!.replace(/\s+/g, '-')}-${words[0]}-${m[3]}`)) return m[0];
      return `${m[1]} ${m[3]}`.padEnd(m[0].length);
    }))
    .replace(!/full|whole|entire/.test(input.text) ? NEVER : FULL_CONTEXT, outsideHubIds((m) => {
      // "a full context window of 128k tokens" states its length: read as said ("full" is no full fine-tune).
      if (/^[\s_-]*(?:window|length|len|size)?\s*(?:of|is|=|:)?\s*~?\d/.test(m.input.slice(m.index + m[0].length))) return m[0].replace(/full|whole|entire/, (w) => ' '.repeat(w.length));
      const window = WINDOW_IN_NAME.exec(m.input);
      if (window) return ` seq ${window[1]}k`.padEnd(m[0].length);
      notes.push(`"${m[0].trim()}": the model's whole context window is not read; say the length (e.g. seq 32k)`);
      return ' '.repeat(m[0].length);
    }))
    .replace(!has(' of ') ? NEVER : SOME_OF_THE_CARDS, outsideHubIds((m) => `${m[1]} ${m[2]} gpus`.padEnd(m[0].length)))
    .replace(!has('gpu') ? NEVER : N_GPU_SETUP, outsideHubIds((m) => `${m[1]} gpus`.padEnd(m[0].length)))
    // "the batch size is 406560/4096=99": the user's arithmetic, not a setting.
    .replace(/(?<![\w.])\d+(?:\.\d+)?\s*[\/*×]\s*\d+(?:\.\d+)?(?:\s*[\/*×+-]\s*\d+(?:\.\d+)?)*\s*=\s*~?\d+(?:\.\d+)?(?!\w|\.\d)/g, outsideHubIds((m) => ' '.repeat(m[0].length)))
    // "I just used the python finetune.py command (alternative to torchrun)": one process, so the
    // script's device_map="auto" splits the model's layers over the GPUs (alpaca-lora's finetune.py
    // and its descendants: DDP only under WORLD_SIZE > 1, else device_map "auto").
    .replace(!has('torchrun') ? NEVER : /\b(?:alternative\s+to|instead\s+of|rather\s+than|without|not\s+using)\s+(?:the\s+)?torchrun\b/g, outsideHubIds((m) => {
      if (!/\bpython3?\s+(?:-u\s+)?[\w./-]+\.py\b/.test(m.input)) return m[0];
      notes.push('python without torchrun is one process: the model\'s layers are split over the GPUs (device_map "auto"), not one replica per GPU');
      return 'device map auto'.padEnd(m[0].length);
    }))
    // "12 gigs of vram", "a 12 gig card", "80 gigabytes": the memory unit said in words.
    .replace(!has('gig') ? NEVER : /(?<![\w.])(\d+(?:\.\d+)?)\s*(?:gigs?|gigabytes?)\b/g, outsideHubIds((m) => `${m[1]}gb`.padEnd(m[0].length)))
    // "drop to bf16", "drop the batch to 1": a change to a value; "drop gc", "drop the offload": that setting off.
    .replace(!has('drop') && !has('remov') ? NEVER : /\b(?:drop|dropping|remove|removing)\b(?!\s*out)(\s+(?:(?:the|my)\s+)?(?:[\w-]+\s+){0,3}?to\b)?/g, outsideHubIds((m) => (m[1] ? ' '.repeat(m[0].length - m[1].length) + m[1] : 'without'.padEnd(m[0].length))))
    .replace(/\bw\/o\b/g, outsideHubIds(() => 'without'))
    .replace(/\b(?:rather than|instead of|other than|not using|not with)\b/g, outsideHubIds(() => 'without'))
    // "in which case you won't need to use offload", "no need for gradient checkpointing": a setting not needed is off.
    .replace(/\b(?:won't|will not|don't|do not|doesn't|does not|no) need(?: to use| to| for)?(?![\w'])/g, outsideHubIds(() => 'without'))
    // "my fine-tuned version of mistral-7b", "a finetuned model": what the model is, not what is done.
    .replace(!/tuned|trained|quantised|quantized/.test(input.text) ? NEVER : /\b(?:(?<=\b(?:my|our|a|the|your|this)\s+)(?:fine[- ]?tuned|finetuned|trained|quantized|quantised)|(?:fine[- ]?tuned|finetuned)(?=\s+(?:version|model|checkpoint|variant|weights)\b))\b/g, outsideHubIds((m) => ' '.repeat(m[0].length)))
    .replace(!has('how many') ? NEVER : HOW_MANY_SERVED, outsideHubIds((m) => 'max batch'.padEnd(m[0].length)))
    .replace(!/\b(?:at once|at the same time|simultaneously|concurrently|in parallel)\b/.test(input.text) ? NEVER : PEOPLE_AT_ONCE, outsideHubIds((m) => `${SERVING_WORD.test(m.input) ? '' : 'serve '}bs ${m[1]}`.padEnd(m[0].length)))
    .replace(!/user|people|person|customer|client|employee/.test(input.text) || !/\d\s+(?:\w+\s+)?(?:users?|people|persons?|customers?|clients?|employees?)\b/.test(input.text) ? NEVER : SERVED_PEOPLE, outsideHubIds((m) => `${SERVING_WORD.test(m.input) ? '' : 'serve '}bs ${m[1]}`.padStart(m[0].length)))
    // "regardless of how many layers I offload", "how many tokens": only GPUs, cards or nodes are counted by "how many".
    .replace(!has('how many') ? NEVER : /\bhow many\s+(?!(?:more\s+|of\s+)?(?:(?:nvidia|tesla|geforce|rtx|amd)\s+)?(?:gpus?|cards?|nodes?|devices?|[a-z]{0,4}\d{2,4}[a-z]*(?:-\d+gb?)?s?)\b)/g, outsideHubIds((m) => ' '.repeat(m[0].length)))
    // "min gpus for 70b", "minimum number of GPUs", "least amount of cards": the fewest, asked.
    .replace(!has('min') && !has('least') ? NEVER : /\b(?:min(?:imum|imal)?|least)\s+(?:number|amount|count)?\s*(?:of\s+)?(gpus|cards)\b/g, outsideHubIds((m) => `how many ${m[1]}`.padEnd(m[0].length)))
    // "Number of gpus: 8", "number of GPUs = 4", "the number of nodes is 2": a count stated, not asked
    // (config keys have already read "gpus: 8" as "8 gpus").
    .replace(!has('number of') ? NEVER : /\b(?:the\s+)?number\s+of\s+(?:(gpus?|cards?|devices?|nodes?)\s*(?:[:=]|is\b|are\b|was\b|were\b)?\s*(\d{1,4})(?![\w.])|(?=\d{1,4}\s+(?:gpus|nodes)\b))/g, outsideHubIds((m) =>
      (m[2] ? `${m[2]} ${/^node/.test(m[1]!) ? 'nodes' : 'gpus'}` : '').padEnd(m[0].length)))
    // "how many layers I offload to GPU", "offloaded 20/49 layers to GPU": placing layers on the GPU is no CPU offload.
    .replace(!has('offload') ? NEVER : /\boffload(?:ed|ing|s)?\b(?=[^.?!\n]{0,40}?\bto\s+(?:the\s+)?(?:gpus?|vram|cuda\d*)\b)/g, outsideHubIds((m) => ' '.repeat(m[0].length)))
    // "ggml 4bit", "a ggml model": llama.cpp's own format (before GGUF), so llama.cpp runs it.
    .replace(!has('ggml') ? NEVER : /\bggml(?:v\d)?\b(?![-_.]\w)/g, outsideHubIds((m) => 'llama.cpp'.padEnd(m[0].length)))
    // "on a free colab": Colab's free tier gives one T4 16GB (Colab Pro's card varies, so it is left unread).
    .replace(!has('colab') ? NEVER : /\b(?:(?:a|the)\s+)?(?:free\s+)?(?:google\s+)?colab\b(?!\s*(?:pro|\+))(?:\s+(?:free\s+)?(?:tier|notebook|instance|gpu))?/g, outsideHubIds((m) => {
      notes.push(`"${m[0].trim()}" read as one T4 16GB (Colab's free GPU)`);
      return 'a t4'.padEnd(m[0].length);
    }))
    // "on colab pro", "Colab Pro+": Pro's GPU is whichever Colab assigns (T4, L4, V100, A100 40GB):
    // no card is guessed (a short request is refused, as before); a card named beside it
    // ("colab pro a100", "colab pro with a t4") is read, Colab's A100 being the 40GB one.
    .replace(!has('colab') ? NEVER : /\b(?:(?:a|the|my)\s+)?(?:google\s+)?colab\s*(?:pro\s*\+?|\+)(?:\s+(?:plan|tier|subscription|notebook|instance|gpu))?(?![\w+])(?:\s+(?:with\s+)?(?:an?\s+)?(a100|t4|l4|v100)\b(?![\s-]*\d))?/g, outsideHubIds((m) => {
      // Colab's A100 is the 40GB one.
      if (!m[1]) return m[0];
      return (m[1] === 'a100' ? 'a100-40g' : m[1]).padStart(m[0].length);
    }))
    // "my M3 Max 128GB", "a Mac Studio with 192GB": Apple's unified memory is not a CUDA card's.
    .replace(APPLE_SILICON, outsideHubIds((m) => {
      if (!notes.some((n) => n.includes('Apple unified memory'))) notes.push(`"${m[0].trim()}": Apple unified memory is not modelled; the memory it states is read as one GPU's, but macOS keeps part of it for itself, so the real headroom is smaller`);
      return ' '.repeat(m[0].length);
    }))
    // "with torch.compile", "torch.compile()": stated as not modelled (config keys say the same).
    .replace(/\btorch\.compile(?:\(\))?|\bwith\s+compile\b/g, outsideHubIds((m) => {
      notes.push(COMPILE_NOTE);
      return ' '.repeat(m[0].length);
    }))
    // "I also run into this problem", "ran out of memory": the idiom, not running a model.
    .replace(/\b(?:run|runs|ran|running)\s+(?=into\b|out\s+of\b)/g, outsideHubIds((m) => ' '.repeat(m[0].length)))
    // "deepspeed 3", "DeepSpeed stage 2": the ZeRO stage (not a version: "deepspeed 0.14", "deepspeed 3.0";
    // not a count: "deepspeed 2 gpus", the launcher's `deepspeed --num_gpus 2` read as config keys).
    .replace(/\b(deep[-_ ]?spee?d)[-_ ]+(?:stage[-_ ]*)?([123])(?![.\d\w])(?![ \t]*(?:x\b|\*|gpus?\b|cards?\b|nodes?\b))/g, outsideHubIds((m) => [
      { text: m[1]!, from: 0, to: m[1]!.length },
      { text: ` zero${m[2]}`, from: m[1]!.length, to: m[0].length },
    ]))
    // "could it be that the -bf16 parameter uses less video memory than the 8-bit mode?": a comparison.
    .replace(!has('than') ? NEVER : /(?<=\S)(?:\s+(?:parameter|mode|option|setting|version|flag|one))?\s+(?:uses?|needs?|takes?|consumes?|requires?)\s+(?:much\s+|way\s+|a\s+lot\s+)?(?:less|more|lower|higher|fewer)\s+(?:[a-z]+\s+){0,2}?than\s+(?:the\s+|a\s+)?/g, outsideHubIds((m) => ' vs '.padEnd(m[0].length)))
    // "generate() with 8k prompt", "model.generate(**inputs, max_new_tokens=256)": the call runs the
    // model; its "generate" takes no number after it (8k is the prompt's length); its arguments stay.
    .replace(!has('generate') ? NEVER : /(?<![\w.])(?:[a-z_][\w]*\.)?generate\s*\(/g, outsideHubIds((m) => 'inference'.padEnd(m[0].length)))
    // "how long of a context can I fit": the longest sequence that fits (the rule below, with its "of").
    .replace(!has(' of a') ? NEVER : /\bhow (?:long|big|large)\s+of\s+a\s+(?=context|ctx|sequence|seq)/g, outsideHubIds((m) => `how ${m[0].split(/\s+/)[1]} `.padEnd(m[0].length)))
    // "…_clip_vit_large_p14_336_lora_…": a long number inside an identifier is part of its name.
    .replace(/(?<=[a-z0-9]_)\d{3,}(?=_[a-z])/g, outsideHubIds((m) => 'n'.repeat(m[0].length)))
    // "takes about 8-10GB": a range of memory is its upper end, never "8 × 10GB".
    .replace(!/\d\s*[-~–]\s*\d/.test(input.text) ? NEVER : /(?<![\w.-])(\d+(?:\.\d+)?)\s*[-~–]\s*(\d+(?:\.\d+)?)\s*(gb|g|gib)\b/g, outsideHubIds((m) =>
      Number(m[1]) < Number(m[2]) ? `${m[2]}${m[3]}`.padStart(m[0].length) : m[0]))
    // "for 100 concurrent users": the serving batch, never a GPU count.
    .replace(/(?<![\w.])(\d+)\s+(?:concurrent|simultaneous|parallel)\s+(?:users?|requests?|sessions?|clients?|sequences?|chats?|streams?)\b/g, outsideHubIds((m) => `bs ${m[1]}`.padEnd(m[0].length)))
    // "what max-model-len can I use?", "how much context can I give each?": the longest sequence that fits.
    .replace(/\b(?:what|which|how (?:much|long|big|large))\s+(?:a\s+|the\s+)?(?:max[-_ ]?model[-_ ]?len(?:gth)?|context(?:[-_ ]?(?:length|len|window|size))?|max(?:imum)?[-_ ]?(?:seq(?:uence)?|context|ctx)(?:[-_ ]?(?:length|len))?|sequence[-_ ]length|seq(?:uence)?[-_ ]len)\b(?=[^.?!\n]{0,40}\b(?:can|could|fit|fits|use|get|support|give|handle|reach|go)\b)/g, outsideHubIds((m) => 'max seq'.padEnd(m[0].length)))
    // "95% gpu memory utilization", "gpu_memory_utilization of 90%": vLLM's fraction.
    .replace(!has('%') ? NEVER : /(?<![\w.])(\d{1,3}(?:\.\d+)?)\s*%\s*(?:of\s+)?(?:(?:the\s+)?gpu[\s_-]*)?mem(?:ory)?[\s_-]*util(?:i[sz]ation)?\b|\b(?:gpu[\s_-]*)?mem(?:ory)?[\s_-]*util(?:i[sz]ation)?\s*(?:of|at|=|:|to)?\s*(\d{1,3}(?:\.\d+)?)\s*%/g, outsideHubIds((m) => `util ${Number(m[1] ?? m[2]) / 100}`.padEnd(m[0].length)))
    // "100% GPU", "28%/72% CPU/GPU" (ollama ps, nvidia-smi): a load split, never a GPU count.
    .replace(!has('%') ? NEVER : /(?<![\w.])\d+(?:\.\d+)?\s*%(?:\s*\/\s*\d+(?:\.\d+)?\s*%)?(?=\s*(?:cpu|gpu)s?\b)/g, outsideHubIds((m) => ' '.repeat(m[0].length)))
    // '"unsloth" is not suitable for deepspeed zero3': what is said not to work is not the setup.
    .replace(!has('not') && !has("n't") ? NEVER : /["'`]?\b[\w.-]+\b["'`]?\s+(?:is|was|are|were)\s+(?:not|n't)\s+(?:suitable|suitalbe|supported|compatible|working|usable|an option)\b(?:\s+(?:for|with)\s+[\w.-]+(?:\s+[\w.-]+)?)?/g, outsideHubIds((m) => {
      notes.push(`"${m[0].trim()}": not read as part of the setup`);
      return ' '.repeat(m[0].length);
    }))
    // "the difference between Llama 3 8b and Llama 2 7b": a comparison of the two.
    .replace(/\b(?:difference|differences|compare|comparing|comparison)\b[^.?!\n]{0,40}?\bbetween\s[^.?!\n]{1,60}?\sand\s/g, outsideHubIds((m) => [{ text: m[0].slice(0, -5), from: 0, to: m[0].length - 5 }, { text: ' vs  ', from: m[0].length - 5, to: m[0].length }]))
    // "from 4 to 2": the value it is now.
    .replace(/\bfrom\s+\d[\w.]*\s+to(?=\s+\d)/g, outsideHubIds((m) => ' '.repeat(m[0].length)))
    // Serving-engine settings written as words: the token budget of a batch is not a question.
    .replace(/\bmax[-_ ]batch[-_ ](?:total|prefill)[-_ ]tokens\b|\bmax[-_ ]num[-_ ]batched[-_ ]tokens\b/g, outsideHubIds((m) => {
      notes.push(`${m[0]} (a serving token budget) is not modelled`);
      return 'serve'.padEnd(m[0].length);
    }))
    .replace(/\b(?:max[-_ ]total[-_ ]tokens|max[-_ ]model[-_ ]len(?:gth)?)\b/g, outsideHubIds((m) => 'serve seq'.padEnd(m[0].length)))
    .replace(/\bmodel[-_ ]len\b/g, outsideHubIds((m) => 'seq'.padEnd(m[0].length)))
    // "max-num-seqs 32" written without its dashes: vLLM's cap on sequences in flight, the serving batch.
    .replace(!has('num') ? NEVER : /\bmax[-_ ]num[-_ ]seqs\b(?=\s*(?:[:=]|of|to|is)?\s*\d)/g, outsideHubIds((m) => 'serve bs'.padEnd(m[0].length)))
    // "KV cache" in prose is a thing talked about; "kv" alone would be the kv-heads override.
    // "fp8 kv-cache", "fp8 KV cache": the dtype before it says the cache's (the `kv fp8` item).
    .replace(!has('kv') ? NEVER : /\b(fp8|bf16|fp16|fp32)[-_ ]+kv[-_ ]?cache\b/g, outsideHubIds((m) => `kv ${m[1]}`.padEnd(m[0].length)))
    .replace(/\bkv[-_ ]?cache\b(?![-_ ]*(?:dtype[-_ ]*)?(?:fp8|bf16|fp16|fp32))/g, outsideHubIds((m) => ' '.repeat(m[0].length)))
    .replace(/\bllama[-_ ]?v([123])\b/g, outsideHubIds((m) => `llama ${m[1]}`.padEnd(m[0].length)))
    // Unknown short flags of a command line ("-m model.bin -n 128"): not request words.
    .replace(/(?<![\w-])-(?!c\b|tp\b|pp\b|ngl\b)[a-z]{1,2}(?:[ \t]+(?!-)[^\s]+)?(?=\s|$)/g, outsideHubIds((m) => ' '.repeat(m[0].length)))
    .replace(/\b(bf16|fp16)-true\b/g, outsideHubIds((m) => `pure ${m[1]}`))
    .replace(/\bw\/(?=\s)/g, outsideHubIds(() => 'with'))
    .replace(hasFile ? FILE : NEVER, outsideHubIds((m) => fileWords(m[0], notes)))
    .replace(WEIGHTS_FILE, outsideHubIds((m) => ' '.repeat(m[0].length)))
    .replace(OLLAMA_TAG, outsideHubIds((m) => [{ text: `-${m[1]}`, from: 0, to: m[0].length }, ...(OTHER_ENGINE.test(m.input) ? [] : [{ text: ' ollama', from: 0, to: m[0].length }])]))
    // lastPart keeps Hub ids whole itself, and reads torchtune's "llama3/8B_lora" first.
    .replace(!has('/') ? NEVER : PATH, (m) => lastPart(m[0], notes))
    .replace(hasFile ? FILE : NEVER, outsideHubIds((m) => fileWords(m[0], notes)))
    .replace(MODULE_PATH, outsideHubIds((m) => m[1]! + ' '.repeat(m[2]!.length)))
    .replace(instancePattern(input.text), outsideHubIds((m) => {
      const found = instanceByName(m[0])!;
      notes.push(`${m[0].trim()} read as ${found.count}× ${gpuById(found.gpuId).name}`);
      return `${found.count}x ${found.gpuId}`;
    }))
    .replace(!has(':') ? NEVER : CARD_COUNT, outsideHubIds((m) => (gpuIdOf(m[1]!) ? `${m[2]}x ${m[1]}` : m[0])))
    .replace(!/ram|memory/.test(input.text) ? NEVER : HOST_RAM_NAMED_FIRST, outsideHubIds((m) => ` hostram ${Math.round(Number(m[1]) * (m[2]!.startsWith('t') ? 1024 : 1))}gb `.padEnd(m[0].length)))
    // "3 RTX 3090's", "two A100's": a plural with an apostrophe.
    .replace(!has("'s") ? NEVER : /(?<=\d)'s\b/g, outsideHubIds(() => 's'))
    // Host RAM is read as the node's ("1T RAM" → 1024 GB), for the offload check.
    .replace(HOST_RAM, outsideHubIds((m) => ` hostram ${Math.round(Number(m[1]) * (m[2]!.startsWith('t') ? 1024 : 1))}gb `))
    .replace(GGUF_WITHOUT_Q, outsideHubIds((m) => `q${m[1]}_${m[2]}`))
    .replace(GGUF, outsideHubIds((m) => {
      // Set apart from a file name around it, so the name still reads as its model.
      const format = GGUF_OF_WIDTH[Number(m[2])]!;
      if (format !== m[1]) notes.push(`GGUF ${m[1]!.toUpperCase()} read as ${format.toUpperCase()}, the GGUF type modelled for ${m[2]}-bit weights`);
      return ` ${format} `;
    }))
    // ExLlamaV2 / EXL2 "4.65bpw": weights of that width, sized as the GGUF type of its whole bits, said.
    .replace(!has('bpw') ? NEVER : BPW, outsideHubIds((m) => {
      const bits = Math.min(8, Math.max(2, Math.floor(Number(m[1]))));
      const format = GGUF_OF_WIDTH[bits]!;
      notes.push(`${m[1]} bits per weight read as GGUF ${format.toUpperCase()} (the ${bits}-bit type modelled); ExLlamaV2 itself is not modelled, so llama.cpp's layout is assumed`);
      return ` ${format} `.padEnd(m[0].length);
    }))
    .replace(!has('exl') ? NEVER : /\b(?:exllama(?:v2|v3)?|exl[23])\b/g, outsideHubIds((m) => ' '.repeat(m[0].length)))
    .replace(!cjk ? NEVER : CHINESE_CARDS, outsideHubIds((m) => {
      const n = CHINESE_DIGITS[m[1]!] ?? m[1]!;
      // "2台 H100*8": 台 counts machines when a card with its own count follows.
      if (m[0].includes('台') && /^\s*[a-z]{1,3}\d{2,4}[a-z]*\s*[x×*]\s*\d/i.test(m.input.slice(m.index + m[0].length))) return ` ${n} nodes of `;
      // Before a card's name the count is its multiplier ("8x RTX6000"); alone it counts GPUs.
      return /^\s*[a-z0-9]/i.test(m.input.slice(m.index + m[0].length)) ? ` ${n}x ` : ` ${n} gpus `;
    }))
    .replace(!cjk ? NEVER : CHINESE, outsideHubIds((m) => ` ${CHINESE_WORDS[m[0]]} `))
    // "输入长度到2w多" (2w = 2万 = 20,000): Chinese posts count in ten-thousands.
    .replace(/(?<![\w.])(\d+(?:\.\d+)?)\s*(?:w|万)多?(?![a-z])/g, outsideHubIds((m) => ` ${Math.round(Number(m[1]) * 10000)} `))
    .replace(NUMBER_WORD, outsideHubIds((m) => NUMBER_WORDS[m[1]!]!))
    // "A100x8", "H100x8GPUs": the card and its count glued, "8x A100" written the other way round.
    .replace(/\b((?:[a-z]{1,3}\d{2,4}|rtx\s?\d{4}|\d{4})[a-z]*?)\s*[x×*]\s*(\d{1,3})(?:\s*(?:gpus?|cards?))?\b/g, outsideHubIds((m) => gpuIdOf(m[1]!) ? `${m[2]}x ${m[1]}`.padEnd(m[0].length) : m[0]))
    // "A100 or H100?", "zero2 or zero3": two values of one setting weighed, a comparison.
    .replace(!has(' or ') ? NEVER : /\b((?:[a-z]{1,3}\d{2,4}|rtx\s?\d{4}|\d{4})[a-z]*|zero[-_ ]?[123])\s+or\s+((?:[a-z]{1,3}\d{2,4}|rtx\s?\d{4}|\d{4})[a-z]*|zero[-_ ]?[123])\b/g, outsideHubIds((m) => {
      const zero = (w: string) => /^zero/.test(w);
      const alike = gpuIdOf(m[1]!) && gpuIdOf(m[2]!) ? true : zero(m[1]!) && zero(m[2]!);
      if (!alike) return m[0];
      const or = m[0].length - m[2]!.length;
      return [{ text: m[0].slice(0, m[1]!.length), from: 0, to: m[1]!.length }, { text: ' vs ', from: m[1]!.length, to: or }, { text: m[2]!, from: or, to: m[0].length }];
    }))
    // "A100 80GB x 2", "H100 SXM 80GB x8": the card with its memory or form factor, then its count.
    .replace(!/[x×*]\s*\d/.test(input.text) ? NEVER : /\b((?:[a-z]{1,3}\d{2,4}|rtx\s?\d{4})[a-z]*?(?:[\s-]*(?:sxm\d?|pcie|nvl))?[\s-]*\d{2,3}\s*gb?)\s*[x×*]\s*(\d{1,3})(?:\s*(?:gpus?|cards?))?\b/g, outsideHubIds((m) => gpuIdOf(m[1]!.replace(/[\s-]*\d{2,3}\s*gb?$/, '').replace(/[\s-]*(?:sxm\d?|pcie|nvl)$/, '')) ? `${m[2]}x ${m[1]}`.padEnd(m[0].length) : m[0]))
    // "three A100 nodes", "2 H100 nodes": nodes of that card, not three cards.
    // "8B_lora_single_device": a size joined to words by '_' is a size, then words.
    .replace(/(?<=\d[bm])_(?=[a-z])/g, outsideHubIds(() => ' '))
    // Chinese measure words for cards: "8卡A100", "8张T4" are 8 × the card.
    .replace(!cjk ? NEVER : /(?<=\d)\s*[卡张块台](?=\s*[a-z0-9])/g, outsideHubIds((m) => 'x'.padEnd(m[0].length)))
    .replace(COMPOUND, outsideHubIds((m) => modelName(m[0], notes)));
  return { text, notes: [...new Set(notes)] };
}

/**
 * A Hub link names one repo: the link up to `org/name` is kept whole for the lexer's `hub`
 * token (which the adapters fetch from the Hub; unfetched, a repo named after a catalog model
 * reads offline as that model, see src/hub/resolve-model.ts); the rest of the link is blanked.
 */
function hubLink(url: string): string | Piece[] {
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
function lastPart(path: string, notes?: string[]): string {
  const parts = path.replace(/\/+$/, '').split('/');
  while (parts.length > 2 && CHECKPOINT_FOLDER.test(parts.at(-1) ?? '')) parts.pop();
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

/**
 * A compound name the catalog knows stays as it is; otherwise checkpoint suffixes are dropped
 * and format suffixes become their words, until the catalog knows it or none is left.
 */
function modelName(word: string, notes: string[]): string | Piece[] {
  if (modelIdOf(word)) return word;
  let name = word;
  const formats: string[] = [];
  for (let guard = 0; guard < 6; guard++) {
    if (modelIdOf(name)) break;
    const format = FORMAT_SUFFIX.find(([re]) => re.test(name));
    if (format) {
      const cut = name.search(format[0]);
      if (format[1]) formats.unshift(format[1]);
      else notes.push(`"${word}" is a GGUF file: the weight format comes from its quant type (Q4_K_M …); none given, so 16-bit weights assumed`);
      name = name.slice(0, cut);
      continue;
    }
    const checkpoint = CHECKPOINT_SUFFIX.exec(name);
    if (checkpoint && checkpoint.index > 0 && /\d/.test(name.slice(0, checkpoint.index))) {
      name = name.slice(0, checkpoint.index);
      continue;
    }
    break;
  }
  if (name === word) return word;
  // "meta-llama-3-8b" is Llama 3 8B.
  if (!modelIdOf(name) && /^meta[-_]llama/.test(name) && modelIdOf(name.slice(5))) name = name.slice(5).padStart(name.length);
  // The name keeps its own characters; the format word stands for the suffix it came from.
  const kept = name.trimStart().length;
  const nameEnd = name.length;
  const pieces: Piece[] = [{ text: name, from: 0, to: nameEnd }];
  if (formats.length) pieces.push({ text: ` ${formats[0]} `, from: nameEnd, to: word.length });
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
  const read = modelName(name, []);
  const pieces = typeof read === 'string' ? [{ text: read }] : read;
  const model = modelIdOf(pieces[0]!.text.trim()) ?? null;
  const format = keywordMeaning(pieces[1]?.text.trim() ?? '') ?? formatInName(name);
  const weights = format?.type === 'weights' ? format.value : null;
  if (model) return { model, size: null, weights };
  const size = sizeInRepoName(name);
  if (!size) return null;
  const base = baseInRepoName(name, size.text);
  return base ? { model: base, size: null, weights } : { model: null, size, weights };
}

/**
 * The catalog model a fine-tune's repo name gives by its base and size, as in prose:
 * "Llama3-OpenBioLLM-70B" (llama3 + 70b → llama-3-70b), "vicuna-13b-GPTQ-4bit-128g" (a Vicuna
 * 13B → llama-1-13b), "DeepSeek-R1-Distill-Qwen-14B" (→ qwen2.5-14b).
 */
function baseInRepoName(name: string, size: string): string | null {
  const words = name.slice(0, name.indexOf(size)).split(/[-_]+/).filter(Boolean);
  for (const word of words) {
    const versioned = /^([a-z]+)-?(\d+(?:\.\d+)?)$/.exec(word);
    const id = versioned ? modelIdOf(`${versioned[1]}-${versioned[2]}-${size}`) ?? modelIdOf(`${word}-${size}`) : undefined;
    if (id) return id;
  }
  return fineTuneModel(words, size, modelIdOf);
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
