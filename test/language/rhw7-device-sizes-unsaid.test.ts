import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Session 41, rhw7: a device sold in more than one memory size, named without the variant that says which.
 * The Ascend 910B ships as the 910B1/B2/B3 of 64 GB and the 910B4 of 32 GB; "8张910B" was read as 8 devices
 * of 64 GB in silence (vllm-project/vllm-ascend#2267, c1331, b40; hiyouga/LlamaFactory#4572, c1376, b41: both
 * 32 GB cards). The most common size is still read, but as weak evidence, said with the way out. The
 * variations were written from the phenomenon before the fix (figures in the commit message).
 */

function read(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) return { hardware: r.ok ? 'help' : `refused: ${r.error.message}`, said: '' };
  const hardware = / (on .*|how many .*|which gpu.*|\d+ nodes of .*)$/.exec(canonicalText(r.scenario))?.[1] ?? '(no hardware)';
  return { hardware, said: [...r.notices, ...r.assumptions].join(' | ') };
}

const SAID_WEAK = /more than one size/;

describe('a bare "910B" is read as the 64 GB part, said as a guess', () => {
  const variations: [string, RegExp][] = [
    ['8张910B部署qwen2.5-72b，vllm serve tp 8 显存不足', /8x 64gb/],
    ['qwen2-7b full sft with llama-factory on 8 Ascend 910B NPUs, zero3, OOM', /8x 64gb/],
    ['昇腾910B 8卡训练 qwen2.5-7b 全参微调 爆显存', /8x 64gb/],
    ['910B*16 跑 qwen2.5-32b lora 一直OOM', /16x 64gb/],
    ['Serving Qwen3-32B with vllm-ascend on a single 910B, --max-model-len 32768', /1x 64gb/],
    ['910b 280t 8机64卡 跑qwen2 7b cutoff_len: 8192 一直OOM', /64x 64gb|8 nodes of 8x 64gb/],
    ['Ascend 910B x4, mindie 部署 deepseek-r1-distill-qwen-32b', /4x 64gb/],
    ['910B 8장으로 qwen2.5-14b 풀 파인튜닝하면 OOM이 납니다', /8x 64gb/],
    ['we have two 910B servers (8 NPUs each), llama-3-70b lora training', /64gb/],
  ];
  for (const [text, hardware] of variations) {
    it(`"${text.slice(0, 70)}": ${hardware.source}, said`, () => {
      const r = read(text);
      expect(r.hardware).toMatch(hardware);
      expect(r.said).toMatch(SAID_WEAK);
    });
  }
});

describe('a 910B named with its variant or its memory is no guess', () => {
  it('"910B2" is the 64 GB part, not said as a guess', () => {
    const r = read('qwen2.5-7b full sft on 8 Ascend 910B2, zero3');
    expect(r.hardware).toMatch(/8x 64gb/);
    expect(r.said).not.toMatch(SAID_WEAK);
  });
  it('"910B4" is the 32 GB part', () => {
    expect(read('qwen2.5-7b full sft on 8 Ascend 910B4, zero3').hardware).toMatch(/8x 32gb/);
  });
  it('"8*910B (64G)": the memory stated wins and is no guess', () => {
    const r = read('llama-3-8b full fine-tuning on 8*910B (64G) for long context, seq 32768');
    expect(r.hardware).toMatch(/8x 64gb/);
    expect(r.said).not.toMatch(SAID_WEAK);
  });
});
