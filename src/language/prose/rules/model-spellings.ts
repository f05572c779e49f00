import type { ProseRule } from '../types.js';

/**
 * How strangers spell a model's name apart from its catalog spelling (rname): a release's version
 * glued ("qwen25"), the Chinese name of a family (通义千问 is Qwen), a derivative written in words
 * ("Llama Guard 3 1B"), and a card's memory in a kernel log's megabytes that reads like a size
 * ("98304M" is no 98B model). Each writes the spelling the name rules read.
 */
export const MODEL_SPELLING_RULES: readonly ProseRule[] = [
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
    // 通义千问 (Tongyi Qianwen), 千问 for short, is Qwen's Chinese name: "训练通义千问2-VL-7B-Instruct之后"
    // (modelscope/ms-swift#2854, c1647), "千问7B 单卡会显存溢出" (c1235). Before a version or a size it joins
    // them as "qwen2-vl-7b" is written; before a Latin word ("千问vl3B", c1686) it is left as written.
    id: 'prose.qwen-chinese-name',
    pattern: /(?:通义|通義)?千[问問](?![a-z])/g,
    when: (t) => t.includes('千'),
    write: () => 'qwen',
    example: '你好，我训练通义千问2-VL-7B-Instruct之后（batchsize为1）进行推理，在A800卡上（80G）进行推理',
    source: 'modelscope/ms-swift#2854',
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
];
