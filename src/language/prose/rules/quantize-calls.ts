import type { ProseRule } from '../types.js';

/**
 * A quantisation a model's own code applies when it loads (rmodel3): read as the weight width it gives.
 */
export const QUANTIZE_CALL_RULES: readonly ProseRule[] = [
  {
    // ChatGLM's remote code quantises its own linear weights to INT4 or INT8 on load:
    // `AutoModel.from_pretrained("THUDM/chatglm-6b", trust_remote_code=True).quantize(4).half().cuda()` (THUDM/ChatGLM-6B,
    // ChatGLM2-6B and ChatGLM3 READMEs, "模型量化"; quantization.py packs int4 weights with a scale per row, no
    // bitsandbytes). "把 quantize(4) 加上，没想到真的可用" (zai-org/ChatGLM3#117, c761) had read its "4Bit" as nf4.
    // Written int4 / int8, the corpus's words for ChatGLM's widths (c572, c765). Only the call with its parenthesis:
    // "quantize 4 models" is no width.
    id: 'prose.chatglm-quantize-call',
    pattern: /(?<![\w])quantize\(\s*([48])\s*\)/g,
    when: (t) => t.includes('quantize('),
    write: (m) => `int${m[1]}`.padEnd(m[0].length),
    example: 'model = AutoModel.from_pretrained("THUDM/chatglm3-6b", trust_remote_code=True).quantize(4).cuda()',
    source: 'zai-org/ChatGLM3#117',
  },
];
