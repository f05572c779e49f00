import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';

/** The cards one reading keeps, and its notes (the reading must parse). */
function read(text: string) {
  const out = parseRequest(text);
  if (!out.ok) throw new Error(`refused: ${out.error.message}`);
  // A bare "card" (no type, count or memory) says nothing about which setup.
  const cards = out.items
    .filter((i) => i.kind === 'hardware' && (i.gpuId !== null || i.count !== null || i.capacityGiB !== null || i.nodes !== null))
    .map((i) => i.text);
  return { cards, notes: out.notes.join(' | ') };
}

describe('two setups in one message: the words around them tell which is the user\'s', () => {
  // Cause seen in NVIDIA/Megatron-LM#783 (c133): a failed attempt ("one card will oom") then the question.
  it('a card count that "will oom" is the failed attempt; the one asked about ("how to use …") is read, with a note', () => {
    const { cards, notes } = read('One A6000 will oom when I train mistral-7b with deepspeed. How to use three A6000 to train mistral-7b?');
    expect(cards).toEqual(['three A6000']);
    expect(notes).toMatch(/read "three A6000" as your setup; "One A6000"/);
  });

  // Cause seen in meta-llama/llama#55 (c075): "on two cards but getting OOM error with one GPU".
  it('a count right after "OOM error with" is the failed attempt, not the setup', () => {
    const { cards, notes } = read('Trying to serve 13B on four Nvidia 4090s but I get an OOM error with one GPU');
    expect(cards).toEqual(['on four Nvidia 4090s']);
    expect(notes).toMatch(/another setup/);
  });

  // Cause seen in johnsmith0031/alpaca_lora_4bit#50 (c170): "wondering if it's even possible with a single card".
  it('a card the user only wonders about ("if it is possible with") gives way to the one they have', () => {
    const { cards, notes } = read('Can I finetune 13B with dual RTX 4090s? I was wondering if it is possible with a single 24GB card.');
    expect(cards).toEqual(['dual RTX 4090s']);
    expect(notes).toMatch(/read "dual RTX 4090s" as your setup; "single 24GB/);
  });

  it('two setups with nothing to tell them apart stay a contradiction that names both', () => {
    const out = parseRequest('finetune 13B on 2x A100 and on 4x A100');
    if (out.ok) {
      // Either the resolver reports the pair, or the reader kept both for it to report.
      expect(out.items.filter((i) => i.kind === 'hardware').length).toBe(2);
    } else {
      expect(out.error.message).toMatch(/2x A100.*4x A100/);
    }
  });

  // Cause seen in QwenLM/Qwen3#603 (c157): a length said with the reference setup may be that setup's.
  it('a setup set aside never silently takes a length said alongside it', () => {
    const out = parseRequest('The official benchmark ran 70b on 2 A100 80G with 128k input, but I have 4 A100 40G and it runs out of memory');
    if (out.ok) expect(out.items.filter((i) => i.kind === 'hardware').length).toBe(2);
  });

  // Cause seen in artidoro/qlora#184 (c168): a bare "both cards" stood level with "On a 2x 3090", so no choice was made.
  it('a bare "cards" carries no setup and does not stop the choice', () => {
    const { cards, notes } = read('On a 2x 4090 box I split the model across both cards because I think it cannot fit into a single card.');
    expect(cards).toEqual(['On a 2x 4090']);
    expect(notes).toMatch(/"single card" is another setup/);
  });
});
