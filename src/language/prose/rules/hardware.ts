import { gpuById } from '../../../catalog/index.js';
import { instanceByName, instanceSource, mayStartInstance } from '../../../catalog/instances.js';
import { gpuIdOf } from '../../lexicon.js';
import { NUMBER_WORDS } from '../../numbers.js';
import type { ProseRule } from '../types.js';
import { APPLE_DEVICE, appleDeviceMemory } from '../../hardware/apple-devices.js';
import { VENDOR_WORDS } from '../../hardware/vendor-words.js';

/** A card's name right after a count's 卡 ("8卡A100", "8卡 RTX6000", "4卡4090"): vendor words, a few letters, then its digits. */
const CARD_NAME_NEXT = new RegExp(String.raw`^\s*${VENDOR_WORDS}[a-z]{0,4}\s?-?\d`, 'i');

/**
 * How people write their hardware in prose where the hardware grammar needs the item language's
 * words: counts said in words or Chinese, a card and its count glued ("A100x8"), cloud instance
 * types, host RAM, a CPU or a Mac that is no CUDA card, Colab's free GPU.
 */

const blank = (m: RegExpExecArray) => ' '.repeat(m[0].length);

const CARD_AHEAD = String.raw`(?=[\s\-]+(?:x\s*)?(?:(?:nvidia|tesla|geforce|rtx|gtx|amd)[\s\-]+)*(?:nodes?\b|gpus?\b|cards?\b|[a-z]{1,3}\d|\d))`;

/**
 * A CPU's product name, whole (prose.cpu): its model number is never a count of cards. The name ends
 * where a word character could not continue it, so a trailing '+' ("395+") or suffix ("3900xt",
 * "7950x3d") is in it. "Intel(R) Core(TM) i7" as lscpu and Windows print it.
 */
// A suffix may stand apart ("AMD Ryzen 7 5800 XT CPU", lmstudio-ai/lmstudio-bug-tracker, c2187: read as 7 GPUs of a
// Radeon "5800 XT"); a socket count before a server CPU ("Dual Xeon Gold 6338", "2x EPYC 7763") is the CPU's; Chinese
// writes Ryzen and Core as 锐龙 and 酷睿 ("锐龙7 5800X，显卡3090": 7 RTX 3090s).
export const CPU_NAME =
  /(?:(?:锐龙|酷睿)\s*(?:i?[3579])[\s-]*\d{3,5}[a-z0-9]*|\b(?:(?:dual|two|2\s*[x×])\s+(?=(?:intel\s+)?xeon|(?:amd\s+)?epyc))?(?:(?:amd\s+)?(?:ryzen|threadripper)(?:\s+(?:pro|ai\+?|max\+?|threadripper|\d)(?![\w]))*\s+(?:pro\s+)?\d{3,4}[a-z0-9]*\+?(?:\s(?:xt|x3d)(?![\w+]))?|(?:amd\s+)?ai\+?\s*max\+?(?:\s+pro)?\s+\d{3}\+?|(?:intel(?:\s*\((?:r|tm)\))?\s+)?(?:core(?:\s*\((?:r|tm)\))?\s+)?i[3579][-\s]\d{4,5}[a-z]*|(?:intel\s+)?core\s*ultra\s+(?:[3579](?:\s+|-))?\d{3}[a-z]*|(?:intel(?:\s*\((?:r|tm)\))?\s+)?xeon(?:\s*\((?:r|tm)\))?(?:\s+(?:gold|silver|platinum|bronze|w|e5|e3|e7|cpu))?[-\s]+[a-z]?\d{3,5}[a-z0-9]*(?:\s+v\d)?|(?:amd\s+)?epyc\s+\d[a-z0-9]{3}|r[579]\s+\d{4}x3?d?|\d{4}x3d|(?:qualcomm\s+)?snapdragon\s+x\d?(?:\s+(?:elite|plus))?|strix\s+halo|(?:amd\s+)?(?:radeon\s+)?80[56]0s|(?:amd\s+)?radeon\s+(?:8[89]0m|7[86]0m)))(?![\w+])/g;

/** A word every CPU_NAME match holds: the guard of the rules that read a CPU's name. */
export const CPU_WORD = /锐龙|酷睿|ryzen|threadripper|xeon|epyc|\bi[3579][-\s]\d|\bi[3579]\b|\br[579]\s|x3d|core\s*ultra|snapdragon|strix|80[56]0s|radeon\s+\d{3}m|ai\+?\s*max/;


/**
 * Cloud instance types ("p4d.24xlarge", "a3-highgpu-8g", "Standard_ND96isr_H100_v5") as count × card
 * (src/catalog/instances.ts). The full pattern (any separators inside a name) is built only once some
 * word is an instance; from then on it is tried on every message, as it always was.
 */
let instanceRegex: RegExp | null = null;
/**
 * SageMaker names an EC2 instance with "ml." before it ("instance_type=\"ml.g4dn.12xlarge\"",
 * huggingface/text-generation-inference#1180, corpus c409): the same machine.
 */
