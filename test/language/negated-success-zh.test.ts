import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * owner.past.works-zh reads 成功 / 跑通 / 跑起来了 as a run that worked, and sets that run's settings aside
 * as another setup. Negated ("无法跑通", could not get it running: TigerResearch/TigerBot, corpus c2851),
 * they report the user's own failing run, whose settings are the request.
 */
const sharding = (text: string) => {
  const outcome = resolveRequest(text, null);
  if (!outcome.ok || !outcome.scenario) throw new Error(`"${text}" was refused`);
  return outcome.scenario.sharding;
};

describe('a negated success in Chinese is the user\'s failing run, not another that worked', () => {
  it.each([
    '8 * A100，使用deepspeed zero3，llama-2-70b 全参微调，无法跑通',
    '8 * A100，使用deepspeed zero3，llama-2-70b 全参微调，一直没跑通',
    '8 * A100，使用deepspeed zero3，llama-2-70b 全参微调，不能跑通',
    '8 * A100，使用deepspeed zero3，llama-2-70b 全参微调，试了几次都不成功',
    '8 * A100，使用deepspeed zero3，llama-2-70b 全参微调，还是没成功',
  ])('%s keeps zero3', (text) => {
    expect(sharding(text)).toMatchObject({ stage: 3 });
  });

  it('a success said without a negation still sets that run aside (the rule still reads it)', () => {
    const text = '8 * A100，使用deepspeed zero3，llama-2-70b 全参微调，跑通了。现在换成 zero2 就 OOM';
    expect(sharding(text)).toMatchObject({ stage: 2 });
  });
});
