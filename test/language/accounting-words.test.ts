import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * Issue 22, item 4 (branch racct): every word and number accounted for. A card's memory said again
 * is the card's; a model's variant words and release are the model's; a time, speed or step count
 * is no unread setup word; "or" is filler.
 */

const STRANGER =
  'fine-tune Mistral 7B Instruct v0.3 with QLoRA on my RTX 3060 (12GB) … after ~30 steps I get CUDA out of memory. Is 12GB just not enough or am I doing something wrong?';

const reply = (text: string) => respond(text, null).reply as EstimateReply;
const notRead = (r: EstimateReply) => r.notices.find((n) => n.startsWith('not read:')) ?? '';
const notUsed = (r: EstimateReply) => (r.notUsed ?? []).map((u) => u.words);
const fact = (r: EstimateReply, name: string) => r.trace?.find((f) => f.fact === name && f.at !== null);

describe("the stranger's Mistral post", () => {
  it('reads Mistral-7B-v0.3, lists neither "Instruct", "12GB" nor "or", and suggests no instruction tuning', () => {
    const r = reply(STRANGER);
    expect(r.kind).toBe('estimate');
    expect(fact(r, 'model')?.value).toBe('Mistral-7B-v0.3');
    expect(fact(r, 'model')?.words).toBe('Mistral 7B Instruct v0.3');
    const listed = notUsed(r);
    for (const w of ['Instruct', 'v0.3', '12GB', 'or']) expect(listed).not.toContain(w);
    expect(notRead(r)).not.toMatch(/instruction tuning|"or"|"Instruct"/);
    // The question's "12GB" is the card fact's, said again.
    const card = fact(r, 'card')!;
    expect(card.also?.map((s) => STRANGER.slice(s.at, s.end))).toEqual(['12GB']);
  });
});

describe("a card's memory said again is the card's", () => {
  const cases = [
    'llama-3-8b qlora on my RTX 3060 (12GB). Is 12GB not enough?',
    'llama-3-8b qlora on my RTX 3060 12 GB — is 12 GB really too little?',
    'qlora llama-3-8b, rtx 3060 (12gb) ... 12gb is not enough or what?',
    '在 RTX 3060 (12GB) 上用 qlora 微调 llama-3-8b，12GB 不够吗？',
    'llama-3-8b lora on 2x 3090, 48GB in all, and 24GB each is not enough?',
  ];
  for (const text of cases) {
    it(text, () => {
      const r = reply(text);
      expect(r.kind).toBe('estimate');
      expect(notUsed(r).filter((w) => /\d\s?gb/i.test(w))).toEqual([]);
    });
  }

  it('a memory the card does not have stays listed', () => {
    const r = reply('llama-3-8b qlora on my RTX 3060 (12GB), it uses 9GB before the first step');
    expect(notUsed(r)).toContain('9GB');
  });
});

describe("a model's variant words and release are the model's", () => {
  it('the release picks the catalog entry when the catalog has it, however written', () => {
    for (const text of ['Mistral 7B Instruct v0.3 qlora on a 3060', 'mistral 7b v0.3 qlora on a 3060', 'I run Mistral-7B Instruct v0.3 with qlora on a 3060']) {
      expect(fact(reply(text), 'model')?.value, text).toBe('Mistral-7B-v0.3');
    }
  });

  it('a release the catalog lacks is said, never dropped in silence', () => {
    const r = reply('llama 3 8b v2 lora on a 4090');
    expect(r.kind).toBe('estimate');
    expect(r.notices.join(' ')).toMatch(/v2/);
  });

  it('variant words beside a family or a size are never listed nor taken for instruction tuning', () => {
    const lines = [
      'Fine-tuning Mistral instruct model using trl, lora on a 4090, runs out of memory',
      'What hardware is required to run the 34B Instruct model with 100K context on A100s?',
      'I am trying to finetune Mistral-7B (instruct v0.2) on 2xA100, each 80GB, with lora',
      'gemma 2 9b it, lora on one 3090, it runs out of memory',
    ];
    for (const text of lines) {
      const r = reply(text);
      expect(notRead(r), text).not.toMatch(/instruction tuning|"instruct"|"Instruct"/);
      expect(notUsed(r).map((w) => w.toLowerCase()), text).not.toContain('instruct');
    }
  });

  it('"it" after another model is a pronoun, not a variant word', () => {
    const r = reply('llama 70b it should fit on 2x a100 80gb, inference with vllm');
    expect(r.kind).toBe('estimate');
    expect(fact(r, 'model')?.value).toMatch(/70B/);
  });
});

describe('a number that says no setup is no unread setup word', () => {
  const lines = [
    'qlora llama-3-8b on a 4090, after ~30 steps I get CUDA out of memory, which happens every time',
    'llama 2 70b 4bit on 2x 3090 gives decent performance (11 tok/sec) but it is slow with long prompts',
    'vllm serving qwen2.5-7b on an A10G, the server crashes after about 10 minutes of load',
    'qwen2.5-7b lora on a 4090, the card sits at 95 % all the time, what is going on',
  ];
  for (const text of lines) {
    it(text, () => {
      const r = reply(text);
      expect(notRead(r)).not.toMatch(/"(?:30|11|10|95)"/);
    });
  }

  it('an accumulation over steps is still a setting when unread', async () => {
    const { isNoSetupNumber } = await import('../../src/language/no-setup-numbers.js');
    const text = 'accumulate gradients over 8 steps';
    expect(isNoSetupNumber(text, '8', text.indexOf('8'))).toBe(false);
    const t2 = 'OOM after 8 steps';
    expect(isNoSetupNumber(t2, '8', t2.indexOf('8'))).toBe(true);
    const t3 = 'Ubuntu server 24.04, fully up to date';
    expect(isNoSetupNumber(t3, '24.04', t3.indexOf('24.04'))).toBe(true);
  });
});