const SAGEMAKER = /^ml\./;
// A name of two or three words ("ND H100 v5", "nd a100 v4") is tried as its words joined: tried word by word
// it never matched, and was read only when an earlier message in the process had built the pattern (the
// same message read as 1× H100 alone and as 8× H100 after another).
function namesAnInstance(text: string): boolean {
  if (instanceRegex !== null) return true;
  const words = (text.match(/[a-z0-9][a-z0-9._\-]*[a-z0-9]/g) ?? []).map((word) => word.replace(SAGEMAKER, ''));
  return words.some((word, i) => mayStartInstance(word) && (instanceByName(word) || (i + 1 < words.length && (instanceByName(word + words[i + 1]) || (i + 2 < words.length && instanceByName(word + words[i + 1] + words[i + 2]))))));
}
function instancePattern(): RegExp {
  instanceRegex ??= new RegExp(`(?<![\\w.\\-])(?:ml\\.)?(?:${instanceSource()})(?![\\w])`, 'g');
  return instanceRegex;
}

/** Chinese numerals of a card count, as digits (also read by cards-owned-zh.ts). */
export const CHINESE_DIGITS: Record<string, string> = { 一: '1', 两: '2', 双: '2', 二: '2', 三: '3', 四: '4', 五: '5', 六: '6', 七: '7', 八: '8' };
const cjk = (t: string) => /[^\x00-\x7f]/.test(t);
/** A host memory in GB from its number and unit ("96", "gb"; "1", "tb"). */
export const hostGb = (size: string, unit: string) => Math.round(Number(size) * (unit.startsWith('t') ? 1024 : 1));
const hostRam = (m: RegExpExecArray) => ` hostram ${hostGb(m[1]!, m[2]!)}gb `;

/** Whether the text names a GPU by a letters-and-digits model word ("v100", "a100", "rtx3090", "l4"). */
function namesCard(text: string): boolean {
  for (const w of text.matchAll(/(?<![\w.-])[a-z]{1,4}[ -]?\d{1,4}[a-z]?(?![\w.])/g)) if (gpuIdOf(w[0])) return true;
  return false;
}

/** "a free Google Colab", "the colab notebook": Colab's free tier by name (not Pro, whose GPU varies). */
const COLAB_FREE = /\b(?:(?:a|the)\s+)?(?:free\s+)?(?:google\s+)?colab\b(?!\s*(?:pro|\+))(?:\s+(?:free\s+)?(?:tier|notebook|instance|gpu))?/g;

