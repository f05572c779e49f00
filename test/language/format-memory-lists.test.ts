import { describe, expect, it } from 'vitest';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * Formats listed each with the memory it takes are a requirements table, not the run's format (rprec2,
 * thirty-fourth session; prose/rules/format-memory-lists.ts). Before, the list's first words were read as the
 * run's precision and format in silence ("Full Precision" as fp32, "INT8" as its weights).
 */

const s = (text: string) => read(text).scenario;

const C2919 =
  'docs: Add comprehensive GPU hardware requirements and quantization details\n\n**2. Quantization Benefits:**\n' +
  '- Full Precision (Float16/BF16): ~19GB VRAM\n- INT8 Quantization: ~10GB VRAM\n- INT4 Quantization: ~5GB VRAM\n\n' +
  '## Testing\n\n Verified against actual hardware:\n- Tested on RTX 3060 (12GB) - 2B models work perfectly';

describe('a list of formats with what each takes (google-deepmind/gemma#464, c2919)', () => {
  it('c2919: no format and no fp32 read from the list', () => {
    const r = corpusLineRead('c2919').scenario;
    expect(r.weights).toBe('bf16');
    expect(r.compute).toBe('bf16');
  });

  it.each([
    C2919.replace('2B models', 'gemma 2B models'),
    'ChatGLM-6B: FP16 needs 13GB, INT8 8GB, INT4 6GB. I have a 3060 12GB, which can I run?',
    '| 量化等级 | 最低 GPU 显存 |\n| FP16 | 13 GB |\n| INT8 | 8 GB |\n| INT4 | 6 GB |\nchatglm-6b 在 3060 上推理',
    '- bf16: ~16GB\n- 8-bit: ~9GB\n- 4-bit: ~5GB\nTested llama-3-8b on a 4090',
    'FP16 需要 14G 显存，INT8 需要 8G，INT4 需要 5G。我用 qwen-7b 在 3060 上跑',
    'Memory: fp16 ~14 GB / int8 ~7.5 GB / int4 ~4 GB. Running mistral-7b on an RTX 4070',
    'FP16은 14GB, INT8은 8GB, INT4는 5GB 필요. RTX 3060에서 qwen-7b 실행',
    'Full precision (bf16): 16 GB VRAM; 4-bit quantization: 6 GB VRAM. Tested on RTX 4090 with llama-3-8b',
  ])('%j: 16-bit weights, no format taken from the list', (text) => {
    const r = s(text);
    expect(r.weights, text).toMatch(/^(?:bf16|fp16)$/);
    expect(r.compute, text).not.toBe('fp32');
  });

  it('a format named outside the list is the run\'s', () => {
    expect(s('FP16 needs 13GB, INT8 8GB, INT4 6GB. I run chatglm-6b in int4 on a 3060').weights).toBe('gptq');
  });

  it('one format with its memory stays the run\'s', () => {
    expect(s('llama-3-8b int8 (~9GB) on a 3060').weights).toBe('int8');
    expect(s('serve llama-3-8b in int4 on a 3060 12GB, it uses 6GB').weights).toBe('gptq');
  });
});
