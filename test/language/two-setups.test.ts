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
    expect(notes).toMatch(/read "three A6000" as your setup(?:'s cards)?; "One A6000"/);
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
    expect(notes).toMatch(/read "dual RTX 4090s" as your setup(?:'s cards)?; "single 24GB/);
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
    if (!out.ok) return;
    // Either both setups stay for the resolver to report, or the reference's cards and its length
    // are set aside together, each with a note (reconcile/owners.ts).
    const hardware = out.items.filter((i) => i.kind === 'hardware');
    if (hardware.length === 2) return;
    expect(hardware.map((i) => i.text)).toEqual(['4 A100 40G']);
    expect(out.items.some((i) => i.kind === 'seq')).toBe(false);
    expect(out.notes.join('\n')).toMatch(/"128k" set aside/);
  });

  // Cause seen in artidoro/qlora#184 (c168): a bare "both cards" stood level with "On a 2x 3090", so no choice was made.
  it('a bare "cards" carries no setup and does not stop the choice', () => {
    const { cards, notes } = read('On a 2x 4090 box I split the model across both cards because I think it cannot fit into a single card.');
    expect(cards).toEqual(['On a 2x 4090']);
    expect(notes).toMatch(/"single card" is another setup/);
  });

  // Cause seen in c163 (a 13B finetune on "my 24GB card" after "Training the 7B model takes 18GB"):
  // the model tried and the card called "my" are the setup; the smaller model and the memory "I suspect it will need" are not.
  it('the model "I tried" and the card said with "my" are read; the other model and the guessed memory are named in notes', () => {
    const out = parseRequest('Training the 3B model takes about 10GB of RAM.\nI tried training the 8B model, and ran out of VRAM on my 16GB card. I suspect it will need at least 24GB of VRAM.');
    if (!out.ok) throw new Error(out.error.message);
    const sizes = out.items.filter((i) => i.kind === 'size' || i.kind === 'model').map((i) => i.text);
    expect(sizes).toEqual(['8B']);
    expect(out.notes.join(' | ')).toMatch(/"3B" is another setup/);
    expect(out.notes.join(' | ')).toMatch(/read "on my 16GB" as your setup/);
  });

  // Cause seen in c128 ("I've tried even with int8 … maybe int4?"): a format tried beats one only wondered about.
  it('a weight format "I\'ve tried" is read over one followed by "maybe"', () => {
    const out = parseRequest('run llama-2-7b on a 3090. I\'ve tried int8 but got OOM, maybe int4?');
    if (!out.ok) throw new Error(out.error.message);
    expect(out.items.filter((i) => i.kind === 'weights').map((i) => i.text)).toEqual(['int8']);
    // Said as another setup, or (planned-settings.ts, run first since the twenty-eighth session) as a plan asked about.
    expect(out.notes.join(' | ')).toMatch(/"int4" (?:is another setup|set aside: said as a plan)/);
  });
});
