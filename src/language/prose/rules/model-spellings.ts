import type { ProseRule } from '../types.js';
import { CJK_FAMILY_NAME_RULES } from './family-names-cjk.js';
import { MODEL_IDENTIFIER_RULES } from './model-identifiers.js';

/** A memory word a few characters before a figure ("显存占用，但只有", "GPU memory usage is only", "VRAM:"). */
const MEMORY_BEFORE = /(?:vram|memory|mem|显存|内存|占用|메모리|usage|used|uses|allocated|reserved)[^\n\d]{0,16}$/;
/** …or just after it ("512M VRAM", "783M of memory", "800M만 사용", "900M 左右的显存"). */
const MEMORY_AFTER = /^[ \t]*(?:of[ \t]+)?(?:vram|memory|gpu memory|显存|内存|만?[ \t]*사용|used|allocated|左右的?显存)/;
/** A model's size says so ("350M model", "125M params", "783M 参数"). */
const MODEL_AFTER = /^[ \t-]*(?:param|model|参数|模型|모델|파라미터)/;
/** A table row whose cells are all figures in M ("| 4999M | 7989M | 13759M |"): measurements, not models. */
const TABLE_OF_MEGABYTES = /^[ \t]*\|(?:[ \t]*\d{3,6}m[ \t]*\|){2,}[ \t]*$/;
const lineAround = (text: string, at: number) => {
  const start = text.lastIndexOf('\n', at) + 1;
  const end = text.indexOf('\n', at);
  return text.slice(start, end < 0 ? text.length : end);
};

/**
 * How strangers spell a model's name apart from its catalog spelling (rname): a release's version
 * glued ("qwen25"), the Chinese name of a family (通义千问 is Qwen), a derivative written in words
 * ("Llama Guard 3 1B"), and a card's memory in a kernel log's megabytes that reads like a size
 * ("98304M" is no 98B model). Each writes the spelling the name rules read.
 */