export const HARDWARE_RULES: readonly ProseRule[] = [
  {
    // "Multi-node fine-tuning llama2 70b", "multi-GPU training": several nodes or GPUs with no count.
    // Not a card ("multi-gpu" had read as one GPU) nor an unknown word that refuses the line: set
    // aside, said, for the count said elsewhere or asked for.
    id: 'prose.multi-without-count',
    // Chinese, Korean and Japanese say it too: "多机多卡两台服务器四张4090微调" (c246, modelscope/ms-swift#2715),
    // "单机多卡" (c621), "多卡4090" (c699), 멀티 GPU, マルチGPU. 多卡 before a count is no count ("多卡4090").
    pattern: /\bmulti[- ]?(?:nodes?|gpus?|cards?|machines?|hosts?)\b|(?:多机|多节点|多台机器|单机)?多(?:卡|gpu|显卡)|多机|多节点|멀티\s?(?:gpu|노드)|マルチ\s?(?:gpu|ノード)/g,
    when: (t) => t.includes('multi') || /多[机卡节台g]|单机多|멀티|マルチ/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0]}" says several without a count: the count is read where it is said`);
      return ' '.repeat(m[0].length);
    },
    example: 'multi-node fine-tuning llama2 70b',
    source: 'meta-llama/llama-cookbook#352',
  },
  {
    // A CPU is no card and its number no count: "Ryzen 9 7950X3D", "i9-14900K", "Xeon Gold 6338",
    // "EPYC 7443", "R9 3900X" ("on 7950x" read as 7950 GPUs). One span, the product's whole name: AMD's
    // APUs have three digits and a '+' ("Ryzen 395+ Setup with an 8060S GPU", "RYZEN AI MAX+ 395",
    // "ryzen AI max 395+": ollama/ollama, c1641/c1642/c1669, read as 395 GPUs; "ryzen ai+ max 395", c2179; without
    // its brand, "AI Max+ 395 128GB", s30's variations), Intel's "Core Ultra 9 285K",
    // "Intel(R) Core(TM) i7-14700F", Qualcomm's "Snapdragon X Elite". The iGPU beside an APU ("Radeon 8060S",
    // "780M") is no count either: its memory is the share of RAM the user gives it (prose.unified-memory).
    id: 'prose.cpu',
    pattern: CPU_NAME,
    when: (t) => CPU_WORD.test(t),
    write: (m, notes) => {
      notes.push(/80[56]0s|radeon/.test(m[0]) ? `"${m[0]}" is an integrated GPU sharing the machine's memory: not a count of cards` : `"${m[0]}" is a CPU: not read as a GPU`);
      return ' '.repeat(m[0].length);
    },
    example: 'This ran in an RTX 4090 with Ryzen 9 7950X3D, 22GB of VRAM was used',
    source: 'akitaonrails/Tiny-Qwen-CLI#2',
  },
  {
    // "ran Gemma-7B on 2 of the cards", "using 4 of my 8 GPUs": the GPUs the run used, of the machine's.
    id: 'prose.some-of-the-cards',
    pattern: /\b(on|using|used|use|with|across|over)\s+(\d{1,3})\s+of\s+(?:the|my|our|its|these|those|them|all)(?:\s+\d{1,3})?\s+(?:gpus|cards|devices)\b/g,
    when: (t) => t.includes(' of '),
    write: (m) => `${m[1]} ${m[2]} gpus`.padEnd(m[0].length),
    example: 'successfully ran Gemma-7B on 2 of the cards.',
    source: 'LoveCatc/supervised-llm-uncertainty-estimation#4',
  },
  {
    // The same in Chinese, said after the machine's cards: "目前机器是有四张A100 40G显卡，容器启动只指定了两张"
    // (the machine has four, the container was given two, hiyouga/LlamaFactory, c402), "显卡是v100，有4张卡,单张是32G，
    // 我配置了3张" (configured 3, Facico/Chinese-Vicuna, c359): the GPUs the run was given, of the machine's
    // (reconcile/cards.ts someOfTheCards). Only a count with nothing after its counter: "用了两张A100" names a card.
    id: 'prose.some-of-the-cards-zh',
    pattern: new RegExp(String.raw`(?:只|仅)?(?:指定|配置|分配|选|用|使用|挂载)了?\s*(\d{1,3}|[一两二三四五六七八])\s*(?:张|块)(?:卡|显卡|gpu)?(?!\s*${VENDOR_WORDS}(?:[a-z]{1,3}\d{2,4}|\d{4}))`, 'g'),
    when: (t) => /张|块/.test(t) && /指定|配置|分配|选|用/.test(t),
    write: (m) => ` ${CHINESE_DIGITS[m[1]!] ?? m[1]} gpus `,
    example: '目前机器是有四张A100 40G显卡，容器启动只指定了两张',
    source: 'c402',
  },
  {
    // "a 4-GPU setup", "an 8-GPU node", "4-GPU machine": that many GPUs.
    id: 'prose.n-gpu-setup',
    pattern: /\b(?:an?\s+)?(\d{1,3})[-\s]gpus?\s+(?:setup|set-up|machine|server|node|box|rig|system|instance|cluster|host)\b/g,
    when: (t) => t.includes('gpu'),
    write: (m) => `${m[1]} gpus`.padEnd(m[0].length),
    example: 'on an RTX 4090 using sglang - 0.4.6-post1 with a 4-GPU setup.',
    source: 'sgl-project/sglang#6082',
  },
  {
    // "12 gigs of vram", "a 12 gig card", "80 gigabytes": the memory unit said in words.
    id: 'prose.gigs',
    pattern: /(?<![\w.])(\d+(?:\.\d+)?)\s*(?:gigs?|gigabytes?)\b/g,
    when: (t) => t.includes('gig'),
    write: (m) => `${m[1]}gb`.padEnd(m[0].length),
    example: 'mistral-7b on a card with 12 gigs of vram',
  },
  {
    // "regardless of how many layers I offload", "how many tokens": only GPUs, cards or nodes are
    // counted by "how many" — a card in the catalog's own spelling too ("how many rtx-4090", as the canonical
    // text writes it: the follow-up round-trip property found it blanked).
    id: 'prose.how-many-uncounted',
    pattern: /\bhow many\s+(?!(?:more\s+|of\s+)?(?:(?:nvidia|tesla|geforce|rtx|gtx|amd)[\s-]+)?(?:gpus?|cards?|nodes?|devices?|[a-z]{0,4}-?\d{2,4}[a-z]*(?:-\d+gb?)?s?)\b)/g,
    when: (t) => t.includes('how many'),
    write: blank,
    example: 'regardless of how many layers i offload',
  },
  {
    // "min gpus for 70b", "minimum number of GPUs", "least amount of cards": the fewest, asked.
    id: 'prose.fewest-cards',
    pattern: /\b(?:min(?:imum|imal)?|least)\s+(?:number|amount|count)?\s*(?:of\s+)?(gpus|cards)\b/g,
    when: (t) => t.includes('min') || t.includes('least'),
    write: (m) => `how many ${m[1]}`.padEnd(m[0].length),
    example: 'minimum number of gpus to finetune llama-2-70b',
  },
  {
    // "Number of gpus: 8", "the number of nodes is 2": a count stated, not asked (config keys have
    // already read "gpus: 8" as "8 gpus").
    id: 'prose.number-of',
    // A list's dash states it as a colon does: "Number of GPUs - 8" (a Megatron-DeepSpeed pull request, c2316).
    pattern: /\b(?:the\s+)?number\s+of\s+(?:(gpus?|cards?|devices?|nodes?)\s*(?:[:=]|[-–](?=\s*\d)|is\b|are\b|was\b|were\b)?\s*(\d{1,4})(?![\w.])|(?=\d{1,4}\s+(?:gpus|nodes)\b))/g,
    when: (t) => t.includes('number of'),
    write: (m) => (m[2] ? `${m[2]} ${/^node/.test(m[1]!) ? 'nodes' : 'gpus'}` : '').padEnd(m[0].length),
    example: 'GPU: A100 PCIe (from runpods) \nNumber of GPU: 2',
    source: 'meta-llama/llama-cookbook#872',
  },
  {
    // A card the message names itself is the card: "in my Colab Environment with Tesla V100 GPU 16G"
    // (eosphoros-ai/DB-GPT-Hub#151, c822, had read as a T4 over the V100), "on a100 gpu on colab"
    // (huggingface/trl, c725), "on a colab T4". Colab is then only where it runs: its words are set
    // aside by a rule of its own, so the card stated beside them is not said as guessed.
    id: 'prose.colab-beside-card',
    pattern: COLAB_FREE,
    when: (t) => t.includes('colab'),
    write: (m) => (namesCard(m.input) ? ' '.repeat(m[0].length) : m[0]),
    example: 'qlora gemma-2-9b on a colab T4',
  },
  {
    // "on a free colab": Colab's free tier gives one T4 16GB. Weak: the card is guessed from the name
    // of a service, not stated.
    id: 'prose.colab-free',
    pattern: COLAB_FREE,
    when: (t) => t.includes('colab'),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}" read as one T4 16GB (Colab's free GPU)`);
      return 'a t4'.padEnd(m[0].length);
    },
    example: 'qlora llama-2-7b on a free colab',
    weak: true,
  },
  {
    // "on colab pro", "Colab Pro+": Pro's GPU is whichever Colab assigns (T4, L4, V100, A100 40GB): no
    // card is guessed; a card named beside it ("colab pro a100") is read, Colab's A100 being the 40GB one.
    id: 'prose.colab-pro',
    pattern: /\b(?:(?:a|the|my)\s+)?(?:google\s+)?colab\s*(?:pro\s*\+?|\+)(?:\s+(?:plan|tier|subscription|notebook|instance|gpu))?(?![\w+])(?:\s+(?:with\s+)?(?:an?\s+)?(a100|t4|l4|v100)\b(?![\s-]*\d))?/g,
    when: (t) => t.includes('colab'),
    write: (m) => (m[1] ? (m[1] === 'a100' ? 'a100-40g' : m[1]).padStart(m[0].length) : m[0]),
    example: 'finetune mistral-7b on colab pro with an a100',
  },
  {
    // "my M3 Max 128GB", "a Mac Studio with 192GB", "Apple M1 chip with 8GB of RAM memory" (ollama/ollama, c1735: read
    // as host RAM and no GPU), "(I'm using m2 pro 16gb)" (ml-explore/mlx, c1766), "an iPad Pro with 16GB RAM" (c1770):
    // Apple's unified memory is the GPU's (hardware/apple-devices.ts). The device is one card of the memory said,
    // written with its count so that a verb before it ("using 16gb") does not read it as memory in use.
    id: 'prose.apple-silicon',
    pattern: APPLE_DEVICE,
    write: (m, notes) => {
      if (!notes.some((n) => n.includes('unified memory'))) notes.push(`"${m[0].trim()}": Apple unified memory is not modelled; the memory it states is read as one GPU's, but macOS keeps part of it for itself, so the real headroom is smaller`);
      const size = appleDeviceMemory(m);
      return size ? ` 1x ${size}gb `.padEnd(m[0].length) : ' '.repeat(m[0].length);
    },
    example: 'llama-3-70b q4 on my m3 max 128gb',
  },
  {
    // "TPU v5e", "Trainium2", "Inferentia2" (Gaudi is read by training.other-device): accelerators that are no GPU
    // the catalog has. Their generation number is no count; the name is set aside, said, and a stated
    // memory is the card, never another card swapped in (issue 22, item 7).
    id: 'prose.non-gpu-accelerator',
    // AWS instances built on them (inf2.48xlarge, trn1.32xlarge, dl1.24xlarge) hold no GPU either.
    pattern: /(?:\b(\d{1,2}|two|dual|four|eight)\s*[x×*]?\s*)?\b((?:(?:intel\s+)?(?:habana\s+)?gaudi[\s-]?[123]?|(?:google\s+)?(?:cloud\s+)?tpus?(?:[\s-]?v\d[a-z]*(?:-\d+)?)?|(?:aws\s+)?(?:trainium|inferentia)[\s-]?[123]?|(?:inf[12]|trn[12]n?|dl[12]q?)\.\d{0,2}x?large))(?![\w.])/g,
    when: (t) => /gaudi|tpu|trainium|inferentia|(?:inf|trn|dl)[12][nq]?\./.test(t),
    write: (m, notes) => {
      notes.push(`"${m[2]!.trim()}": not a GPU I model (Intel Gaudi, Google TPU, AWS Trainium and Inferentia are not in the catalog); the card is read by the memory you state (say e.g. "on 1x 96GB")`);
      // "8x Gaudi2": the count stays a count of devices, no card named. Beside a GPU the catalog has, it counts those
      // devices, never that GPU: "I have one VM with 2 TPUs and another with A100" (EricFillion/happy-transformer#287,
      // corpus c2987: read as two A100s).
      if (m[1] === undefined) return ' '.repeat(m[0].length);
      if (namesCard(m.input)) {
        notes.push(`"${m[0].trim()}" counts those devices, not the GPUs you name`);
        return ' '.repeat(m[0].length);
      }
      return ` ${NUMBER_WORDS[m[1]] ?? m[1]} gpus`.padEnd(m[0].length);
    },
    example: 'gemma-7b lora on a TPU v5e 16GB',
  },
  {
    // "takes about 8-10GB": a range of memory is its upper end, never "8 × 10GB".
    id: 'prose.memory-range',
    pattern: /(?<![\w.-])(\d+(?:\.\d+)?)\s*[-~–]\s*(\d+(?:\.\d+)?)\s*(gb|g|gib)\b/g,
    when: (t) => /\d\s*[-~–]\s*\d/.test(t),
    write: (m) => (Number(m[1]) < Number(m[2]) ? `${m[2]}${m[3]}`.padStart(m[0].length) : m[0]),
    example: '4台8卡80G，每张显存60-70G。4096长度，8台机器都会OOM。',
    source: 'QwenLM/Qwen#887',
  },
  {
    // "100% GPU", "28%/72% CPU/GPU" (ollama ps, nvidia-smi): a load split, never a GPU count.
    id: 'prose.load-split',
    pattern: /(?<![\w.])\d+(?:\.\d+)?\s*%(?:\s*\/\s*\d+(?:\.\d+)?\s*%)?(?=\s*(?:cpu|gpu)s?\b)/g,
    when: (t) => t.includes('%'),
    write: blank,
    example: 'gemma3:12b    22 GB    28%/72% CPU/GPU    Stopping...',
    source: 'ollama/ollama#9730',
  },
  {
    id: 'prose.instance-type',
    get pattern() {
      return instancePattern();
    },
    when: namesAnInstance,
    write: (m, notes) => {
      const found = instanceByName(m[0].replace(SAGEMAKER, ''))!;
      notes.push(`${m[0].trim()} read as ${found.count}× ${gpuById(found.gpuId).name}`);
      return `${found.count}x ${found.gpuId}`;
    },
    example: 'trying to run an inference server on a g5.12xlarge machine on AWS, with 4 NVIDIA A10G',
    source: 'vllm-project/vllm#5458',
  },
  {
    // SkyPilot writes a card and its count as `A100-80GB:8`.
    id: 'prose.card-count',
    pattern: /(?<![\w\-.])([a-z0-9][a-z0-9\-_]*):(\d{1,3})(?![\w.])/g,
    when: (t) => t.includes(':'),
    write: (m) => (gpuIdOf(m[1]!) ? `${m[2]}x ${m[1]}` : m[0]),
    example: '--max-model-len 4096` works well on A100-80GB:8',
    source: 'vllm-project/vllm#6689',
  },
  {
    // A recipe's or a job's name counts nodes and GPUs per node as "<N>n<M>g": "the H100
    // `grpo-qwen3-235b-32n8g-async-1off` performance recipe" (NVIDIA-NeMo/RL, c2218: read as one H100, the name
    // taken whole for the model's), NeMo's "llama3.1-70b-4n8g", "1n8g" (s30's variations). Written as nodes of GPUs
    // in the item language, so the card named elsewhere is theirs; the name's other words stay the model's.
    id: 'prose.recipe-nodes-gpus',
    pattern: /(?<![a-z\d.])(\d{1,3})n(\d{1,2})g(?![a-z\d])/g,
    when: (t) => /\dn\d/.test(t),
    write: (m) => ` on ${m[1]} nodes of ${m[2]} gpus `,
    example: 'Increase gpu_memory_utilization for the H100 `grpo-qwen3-235b-32n8g-async-1off` performance recipe.',
    source: 'NVIDIA-NeMo/RL#3278',
  },
  {
    // Host memory named first, then its size: "My DRAM is 64G", "system RAM: 128GB" (never a GPU's "VRAM").
    // On one line: in a list "512G DRAM\n48G VRAM" (kvcache-ai/ktransformers#740) the next line's 48G is the card's.
    // The machine by its own name and a dash for the colon: "PC memory - 32GB\nVRAM - 12GB" (LostRuins/koboldcpp#858,
    // c1121: read as one 32 GB card), "laptop RAM – 16GB". The RAM's kind for its name: "- GTX 1063\n- DDR4 24G"
    // (c1307: read as a 24 GB card), "memory: ddr4 64g" (ollama/ollama#7721, c1673: read as a 64 GB card).
    // What of it is free: "the CPU free memory is about 90G" (fe1ixxu/ALMA#17, c1895: read as two A40s' memory).
    id: 'prose.host-ram-named-first',
    pattern: /(?<!(?:gpus?|cards?|video|graphics)[ \t]+)\b(?:(?:cpu|system|host|main|pc|computer|desktop|laptop)\s+(?:(?:free|available|usable|spare)\s+)?(?:ram|memory|dram)|dram|ram|ddr\d|mem(?:ory)?(?=[ \t]*[:=][ \t]*ddr\d))[ \t]*(?:is|was|:|=|of|size|-|–)?[ \t]*(?:ddr\d[ \t]*)?(?:about[ \t]+|~[ \t]*)?(\d+(?:\.\d+)?)[ \t]*(tb|t|tib|gb|g|gib)(?![a-z0-9])/g,
    when: (t) => /ram|memory|ddr/.test(t),
    write: (m) => hostRam(m).padEnd(m[0].length),
    example: 'My DRAM is 64G\nI have two 3090 graphics card',
    source: 'janhq/jan#3955',
  },
  {
    // "3 RTX 3090's", "two A100's": a plural with an apostrophe.
    id: 'prose.plural-apostrophe',
    pattern: /(?<=\d)'s\b/g,
    when: (t) => t.includes("'s"),
    write: () => 's',
    example: "Hi, how many A100's will fine tune the DeepSeek-V3",
    source: 'deepseek-ai/DeepSeek-V3#109',
  },
  {
    // Host memory: "1T RAM", "1024GB CPU memory", "512 GB of system RAM", "1T memmory" (no card has a
    // terabyte), read as the node's, for the offload check. Not a GPU's own "RAM": "Each GPU in my
    // configuration is equipped with 16GB of RAM" (meta-llama/llama-cookbook#309, c641) is the card's, in one clause
    // and under 200 GB (no card has more); so is one in parentheses right after a card ("a cluster of A10 GPU
    // (22G RAM)", vllm-project/vllm#4242, c703). Nor one written right after a GeForce card's number with
    // nothing between ("nvidia 4090 24GB RAM", xverse-ai/XVERSE-7B#2, c983; "GPU: Nvidia RTX 3080 Ti 12GB
    // RAM" over "Memory: 64GB RAM" in a lab's server list): the card's own memory, said as RAM; after a
    // comma it is the machine's ("RTX 2080 Ti, 32GB RAM", c089).
    id: 'prose.host-ram',
    pattern: /(?<![a-z0-9.])(\d+(?:\.\d+)?)\s*(tb|t|tib|gb|g|gib)\s+(?:of\s+)?(?:(?:cpu|system|host|main)\s+(?:ram|memory|mem|dram)|(?<!(?:gpus?|cards?|a\d+|h\d+|v\d+)\s+(?:with\s+)?(?:[1-9]|[1-9]\d|1[0-4]\d)(?:\.\d+)?\s*(?:gb|g|gib)\s+(?:of\s+)?)(?<!(?<![\d.])[1-5]0[5-9]0(?:\s?ti|\s?super)?\s+(?:[1-9]|[1-4]\d)\s*(?:gb|g|gib)\s+(?:of\s+)?)(?<!\b(?:gpus?|cards?)\b[^.;,\n]{0,40}?\b(?:equipped with|has|have|with|comes with|having)\s+(?:[1-9]|[1-9]\d|1\d\d)(?:\.\d+)?\s*(?:gb|g|gib)\s+(?:of\s+)?)(?<!(?:\bgpus?|\bcards?|(?<![a-z0-9])[a-z]{0,3}\d{2,4}(?:ti|super|[a-z])?)\s*\(\s*(?:[1-9]|[1-9]\d|1\d\d)(?:\.\d+)?\s*(?:gb|g|gib)\s+(?:of\s+)?)(?:ram|dram|ddr\d?(?:\s+ram)?)|(?<=[\d\s](?:t|tb|tib)\s+(?:of\s+)?)mem+ory)(?![a-z])(?!\s+(?:each|per|use|usage|used))/g,
    // Its word always follows a space; a long blank (a log set aside) after a memory made its scan slow.
    // "1T cpu mem" (c1625: a terabyte of host memory beside four 2080 Ti).
    needs: /\s(?:d?ram(?![a-z])|mem+(?:ory)?(?![a-z])|ddr)/,
    write: hostRam,
    // "A100 with 80GB RAM" is the card's memory as some write it; no A/H/V card holds 150 GB or a
    // terabyte, so "4x a6000 with 256GB RAM" is the machine's (the lead's stranger test, 2026-12-03).
    example: 'to finetune a llama 33b on 8*A100 40G, 600G RAM. But always OOM on RAM.',
    source: 'deepspeedai/DeepSpeed#3448',
  },
  {
    // A card's name glued to its memory ("1080ti11G", "3090ti24G"): the card, then its memory.
    id: 'prose.card-glued-memory',
    pattern: /(?<![a-z0-9.\-])((?:rtx|gtx)?\d{4}(?:ti|super)?)(\d{1,2}\s*(?:gb|g))(?![a-z0-9])/g,
    write: (m) => (gpuIdOf(m[1]!) ? `${m[1]} ${m[2]}` : m[0]),
    example: '然后显示了内存不足（win10+32G内存+1080ti11G）',
    source: 'chatchat-space/Langchain-Chatchat#470',
  },
  {
    // Host memory in Chinese: 内存 is the machine's RAM (显存 is the card's), "win10+32G内存+1080ti11G",
    // "64G运行内存". Not a memory written right after a card's name ("3090 24G内存"): that one is the card's
    // way of saying its own, and the hardware grammar reads it.
    // On one line: "单机16卡*32G显存 * 4机\n内存1T" is the cards' 32G, then the host's 1T (c934).
    id: 'prose.host-ram-chinese',
    // A terabyte is never a card's, even right after one: "8卡A800 1.8T内存的训练机" (01-ai/Yi#125, c916,
    // had read 1.8T as a 1.8-trillion model).
    pattern: /(?:(?=\d+(?:\.\d+)?[ \t]*t(?:b|ib)?[ \t]*的?[ \t]*(?:运行|系统|主机|cpu\s*)?内存)|(?<!(?:[a-z]\d{2,4}|\d{4})(?:ti|super)?[\s,，]*))(?<![a-z0-9.])(\d+(?:\.\d+)?)[ \t]*(tb|t|tib|gb|g|gib)[ \t]*的?[ \t]*(?:运行|系统|主机|cpu\s*)?内存/g,
    when: cjk,
    write: (m) => hostRam(m).padEnd(m[0].length),
    example: '我用了本地的chatglm-6b-int4模型，然后显示了内存不足（win10+32G内存+1080ti11G）',
    source: 'chatchat-space/Langchain-Chatchat#470',
  },
  {
    // Host memory named first in Chinese: "我现在有内存640GB，显卡一张L40" (kvcache-ai/ktransformers, c477),
    // "4 * A100-SXM4-40GB, 内存1T, 使用deepspeed zero2" (c506: 1T had read as a 1-trillion model), "系统内存：512G".
    // Not memory in use (内存占用 30G) nor a card's memory said with the card after it ("内存50GB的3090",
    // zai-org/ImageReward#82), and never 显存 (the card's).
    id: 'prose.host-ram-chinese-named-first',
    pattern: new RegExp(
      String.raw`(?<!显)(?:运行|系统|主机|cpu\s*)?内存\s*(?:为|是|有|大小|容量)?\s*[:=]?\s*(\d+(?:\.\d+)?)\s*(tb|t|tib|gb|g|gib)(?![a-z])(?!\s*的?\s*${VENDOR_WORDS}(?:[a-z]{1,3}\d{2,4}|\d{4})(?![\d.]))`,
      'g',
    ),
    when: (t) => t.includes('内存'),
    write: (m) => hostRam(m).padEnd(m[0].length),
    example: '我现在有内存640GB，显卡一张L40，显存48GB，能否把非量化版本的满血版671B deepseek跑起来呢？',
    source: 'c477',
  },
  {
    // Cards counted in Chinese ("8张RTX6000", "两张4090", "8卡A100", "4张卡", "双卡910B" where the hardware stage
    // found no card of the catalog): a count with its classifier
    // 张/块/台 before a card's name or 卡, or 卡 alone; "一张图" (a picture) counts no card.
    id: 'prose.chinese-cards',
    // Not the digits of a card's own name ("一张A10卡", "用T4卡"): "10卡" there is the A10, no count; nor a GeForce
    // number with no classifier ("3090显卡 24GB显存", xorbitsai/inference#3582, c494: the card, not 3090 cards).
    // Nor the one card memory piles onto in an imbalance ("分配一百多g到一张卡里，用了deepspeed zero3都不行": over a hundred G
    // lands on one card, modelscope/ms-swift#4989, corpus c2535: read as the setup's one GPU, which set its "八卡h20" aside).
    pattern: new RegExp(String.raw`(?<![a-z0-9.\-])(?<!(?:分配|集中|堆积?|挤|压)[^，。,;；\n]{0,10}(?:到|在)\s*(?=[1一]\s*(?:张|块)))(?![1-5]0[5-9]0\s*显?卡)([0-9]+|[一两二三四五六七八]|双(?=\s*卡\s*${VENDOR_WORDS}[a-z]{0,3}\d))\s*(?:(?:张|块|台)\s*(?:显卡|卡|(?=\s*${VENDOR_WORDS}[a-z]{0,3}\d{2,4}))|显卡|卡)`, 'gi'),
    when: cjk,
    write: (m) => {
      const n = CHINESE_DIGITS[m[1]!] ?? m[1]!;
      // "2台 H100*8": 台 counts machines when a card with its own count follows.
      if (m[0].includes('台') && /^\s*[a-z]{1,3}\d{2,4}[a-z]*\s*[x×*]\s*\d/i.test(m.input.slice(m.index + m[0].length))) return ` ${n} nodes of `;
      // Before a card's name the count is its multiplier ("8x RTX6000"); alone it counts GPUs. A card's name has
      // digits ("A100", "4090", "910B"): "32卡oom了" (hiyouga/EasyR1, c1804) is 32 cards, then "oom".
      return CARD_NAME_NEXT.test(m.input.slice(m.index + m[0].length)) ? ` ${n}x ` : ` ${n} gpus `;
    },
    example: '只是替换了模型路径和数据路径。尝试使用1卡和8卡V100， 均报OOM。',
    source: 'yangjianxin1/Firefly#33',
  },
  {
    // 卡 / 显卡 right after a card's name is the word "card" ("一张A10卡", "用T4卡部署", "单卡A10上" is
    // the count rule's): the name stands alone, as "an A10 card" does.
    id: 'prose.card-name-ka',
    // A space may stand before it: "4*A10 卡部署Qwen3-30B-A3B" (QwenLM/Qwen3#1387, c1126: the card went unread).
    // A GeForce number alone before it too, as the hardware stage writes "5张3090卡" back ("5x 3090 卡lora微调",
    // QwenLM/Qwen#525, c3211: the 卡 left after the card stopped the parse and the card went unread).
    pattern: /(?<=(?:^|[^a-z0-9.\-])(?:rtx|gtx|tesla)?\s*(?:[a-z]{1,3}\d{1,4}|[1-5]0[5-9]0)(?:ti|super|s)?[ \t]*)(?:显卡|卡)/gi,
    when: cjk,
    write: (m) => (gpuIdOf(m.input.slice(0, m.index).trimEnd().match(/(?:[a-z]{1,3}\d{1,4}|[1-5]0[5-9]0)(?:ti|super|s)?$/i)![0]) ? ' ' : m[0]),
    example: '一张A10卡 serving qwen-14b-int4 (invented after the thread\'s 机器显卡为A10 23G)',
    source: 'InternLM/lmdeploy#730',
  },
  {
    // "输入长度到2w多" (2w = 2万 = 20,000): Chinese posts count in ten-thousands. Weak: a "w" after a
    // number may as well be watts ("a 350w card").
    id: 'prose.ten-thousands',
    pattern: /(?<![\w.])(\d+(?:\.\d+)?)\s*(?:w|万)多?(?![a-z])/g,
    write: (m) => ` ${Math.round(Number(m[1]) * 10000)} `,
    example: '可是我这里4张a100 40G，输入长度到2w多，显存就要满了。',
    source: 'QwenLM/Qwen3#603',
    weak: true,
  },
  {
    // "GPU" before a machine word names the kind of machine, not a count of cards: "one GPU server with 4xA30(24GB)"
    // (NVIDIA/TensorRT-LLM#2123, c1335: "one GPU" read as one card, against the 4x A30, and both were left out),
    // "a single GPU node with 8 H100", "our GPU machine has 2x 3090". The GPU word is blanked; the machine's cards
    // are the phrase that follows. Only after a determiner: "8 GPU server" is prose.n-gpu-setup's count.
    id: 'prose.gpu-machine-word',
    pattern: /\b(one|an?|single|our|my|the|this)(\s+)gpu(\s+(?:servers?|nodes?|machines?|box|boxes|hosts?|instances?)\b)/g,
    when: (t) => t.includes('gpu'),
    write: (m) => `${m[1]}${m[2]}   ${m[3]}`,
    example: 'Our hardware configuration is one GPU server with 4xA30(24GB), ubuntu server OS',
    source: 'NVIDIA/TensorRT-LLM#2123',
  },
  {
    // Number words before a card, a GPU count or nodes ("two 3090s", "four nodes", "dual-A100").
    id: 'prose.number-word-card',
    pattern: new RegExp(String.raw`\b(${Object.keys(NUMBER_WORDS).join('|')})\b${CARD_AHEAD}`, 'g'),
    write: (m) => NUMBER_WORDS[m[1]!]!,
    example: 'I have two 32G V100 gpus, and need to run',
    source: 'vllm-project/vllm#1752',
  },
  {
    // "A100x8", "H100x8GPUs": the card and its count glued, "8x A100" written the other way round.
    id: 'prose.card-times-count',
    pattern: /\b((?:[a-z]{1,3}\d{2,4}|rtx\s?\d{4}|\d{4})[a-z]*?)\s*[x×*]\s*(\d{1,3})(?:\s*(?:gpus?|cards?))?\b/g,
    write: (m) => (gpuIdOf(m[1]!) ? `${m[2]}x ${m[1]}`.padEnd(m[0].length) : m[0]),
    example: 'using megatron-bridge using 16 nodes of H100x8GPUs.',
    source: 'NVIDIA-NeMo/Megatron-Bridge#3463',
  },
  {
    // "A100 80GB x 2", "H100 SXM 80GB x8": the card with its memory or form factor, then its count.
    id: 'prose.card-memory-times-count',
    pattern: /\b((?:[a-z]{1,3}\d{2,4}|rtx\s?\d{4})[a-z]*?(?:[\s-]*(?:sxm\d?|pcie|nvl))?[\s-]*\d{2,3}\s*(?:gib|gb?))\s*[x×*]\s*(\d{1,3})(?:\s*(?:gpus?|cards?))?\b/g,
    when: (t) => /[x×*]\s*\d/.test(t),
    write: (m) => (gpuIdOf(m[1]!.replace(/[\s-]*\d{2,3}\s*(?:gib|gb?)$/, '').replace(/[\s-]*(?:sxm\d?|pcie|nvl)$/, '')) ? `${m[2]}x ${m[1]}`.padEnd(m[0].length) : m[0]),
    example: 'A more reasonable choice would be A100 40G*8',
    source: 'meta-llama/llama-cookbook#25',
  },
  {
    // The GPU word, then its count with a Korean or Japanese counter: "GPU 2개로 학습", "GPU를 4장", "GPU 2枚で",
    // "GPU 1個で" (個 arrives as 个): that many GPUs, the card named elsewhere or not at all. The counter
    // reads after a card's name (hw.count-counter: "A100 2개", "a100-40G 2대로 학습", Beomi/KoAlpaca#36), not
    // after the bare word GPU. Invented example.
    id: 'prose.gpu-word-count',
    pattern: /\bgpus?\s*(?:를|을|가|이|は|を|が)?\s*(\d{1,3})\s*(?:개|장|대|枚|个)/g,
    when: (t) => /[개장대枚个]/.test(t),
    write: (m) => ` ${m[1]} gpus `,
    example: 'GPU 2개로 llama-3-8b 학습',
  },
  {
    // Chinese measure words for cards: "8卡A100", "8张T4" are 8 × the card.
    id: 'prose.chinese-measure-word',
    pattern: /(?<=\d)\s*[卡张块台](?=\s*[a-z0-9])/g,
    when: cjk,
    write: (m) => 'x'.padEnd(m[0].length),
    example: '8卡a100训练llama-2-13b',
  },
];