describe('English filler of questions is never listed', () => {
  it('"or", "etc", "due", "takes" around a setup', () => {
    const r = reply('llama-3-8b lora on a 4090 takes too much memory, due to the optimizer states etc — is 24GB not enough or am I doing it wrong?');
    const listed = [...notUsed(r), notRead(r)].join(' ');
    for (const w of ['"or"', '"etc"', '"due"', '"takes"']) expect(listed).not.toContain(w);
    expect(notUsed(r)).not.toContain('or');
  });
});

describe('where in the run it failed, and asking for tips, are no setup words', () => {
  const cases = [
    'Hey all, trying to finetune mistral 7b with qlora on my 3060 12gb, seq len 2048, batch 4 grad accum 4. keeps OOMing at step 1. any tips?',
    'llama-3-8b lora on 1x 4090, seq 4096 — crashes after epoch 2 with OOM, any hints?',
    'qwen2.5-7b full zero3 on 8x a100, OOM around iteration 300/1000. pointers?',
  ];
  for (const text of cases) {
    it(text, () => {
      const r = reply(text);
      expect(r.kind).toBe('estimate');
      expect(notRead(r)).not.toMatch(/"(?:1|2|300|1000|tips|hints|pointers)"/);
      // The position's number is set aside by its rule (the trace says which), never a count of the setup.
      expect([1, 8]).toContain(r.scenario.hardware?.count);
    });
  }

  it('an accumulation written with "steps" keeps its number', () => {
    const r = reply('llama-3-8b lora on 1x 4090, batch 2, gradient accumulation steps 8');
    expect(r.scenario.gradAccum).toBe(8);
  });
});

describe('显卡 (the graphics card noun) is no unread word', () => {
  it.each([
    ['显卡是 RTX 4060 Ti 16G，想用 ollama 跑 qwen2.5:14b，能跑吗？上下文想开到 32k', 1],
    ['我的显卡是4090，跑qwen2.5-14b', 1],
    ['两张显卡 4090 跑 qwen2.5-32b', 2],
  ])('%s', (text, count) => {
    const r = reply(text);
    expect(r.kind).toBe('estimate');
    expect(notRead(r)).not.toMatch(/显卡/);
    expect(r.scenario.hardware?.count).toBe(count);
  });
});

describe('where in the run it failed, in Chinese, Korean and Japanese, is no setup word (prose.progress-position-cjk)', () => {
  // The forty-first session's stranger check listed "到第", "步的时候", "占用大概" and "300" as not read in a report of
  // an OOM at step 300; an ordinal step and a step count before a time word are a position in the run.
  it.each([
    ['qwen2.5-7b 全参微调，4张A100 80G，deepspeed zero2，训练到第300步的时候OOM了，显存占用大概78G，seq 4096', 4, /到第|步的时候|占用|"300"/],
    ['llama-3-8b lora 在4090上，500步之后就OOM了', 1, /"500"|"步/],
    ['qwen2-7b lora 4090，训练到第 20 个 epoch 时 OOM', 1, /"20"|"第|epoch/],
    ['llama-3-8b lora 4090으로 학습 중 300스텝에서 OOM', 1, /"300"|스텝/],
    ['llama-3-8b を 4090 でLoRA学習、300ステップ目でOOM', 1, /"300"|目で|ステップ/],
  ])('%s', (text, count, unlisted) => {
    const r = reply(text);
    expect(r.kind).toBe('estimate');
    expect(notRead(r)).not.toMatch(unlisted);
    expect(r.scenario.hardware?.count).toBe(count);
  });

  it('an accumulation counted in steps (梯度累积 8 步) keeps its number', () => {
    expect(reply('qwen2-7b lora 4090 梯度累积 8 步，训练到第 20 个 epoch 时 OOM').scenario.gradAccum).toBe(8);
    expect(reply('qwen2-7b lora 4090，梯度累积步数 4').scenario.gradAccum).toBe(4);
  });
});

describe('what the model is for names no setting (filler USE_WORDS)', () => {
  it.each([
    ["Can I run Mixtral 8x7B on two RTX 3090s with 4-bit quantization? I'd like around 16k context for RAG.", 16384],
    ['qwen2.5-32b awq on a 4090 for an agentic coding assistant, 32k context', 32768],
  ])('%s', (text, seq) => {
    const r = reply(text);
    expect(r.scenario.seq).toBe(seq);
    expect(notRead(r)).not.toMatch(/RAG|agentic|coding/);
  });
});

describe("a weight format's noun after it is the format's", () => {
  // "4-bit quantization" was answered with 'not read: "quantization"' (forty-second session's open item).
  const cases: [string, string][] = [
    ['llama-3-8b with 4-bit quantization on a 3090', 'quantization'],
    ['serve llama-3-8b with 8-bit quantization on a t4', 'quantization'],
    ['llama-3-8b awq quantized on a 3090', 'quantized'],
    ['qwen2.5-7b int4量化 推理 on a 4090', '量化'],
    ['mistral-7b gptq quant, vllm, one a10', 'quant'],
  ];
  for (const [text, noun] of cases) {
    it(text, () => {
      const r = reply(text);
      expect(r.kind).toBe('estimate');
      expect(notUsed(r)).not.toContain(noun);
      expect(notRead(r)).not.toContain(`"${noun}"`);
    });
  }

  it('the noun with no format before it stays listed', () => {
    const r = reply('which quantization should I use for llama-3-8b on a 3090?');
    expect(notUsed(r)).toContain('quantization');
  });
});