export const MODEL_SPELLING_RULES: readonly ProseRule[] = [
  // A name written as a code identifier, before any rule reads its parts (model-identifiers.ts).
  ...MODEL_IDENTIFIER_RULES,
  {
    // "Qwen25 VL 32B", "qwen25-coder-7b", "Qwen15-7B": Qwen 2.5 (1.5) with the version's dot left out, as in Hub
    // paths and served names ("qwen25_7b", "Qwen25VL32B"). Only before a variant word or a size: "qwen25" alone
    // may be anything. "0.9.2-Qwen25 VL 32B AWQ" (InternLM/lmdeploy#3780, c1635).
    id: 'prose.qwen-version-glued',
    pattern: /\bqwen([12])5(?=[-_ ]?(?:vl|coder|math|omni|audio|instruct|\d+(?:\.\d+)?b\b))/g,
    when: (t) => t.includes('qwen'),
    write: (m) => `qwen${m[1]}.5`,
    example: '[Bug] 0.9.2-Qwen25 VL 32B AWQ 推理圖片報錯，無法多輪推理圖片',
    source: 'InternLM/lmdeploy#3780',
  },
  {
    // "llama32_11b_vision_lora.yaml" (meta-pytorch/torchtune#1965, c2375), "llama31-8b", "Llama33-70B-Instruct":
    // Llama 3.1 / 3.2 / 3.3 with the version's dot left out, as config files and served names write them (the
    // Qwen rule above, the same notation). Only before a variant word or a size: there is no Llama 31 or 32.
    id: 'prose.llama-version-glued',
    pattern: /(?<![a-z0-9])llama3([123])(?=[-_ ]?(?:vision|instruct|chat|\d+(?:\.\d+)?b(?![a-z0-9])))/g,
    when: (t) => /llama3[123]/.test(t),
    write: (m) => `llama3.${m[1]}`,
    example: 'tune run --nproc-per-node 4 lora_finetune_distributed --config configs/llama32_11b_vision_lora.yaml',
    source: 'meta-pytorch/torchtune#1965',
    insideHubIds: true,
  },
  {
    // "phi35-mini", "Phi35_MoE": Phi-3.5 with its dot left out (Phi-3.5-mini, -MoE, -vision are Microsoft's only
    // 3.5 releases), the notation of the Llama and Qwen rules above.
    id: 'prose.phi-version-glued',
    pattern: /(?<![a-z0-9])phi[-_ ]?35(?=[-_ ]?(?:mini|moe|vision))/g,
    when: (t) => /phi[-_ ]?35/.test(t),
    write: () => 'phi-3.5',
    example: 'phi35-mini lora on a T4',
    insideHubIds: true,
  },
  {
    // "Qwen-Math-7B" (huggingface/open-r1#383, c2371), "Qwen-Coder-14B", "qwen math 1.5b": Qwen's Math and Coder
    // lines were released as Qwen2 / Qwen2.5 only (Qwen2-Math, Qwen2.5-Math, Qwen2.5-Coder; CodeQwen1.5 is its own
    // name), on the Qwen2.5 shape of their size; "Qwen-7B" alone is the first Qwen. Weak: the version is not said.
    id: 'prose.qwen-line-unversioned',
    pattern: /(?<![a-z0-9.])qwen(?=[-_ ]?(?:math|coder)[-_ ]?(?:instruct[-_ ]?)?\d+(?:\.\d+)?b(?![a-z0-9]))/g,
    when: (t) => /qwen[-_ ]?(?:math|coder)/.test(t),
    write: () => 'qwen2.5',
    example: 'I am trying to train the Qwen-Math-7B model, but I got this error message.',
    source: 'huggingface/open-r1#383',
    weak: true,
    insideHubIds: true,
  },
  // A family's Chinese or Korean name (通义千问, 百川, 라마), from its table (family-names-cjk.ts).
  ...CJK_FAMILY_NAME_RULES,
  {
    // "R1-32B", "R1 70B", "r1-7b": DeepSeek's R1 said by its short name before a size (c2281: "fine-tuning the
    // R1-32b-int4 model using QLoRA"), written as Ollama's name ("deepseek-r1 32b"), which nameDistills reads as
    // the distill of that size (a Qwen2.5 or Llama base) or R1 itself at 671B. A LoRA rank ("lora r1", "-r 1")
    // is never before a model's size.
    id: 'prose.r1-short-name',
    pattern: /(?<![a-z0-9.=_-])(?<!lora |rank |lora_r |lora-r |deepseek[-_ ]?)r1(?=[-_ ](?:1\.5|7|8|14|32|70|671|685)b(?![a-z0-9]))/g,
    when: (t) => t.includes('r1'),
    write: () => 'deepseek-r1',
    example: 'I am fine-tuning the R1-32b-int4 model using QLoRA on my own dataset.',
    source: 'unslothai/unsloth#1912',
  },
  {
    // "glm3-6b-32k" (c2193's title), "glm2-6b", "GLM3 6B": ChatGLM2/3-6B with "chat" left out, as ms-swift's
    // model types and people's folder names write them. Only 6B: ChatGLM2 and 3 have no other size, and GLM-4's
    // 9B is "glm-4-9b" (its own catalog name).
    id: 'prose.chatglm-short-name',
    // "glm6b" / "glm-6b" with no version is the first ChatGLM-6B (wenda's plugin llm_glm6b.py, wenda-LLM/wenda#214,
    // c2586): GLM's own releases of other sizes (GLM-10B, GLM-130B, GLM-4-9B) have no 6B.
    pattern: /(?<![a-z0-9])glm[-_ ]?([23])?(?=[-_ ]?6b(?![a-z0-9]))/g,
    when: (t) => t.includes('glm'),
    write: (m) => `chatglm${m[1] ?? ''}`,
    example: '请教双4090 lora glm3-6b-32k 显存溢出问题',
    source: 'modelscope/ms-swift#1085',
  },
  {
    // "Llama Guard 3 1B", "llama guard 7b": Meta's safeguard model written in words, joined as its Hub name
    // ("Llama-Guard-3-1B"), which families.ts reads as its base (Llama-3.2-1B). meta-llama/llama-cookbook#831 (c1690).
    id: 'prose.llama-guard-apart',
    pattern: /\bllama ?guard(?: ?(\d))? ?(\d+(?:\.\d+)?b)\b/g,
    when: (t) => t.includes('guard'),
    write: (m) => `llama-guard-${m[1] ? `${m[1]}-` : ''}${m[2]}`,
    example: 'Fine-tuning Llama Guard 3 1B takes much more VRAM than expected.',
    source: 'meta-llama/llama-cookbook#831',
  },
  {
    // The amdgpu driver's boot line gives a card's memory in MiB with a bare M: "[drm] amdgpu: 98304M of VRAM memory
    // ready" (ROCm/legacy-rocm-build#5902, c1642, a 96 GB Radeon 8060S), "8192M of VRAM memory ready" and
    // "11867M of GTT memory ready" (ollama/ollama#5471). A number of M before "of VRAM" is that memory, in GB;
    // before "of GTT" it is host memory lent to the card, no setting here; neither is a model of millions.
    id: 'prose.megabytes-of-vram',
    pattern: /\b(\d{3,7})m of (vram|gtt)\b/g,
    when: (t) => t.includes('m of '),
    write: (m) => {
      if (m[2] === 'gtt') return ' '.repeat(m[0].length);
      const gb = Number(m[1]) / 1024;
      return `${Number.isInteger(gb) ? gb : gb.toFixed(1)}gb of vram`;
    },
    example: 'kernel: [drm] amdgpu: 98304M of VRAM memory ready',
    source: 'ROCm/legacy-rocm-build#5902',
  },
  {
    // A figure in M said as memory is memory, not a model of millions: "另一张虽然有显存占用，但只有783M" (zai-org/ChatGLM-6B#353,
    // c2782: "the other card's memory is used, but only 783M"), a VRAM table's row "| 4999M | 7989M | 13759M |"
    // (ymcui/Chinese-LLaMA-Alpaca-2#47, c2740) had each been read as the model. A memory word just before it (显存, 占用,
    // VRAM, memory, usage, 메모리) or just after it ("512M VRAM", "800M만 사용"), or a table row of such figures only,
    // makes it memory: set aside, as a measurement. Said as a model ("350M model", "125M params") it stays one.
    id: 'prose.megabytes-of-memory',
    pattern: /(?<![\w.\-])\d{3,6}m(?![a-z0-9])/g,
    when: (t) => /\d{3}m(?![a-z0-9])/.test(t),
    write: (m) => {
      const before = m.input.slice(Math.max(0, m.index - 24), m.index);
      const after = m.input.slice(m.index + m[0].length, m.index + m[0].length + 16);
      if (MODEL_AFTER.test(after)) return m[0];
      const line = lineAround(m.input, m.index);
      const memory = MEMORY_BEFORE.test(before) || MEMORY_AFTER.test(after) || TABLE_OF_MEGABYTES.test(line);
      return memory ? ' '.repeat(m[0].length) : m[0];
    },
    example: '随着推理并发和交互的增多，一张卡的显存还是在飙升，另一张虽然有显存占用，但只有783M，而且一直不增加',
    source: 'zai-org/ChatGLM-6B#353',
  },
  {
    // A mixture of experts written expert size first: "mixtral 7b*8", "Mistral MoE 7b*8 model"
    // (turboderp/exllamav2#223, c753), "sonya-7b-x8-moe.Q6_K.gguf" (LostRuins/koboldcpp#595, c1792) are 8×7B,
    // as the lexer reads "8x7b". Only beside "moe" or "mixtral": "7b x 8" elsewhere may be a model on eight cards.
    id: 'prose.moe-size-reversed',
    pattern: /(?<![\d.])(\d+(?:\.\d+)?)b ?[-_]?[x×*] ?(\d{1,2})(?![\d.a-z])/g,
    when: (t) => /moe|mixtral/.test(t),
    write: (m) => {
      const before = m.input.slice(Math.max(0, m.index - 12), m.index);
      const after = m.input.slice(m.index + m[0].length, m.index + m[0].length + 8);
      return /(?:mixtral|moe)[-_ ]?$/.test(before) || /^[-_ ]?moe\b/.test(after) ? `${m[2]}x${m[1]}b` : m[0];
    },
    example: 'is it possible to run a quantized version of mixtral 7b*8 on a single 24gb GPU',
    source: 'turboderp/exllamav2#223',
  },
  {
    // llama.cpp names a model by its architecture (src/llama-arch.cpp LLM_ARCH_NAMES) where people name it by its release:
    // llama-bench's model column and the loader print "qwen3moe 30B.A3B Q8_0" (ggml-org/llama.cpp#15616, c2475),
    // "qwen3next 80B.A3B Q2_K - Medium" (c2476), "qwen2vl 7B". Before a size, the arch word is the release's family
    // with its line ("qwen3moe" is Qwen3's MoE, "qwen3vlmoe" Qwen3-VL's); the size decides the member.
    id: 'prose.llamacpp-arch-name',
    pattern: /(?<![a-z0-9._-])(qwen3vlmoe|qwen3vl|qwen2vl|qwen3moe|qwen2moe|qwen3next)(?=[ \t]+\d+(?:\.\d+)?b(?![a-z0-9])(?!\.\d))/g,
    when: (t) => /qwen[23](?:vl|moe|next)/.test(t),
    write: (m) => LLAMACPP_ARCH_FAMILY[m[1]!]!,
    example: '| qwen3moe 30B.A3B Q8_0          |  30.25 GiB | Metal      |     2048 |  1 |           pp512 |      2045.19 ± 10.70 |',
    source: 'ggml-org/llama.cpp#15616',
    insideHubIds: true,
  },
  {
    // llama.cpp writes a mixture of experts' size as total.active ("30B.A3B", "80B.A3B", "235B.A22B"; llama-model.cpp
    // llm_type_name) where Hub names write "30B-A3B": the same two sizes.
    id: 'prose.moe-size-dotted',
    pattern: /(?<![a-z0-9.])(\d+(?:\.\d+)?b)\.(a\d+(?:\.\d+)?b)(?![a-z0-9])/g,
    when: (t) => /b\.a\d/.test(t),
    write: (m) => `${m[1]}-${m[2]}`,
    example: '| qwen3next 80B.A3B Q2_K - Medium |  27.12 GiB |    79.67 B | CUDA       |  99 |           pp512 |        721.64 ± 2.92 |',
    source: 'ggml-org/llama.cpp#18683',
    insideHubIds: true,
  },
];

/** llama.cpp's architecture words (LLM_ARCH_NAMES) in the spelling the name rules read. */
const LLAMACPP_ARCH_FAMILY: Readonly<Record<string, string>> = {
  qwen3vlmoe: 'qwen3-vl', qwen3vl: 'qwen3-vl', qwen2vl: 'qwen2-vl', qwen3moe: 'qwen3', qwen2moe: 'qwen2', qwen3next: 'qwen3-next',
};
