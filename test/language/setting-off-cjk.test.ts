import { describe, expect, it } from 'vitest';
import { SETTING_OFF_CJK_RULES } from '../../src/language/prose/rules/setting-off-cjk.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * A setting turned off in Chinese or Korean, the verb after it or with its aspect mark, is off (prose/rules/
 * setting-off-cjk.ts). Written before the rules; first sight 4 of 9 of the negations right, three of the wrong
 * ones silent in the other direction (full recompute, CPU offload on).
 */

const read = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const s = r.scenario;
  return { recompute: s.recompute, attention: s.attention, offload: s.offload.optimizer !== 'none' || s.offload.params !== 'none', sharding: s.sharding.kind };
};

describe('a setting turned off in Chinese or Korean is off', () => {
  it.each([
    '训练 qwen-14b lora，关闭了梯度检查点，2张4090',
    'qwen-14b lora 训练，梯度检查点关闭了，2张4090',
    'qwen2-7b lora 单卡4090，gradient checkpointing关掉了，seq 4096',
    'llama-3-8b lora 4090 1장, gradient checkpointing 끄고 학습',
    'llama-3-8b lora A100 80G 1장, 그래디언트 체크포인팅은 사용하지 않고 학습했습니다',
    'qwen2-7b lora 单卡4090，没有开gradient checkpointing，seq 4096',
    // Read right at first sight only because the Hangul name went unread; read now, its "without" must hold.
    'qwen2.5-7b lora 1x 4090 24GB 그래디언트 체크포인팅 없이 학습',
  ])('no recompute: %s', (text) => {
    expect(read(text).recompute).toBe('none');
  });

  it.each([
    'llama-2-7b 全参微调 4张A100 80G zero3，禁用了offload',
    'llama-3-8b full finetune 8x A100 zero3, offload 안 쓰고 학습',
    'llama-2-13b 全参训练 8张A800 zero3，cpu offload 关掉了',
    'llama-2-13b 全参训练 8张A800 zero3，offload不开',
  ])('no offload: %s', (text) => {
    expect(read(text)).toMatchObject({ offload: false, sharding: 'zero' });
  });

  it.each(['qwen2-7b lora 单卡4090，关掉flash attention', 'llama-3-8b lora 4090 1장 학습, 플래시 어텐션은 비활성화', 'qwen2-7b lora 单卡4090，flash-attn 禁用了'])(
    'no flash attention: %s',
    (text) => {
      expect(read(text).attention).not.toMatch(/flash/);
    },
  );

  it.each(['llama-2-7b 학습, LoRA 없이 전체 파라미터, A100 80G 4장', 'qwen2-7b 全参训练，lora关闭了，8张A800', 'mistral-7b 파인튜닝, 로라는 안 쓰고 A100 80G 2장'])('no adapters: %s', (text) => {
    const r = resolveRequest(text, null);
    expect(r.ok && r.scenario?.lora).toBeFalsy();
    expect(r.ok && r.scenario?.mode).not.toBe('inference');
  });

  it('the verb before another setting turns that one off, not the one before it', () => {
    expect(read('llama-2-13b 全参训练 8张A800 zero3 没开启 offload')).toMatchObject({ offload: false, sharding: 'zero' });
  });

  it('a Hangul name said on is the setting on', () => {
    expect(read('llama-3-8b 로라 학습, 그래디언트 체크포인팅 켜고 A100 80G 1장').recompute).not.toBe('none');
  });

  it.each(SETTING_OFF_CJK_RULES.map((r) => [r.id, r.example] as const))("%s reads its own example", (id, example) => {
    const rule = SETTING_OFF_CJK_RULES.find((r) => r.id === id)!;
    rule.pattern.lastIndex = 0;
    expect(rule.pattern.test(example.toLowerCase())).toBe(true);
  });
});
