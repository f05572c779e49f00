import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { USAGE_CJK_RULES } from '../../src/language/hardware/usage-cjk.js';
import { loadCorpus } from '../corpus/corpus.js';
import { guardsOf, hardwareOf } from './hardware-fixtures.js';

/**
 * Memory a run used or needs, said in Chinese or Korean, is no card (issue 22, b52's silent hardware):
 * "只用14G显存就足够了" (only 14G was enough, InternLM/lmdeploy#1001, c1916) had been read as one 14 GB card.
 * A card word or name after the amount ("用24G显存的卡", "只用一张24G的4090"), a card's name before a Korean
 * amount ("A100 80GB를 사용해서") and "사용 가능" (what the card offers) keep the card.
 */

const lineText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe('memory in use, in Chinese and Korean, is no card', () => {
  const said = [
    (gb: string) => `llama-2-7b 推理，之前只用${gb}显存就足够了，现在爆显存`,
    (gb: string) => `qwen2-7b lora 就用${gb}显存`,
    (gb: string) => `qwen2-7b lora 才用 ${gb} 的显存`,
    (gb: string) => `internlm2-7b 推理仅用${gb}显存`,
    (gb: string) => `qwen2-7b 之前用掉了${gb}显存`,
    (gb: string) => `qwen2-7b 推理使用了${gb}显存`,
    (gb: string) => `qwen2-7b 推理只要${gb}显存吗`,
    (gb: string) => `qwen2-7b 推理至少要 ${gb} 显存`,
    (gb: string) => `qwen2-7b 추론에 메모리 ${gb} 사용`,
    (gb: string) => `qwen2-7b 추론에 VRAM을 ${gb}나 차지합니다`,
    (gb: string) => `qwen2-7b 학습에 ${gb} 정도 필요합니다`,
    (gb: string) => `qwen2-7b 추론에 ${gb}를 소모합니다`,
  ];
  it('in any of its phrasings, at any amount and spacing', () => {
    fc.assert(
      fc.property(fc.constantFrom(...said), fc.integer({ min: 4, max: 160 }), fc.constantFrom('GB', 'gb', 'G', 'g', ' GB', 'GiB'), (phrase, n, unit) => {
        const text = phrase(`${n}${unit}`);
        expect(hardwareOf(text), text).toEqual([]);
        expect(guardsOf(text).some((r) => r.startsWith('not-hw.usage-')), text).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('beside a card the user names, the card stays', () => {
    for (const phrase of said) {
      const text = `${phrase('14G')}，显卡是RTX 4090`;
      expect(hardwareOf(text).map((h) => h.gpuId), text).toEqual(['rtx-4090']);
    }
  });

  it('a card after the amount, or a card before a Korean amount, keeps its memory', () => {
    expect(hardwareOf('llama-2-7b lora 只用一张24G的4090').map((h) => h.gpuId)).toEqual(['rtx-4090']);
    expect(hardwareOf('llama-2-7b lora 我用24G显存的卡跑').map((h) => h.capacityGiB)).toEqual([24]);
    expect(guardsOf('llama-2-7b lora 要24G显存的3090')).not.toContain('not-hw.usage-zh');
    expect(hardwareOf('llama-2-7b A100 80GB를 사용해서 학습합니다').map((h) => h.gpuId)).toEqual(['a100-80g']);
    expect(guardsOf('llama-2-7b 24GB 사용 가능한 GPU')).not.toContain('not-hw.usage-ko');
  });

  it('each rule reads its own example', () => {
    for (const rule of USAGE_CJK_RULES) expect(guardsOf(rule.example), rule.id).toContain(rule.id);
  });

  it('the real lines it was drawn from state no card (c1916, c1944)', () => {
    expect(hardwareOf(lineText('c1916'))).toEqual([]);
    expect(hardwareOf(lineText('c1944'))).toEqual([]);
  });

  // The memory a stage of the run takes (at launch, after loading, while inferring): "之前启动显存32G" (c1944).
  const staged = [
    (gb: string) => `qwen3:32b 之前启动显存${gb} , 现在启动占用129G`,
    (gb: string) => `qwen2-7b 加载后显存${gb}，推理时爆了`,
    (gb: string) => `qwen2-7b 推理时显存占用 ${gb}`,
    (gb: string) => `llama-2-7b lora 训练的时候显存用量为${gb}`,
    (gb: string) => `qwen2-7b 部署后的显存：${gb}`,
    (gb: string) => `qwen2-7b 运行时显存大约${gb}`,
  ];
  it('memory at a stage of the run (启动 / 加载后 / 推理时 … 显存 N G) is a measurement', () => {
    fc.assert(
      fc.property(fc.constantFrom(...staged), fc.integer({ min: 4, max: 160 }), fc.constantFrom('GB', 'gb', 'G', 'g', ' GB', 'GiB'), (phrase, n, unit) => {
        const text = phrase(`${n}${unit}`);
        expect(hardwareOf(text), text).toEqual([]);
        expect(guardsOf(text), text).toContain('not-hw.stage-usage-zh');
      }),
      { numRuns: 120 },
    );
  });

  it('a card after the staged amount, and 运行内存 (RAM), are not a stage measurement', () => {
    expect(hardwareOf('qwen2-7b 推理时显存24G的卡够吗').map((h) => h.capacityGiB)).toEqual([24]);
    expect(guardsOf('qwen2-7b 推理 运行内存32G')).not.toContain('not-hw.stage-usage-zh');
    expect(guardsOf('qwen2-7b 推理 显存32G')).not.toContain('not-hw.stage-usage-zh');
  });
});
