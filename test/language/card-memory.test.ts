import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22: a card is read as what it is with its stated memory. A memory glued or next to a card
 * that the card was sold with picks that variant; one it was never sold with (a modified 22 GB
 * 2080 Ti) is the card at the stated memory, said, and asked where the count's total would give the
 * same figure; a card name the catalog lacks ("GTX 970") is never a count.
 * Real lines: hpcaitech/ColossalAI#6272 (c1625), xorbitsai/inference#852 (c1253),
 * ollama/ollama#11864 (c1370), microsoft/PhiCookBook#283 (c1130), ollama/ollama#7673 (c1174).
 */

interface Read {
  card: string;
  gpus: number;
  weak: boolean;
  notes: string;
}

function read(text: string): Read {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const f = (r.trace ?? []).find((t) => t.fact === 'card' && t.at !== null);
  if (!f) throw new Error(`no card read in: ${text}`);
  const hw = r.scenario.hardware;
  return { card: f.value, gpus: hw?.count ?? 0, weak: f.weak, notes: JSON.stringify(r) };
}

describe('a modified card: the memory as written, said', () => {
  it.each([
    // c1625 (hpcaitech/ColossalAI#6272): the memory glued to the name.
    ['I got resource with 1T cpu mem and 4 2080ti22GB cards\n\nI try zero3+offloading for training a 7B model', 4],
    ['I have 3 2080Ti22G cards and want to lora llama 13b', 3],
    ['魔改2080ti 22G x4 跑 qwen2.5-14b 推理', 4],
    ['qwen2.5-14b inference on an RTX 2080 Ti (22GB)', 1],
    // The item language, read strictly: these were refused as "two GPU types" (reconcile.ts restatements now reads cards()).
    ['llama 13b lora on 3 2080ti22GB cards', 3],
    ['llama-2-13b lora on 4x rtx-2080-ti 22gb', 4],
  ])('%j is read as %i cards of 22 GB, weak', (text, n) => {
    const c = read(text);
    expect(c.card).toMatch(/22 GiB/);
    expect(c.gpus).toBe(n);
    expect(c.weak).toBe(true);
  });

  it.each([
    // c1253 (xorbitsai/inference#852): "双 2080ti 22G显卡" — two 22 GB cards, though 2 × 11 is 22 too: asked.
    ['大量的实测，在双 2080ti 22G显卡下，6000左右的token awq量化的 yi-34b 会爆显存', 2],
    ['serving qwen2.5-14b with vllm on 2x 2080ti 22G', 2],
    ['两张 2080 Ti 22G 跑 qwen2.5-14b 推理', 2],
  ])('%j is read as %i cards of 22 GB, and the stock reading asked', (text, n) => {
    const c = read(text);
    expect(c.card).toMatch(/22 GiB/);
    expect(c.gpus).toBe(n);
    expect(c.weak).toBe(true);
    expect(c.notes).toMatch(/stock 11 GB cards, 22 GB in all/);
  });

  it('a total said of stock cards stays the total: "2x 3090 48GB" is two of 24', () => {
    const c = read('2x 3090 48GB, llama 13b lora');
    expect(c.card).toMatch(/RTX 3090 24GB/);
    expect(c.gpus).toBe(2);
  });
});

describe('a memory the card was sold with picks that size', () => {
  it.each([
    // c1370 (ollama/ollama#11864) and c1130 (microsoft/PhiCookBook#283).
    ['The GPU is an RTX4060TI with 8GB of Vram. running gpt-oss-20b in ollama'],
    ['Is there anyone can train customized model base on phi-3-mini on 4060TI 8GB?'],
    ['跑 qwen2.5-7b 推理，显卡 RTX 4060 Ti 8G'],
    ['llama-3-8b qlora on rtx 4060 ti (8GB)'],
  ])('%j is the 8 GB RTX 4060 Ti', (text) => {
    expect(read(text).card).toMatch(/RTX 4060 Ti 8GB/);
    // The Ti is known (its ids carry the memory: rtx-4060-ti-16g): no "I don't know the GPU" beside it.
    expect(read(text).notes).not.toMatch(/don't know the GPU/);
  });

  it('the 16 GB one stays the 16 GB one', () => {
    expect(read('llama-3-8b qlora on rtx 4060 ti 16GB').card).toMatch(/RTX 4060 Ti 16GB/);
  });
});

describe('a card name the catalog lacks is never a count', () => {
  it.each([
    // c1174 (ollama/ollama#7673).
    ["I've got a GTX 970 (4GB VRAM) and 40GB RAM. Loading `llama3.2:3b` with ollama", 4],
    ['running llama-3.2-1b with ollama on a GTX 960 2GB', 2],
    ['Can I run qwen2.5-3b in ollama on my geforce 980 4GB?', 4],
  ])('%j is one card of %i GB, its name said', (text, gib) => {
    const c = read(text);
    expect(c.gpus).toBe(1);
    expect(c.card).toMatch(new RegExp(`${gib} GiB`));
    // Said unknown, or by the table of cards the catalog lacks (catalog/other-devices.ts: the GTX 900s, rhw5).
    expect(c.notes).toMatch(/I don't know the GPU|is not in the catalog/);
  });
});

describe('a total across N cards is N cards of a share', () => {
  it.each([
    // c1341, c1348 (lmms-lab: "a 4-card GPU with 96GB video memory"): the total said with its noun between.
    ['llava-video-72b inference on 4 GPUs with 96GB VRAM in total', 4, /24 GiB/],
    ['qwen2.5-14b inference on 2x 4090 48GB in all', 2, /RTX 4090 24GB/],
    ['llama 13b lora on 2x3090 (48GB total)', 2, /RTX 3090 24GB/],
    ['qwen2.5-14b inference, 2张3090 48G total', 2, /RTX 3090 24GB/],
    ['qwen2.5-14b inference on 3 GPUs, 72 GB of GPU memory in total', 3, /24 GiB/],
  ])('%j is %i cards', (text, n, card) => {
    const c = read(text);
    expect(c.gpus).toBe(n);
    expect(c.card).toMatch(card);
  });
});
