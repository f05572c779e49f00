import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { ARCHITECTURE_RULES, cardsOfArchitecture } from '../../src/language/hardware/architectures.js';
import { scanHardware } from '../../src/language/hardware/index.js';
import { gpuById } from '../../src/catalog/index.js';

/**
 * Session 44, rhw2: a card named by its architecture and memory ("8x32GB Nvidia Volta", huggingface/transformers#3616,
 * corpus c2906: read as eight cards of 32 GB with no name, silently not the V100), and a card named alone that a
 * how-many question asks about ("use vllm and RTX4090 … How many RTX 4090 do I need at least?", vllm-project/vllm#11539,
 * c2258: read as one 4090 beside the question, silently).
 */

function hardwareOf(text: string): string {
  const r = resolveRequest(text, null);
  if (!r.ok) return `refused: ${r.error.message}`;
  if (!r.scenario) return 'help';
  return / (on .*|how many .*|which gpu.*)$/.exec(canonicalText(r.scenario))?.[1] ?? '(no hardware)';
}

function saidOf(text: string): string {
  const r = resolveRequest(text, null);
  return r.ok ? [...r.notices, ...r.assumptions].join(' | ') : '';
}

describe('a card named by its architecture and memory', () => {
  const unique: [string, string][] = [
    ['Out of memory error while training GPT2-large on 8x32GB Nvidia Volta', 'on 8x v100-32g'],
    ['OOM training gpt2-large on 8 x 32GB Volta GPUs, batch 1', 'on 8x v100-32g'],
    ['training gpt2-large fp16 on 8× Volta 32GB', 'on 8x v100-32g'],
    ['full finetune llama 7b on a 16GB Turing card', 'on 1x t4'],
    ['full finetune llama 7b on a Turing card with 16GB', 'on 1x t4'],
    ['用 4 张 32G 的 Volta 卡训练 gpt2-large', 'on 4x v100-32g'],
    ['mistral 7b inference on a 141GB Hopper', 'on 1x h200'],
    ['llama 8b inference on a 32GB Blackwell card', 'on 1x rtx-5090'],
  ];
  it.each(unique)('%s → %s, the one catalog card of that pair, said', (text, want) => {
    expect(hardwareOf(text)).toContain(want);
    expect(saidOf(text)).toMatch(/card of \d+ GB I know; say "on <your card>"/);
  });

  const several: [string, string][] = [
    ['llama 13b lora on 2x Ampere 24GB', 'on 2x 24gb'],
    ['qlora 70b on 4 x 80GB Hopper GPUs', 'on 4x 80gb'],
    ['serve llama 8b on Volta 24GB', 'on 1x 24gb'],
  ];
  it.each(several)('%s → %s: several cards or none of that pair, read by the memory and said, never swapped', (text, want) => {
    expect(hardwareOf(text)).toContain(want);
    expect(saidOf(text)).toMatch(/read as an? \w+ card of \d+ GB — (?:several|I know no)/);
  });

  it('an architecture with no memory names no card and counts nothing', () => {
    expect(hardwareOf('run qwen 7b on an Ampere GPU')).toBe('(no hardware)');
  });

  it('an architecture beside a named card is its generation', () => {
    expect(hardwareOf('llama 8b on 2x RTX 5090 (Blackwell)')).toContain('on 2x rtx-5090');
    expect(hardwareOf('llama 8b on RTX PRO 6000 Blackwell 96GB')).toContain('on 1x rtx-pro-6000');
  });

  it("the rule's example is read by the rule", () => {
    for (const rule of ARCHITECTURE_RULES) {
      const scan = scanHardware(rule.example.toLowerCase());
      expect(scan.readings.some((r) => r.parts.some((p) => p.rule === rule.id))).toBe(true);
    }
  });

  it('property: a pair picks only cards of that memory, and a unique pick is read as that card', () => {
    const archs = ['pascal', 'volta', 'turing', 'ampere', 'lovelace', 'hopper', 'blackwell'];
    fc.assert(
      fc.property(fc.constantFrom(...archs), fc.constantFrom(6, 8, 11, 12, 16, 24, 32, 40, 48, 80, 96, 141, 180), fc.integer({ min: 1, max: 8 }), (arch, gb, n) => {
        const ids = cardsOfArchitecture(arch, gb);
        for (const id of ids) expect([gpuById(id).nominalGB, Math.round(gpuById(id).totalMiB / 1024)]).toContain(gb);
        const got = hardwareOf(`llama 7b inference on ${n}x ${gb}GB ${arch === 'lovelace' ? 'Ada Lovelace' : arch} GPUs`);
        if (ids.length === 1) expect(got).toContain(`on ${n}x ${ids[0]}`);
        else expect(got).not.toMatch(/on \d+x [a-z]/);
      }),
      { numRuns: 60 },
    );
  });
});

describe('a card named alone and asked about in a how-many question is the card asked of', () => {
  const asked: [string, string][] = [
    ['If I want to deploy deepseek 600B use vllm  and RTX4090, are there any restrictions? How many RTX 4090  do I need at least?', 'how many rtx-4090'],
    ['I want to serve llama 3 70b with vllm on A100 80GB. How many A100 80GB do I need?', 'how many a100-80g'],
    ['finetune qwen 14b on H100, how many H100s do I need?', 'how many h100-80g'],
  ];
  it.each(asked)('%s → %s, no one card of the user', (text, want) => {
    const got = hardwareOf(text);
    expect(got).toContain(want);
    expect(got).not.toMatch(/on 1x/);
    expect(saidOf(text)).toMatch(/read as the card whose count is asked/);
  });

  it('a count stated, or another card in the question, leaves the user\'s cards', () => {
    expect(hardwareOf('I have 2 A100s. How many A100 do I need for llama 70b lora?')).toContain('on 2x a100');
    expect(hardwareOf('serve llama 70b on RTX 4090; how many A100 would I need instead?')).toContain('on 1x rtx-4090');
  });
});
