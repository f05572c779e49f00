import { describe, expect, it } from 'vitest';
import { normalise } from '../../src/language/normalise.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A count with no card whose machine's card was set aside as another run takes that card, weak
 * (reconcile/machine-card.ts); a card's name before a comma and its memory is no decimal (normalise.ts).
 */
function hardware(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const h = r.scenario.hardware;
  return { gpu: h?.gpuId ?? null, count: h?.count ?? r.scenario.unnamedGpus ?? null, card: r.trace!.find((f) => f.fact === 'card' && f.at !== null), said: r.assumptions.join(' | ') };
}
const text = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe("a count of cards with no card, beside the machine's card said of another run", () => {
  it.each([
    // xorbitsai/inference#2853 (corpus c2084): a server of eight 24G 4090s, launched on four.
    ['c2084', text('c2084'), 'rtx-4090', 4],
    // LlamaFactory (corpus c1825): SFT on 8x3090 worked, inference on 4 GPUs fails.
    ['c1825', text('c1825'), 'rtx-3090', 4],
    ['invented, English: earlier … now', 'Our box has 8 A100 80GB. Earlier I trained llama-3-8b there; now serving it with vllm on 2 GPUs gives OOM', 'a100-80g', 2],
    ['invented, English: previously … now', 'I previously fine-tuned llama-3-8b on 8x H100 without issues. Now vllm inference on 2 GPUs fails with OOM', 'h100-80g', 2],
    ['invented, Chinese: 之前 … 现在', 'qwen2.5-7b lora, 服务器是8张A800 80G，之前全参能跑，现在2卡就OOM', 'a800-80g', 2],
  ])('%s: the run count, the machine card, said weak', (_label, message, gpu, count) => {
    const h = hardware(message);
    expect([h.gpu, h.count]).toEqual([gpu, count]);
    expect(h.card?.weak).toBe(true);
    expect(h.said).toMatch(/say "on \d+x <gpu>" if the run's are another card/);
  });

  it.each([
    // Two kinds of card set aside: no one machine to take the card from.
    ['Earlier I trained llama-3-8b on 8x H100 and 4x A100; now vllm inference on 2 GPUs fails', null, 2],
    // The machine's cards kept by the other steps stay: "with one GPU" is no run (corpus c075).
    ['Attempting to run 7B model on two Nvidia 3090s but getting OOM error with one GPU', 'rtx-3090', 2],
  ])('%s: left as the other steps read it', (message, gpu, count) => {
    const h = hardware(message);
    expect([h.gpu, h.count]).toEqual([gpu, count]);
  });
});

describe("a card's name, a comma and its memory", () => {
  it.each([
    ['哦，我用的是A100,40G', 'hi'],
    ['llama-3-8b inference on A100,40G', 'a100-40g'],
    ['llama-3-8b inference on RTX 3090,24GB', 'rtx-3090'],
    ['llama-3-8b inference on 4090,24G', 'rtx-4090'],
  ])('%s: the comma is no decimal point', (message, gpu) => {
    expect(normalise(message).text).toContain(',');
    if (gpu !== 'hi') expect(hardware(message).gpu).toBe(gpu);
  });

  it('ztxz16/fastllm#181 (corpus c2059): "我用的是A100,40G" is the 40 GB A100', () => {
    expect(hardware(text('c2059')).gpu).toBe('a100-40g');
  });

  it.each([
    ['le modèle prend 1,5 Go', '1.5 gb'],
    ['VRAM pic 2,51 Go / 8 Go', '2.51 gb'],
    ['5,0 GiB', '5.0 gib'],
  ])('%s: a number of its own before the comma keeps the decimal comma', (message, written) => {
    expect(normalise(message).text).toContain(written);
  });
});
