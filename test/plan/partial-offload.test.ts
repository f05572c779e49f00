import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';

/**
 * "can i run llama3 70b q4 w/ 64gb ram and a 3090" — the most common forum question. A GGUF type
 * names llama.cpp (its format), and when the whole model does not fit, the first lever is the
 * most layers that do (`-ngl N`), the rest running from host RAM.
 */
function reply(text: string) {
  const { reply } = respond(text, null);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}`);
  return reply;
}

describe('llama.cpp partial offload as a lever', () => {
  it('a GGUF type in a new inference request runs llama.cpp, stated', () => {
    const r = reply('can i run llama3 70b q4 w/ 64gb ram and a 3090');
    expect(r.scenario.framework).toBe('llamacpp');
    expect(r.assumptions.join(' | ')).toMatch(/llama\.cpp \(GGUF Q4_K_M is its format/);
    expect(reply('serve llama-3-8b q4_k_m on a 3060').scenario.framework).not.toBe('llamacpp');
  });

  it('offers the largest -ngl that fits, and one more layer would not', () => {
    const r = reply('can i run llama3 70b q4 w/ 64gb ram and a 3090');
    expect(r.estimate.fits).toBe(false);
    const lever = r.levers.find((l) => l.change.startsWith('ngl '));
    expect(lever?.fits).toBe(true);
    const n = Number(lever!.change.slice(4));
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(80);
    expect(reply(`llama3 70b q4_k_m llamacpp ngl ${n + 1} on a 3090`).estimate.fits).toBe(false);
    expect(reply(`llama3 70b q4_k_m llamacpp ngl ${n} on a 3090`).estimate.fits).toBe(true);
    expect(lever!.cost).toMatch(new RegExp(`${80 - n} of 80 layers run on the CPU`));
  });

  // A stranger's post: "I've got a 3090 and 32GB RAM. Want to run Llama 3.3 70B locally with Ollama (q4_K_M) …
  // roughly how many layers can I put on the GPU with an 8k context". 32 GB of RAM cannot hold the whole
  // 39 GiB model (ngl 0), but it holds what the card leaves over at the most layers the card takes.
  it('a host too small for ngl 0 still gets the largest -ngl the card takes, when the host holds the rest', () => {
    const r = reply("I've got a 3090 and 32GB RAM. Want to run Llama 3.3 70B locally with Ollama (q4_K_M). Roughly how many layers can I put on the GPU with an 8k context?");
    expect(r.estimate.fits).toBe(false);
    const lever = r.levers.find((l) => l.change.startsWith('ngl '));
    expect(lever?.fits).toBe(true);
    const n = Number(lever!.change.slice(4));
    expect(reply(`llama 3.3 70b q4_k_m llamacpp seq 8192 ngl ${n} on a 3090 hostram 32gb`).estimate.fits).toBe(true);
    expect(reply(`llama 3.3 70b q4_k_m llamacpp seq 8192 ngl ${n + 1} on a 3090 hostram 32gb`).estimate.fits).toBe(false);
    // With 8 GB of RAM no layer count holds the rest: no -ngl is offered.
    const small = reply('llama 3.3 70b q4_k_m llamacpp seq 8192 on a 3090 hostram 8gb');
    expect(small.levers.find((l) => l.change.startsWith('ngl '))).toBeUndefined();
  });

  // issue 11's most common question: "can I run llama 3 70b on my 4090?".
  it('a model that fits nowhere on the card in Hugging Face generate is offered llama.cpp with a 4-bit GGUF and the layers that fit', () => {
    const first = respond('can I run llama 3 70b on my 4090?', null);
    const r = first.reply;
    if (r.kind !== 'estimate') throw new Error('no estimate');
    const lever = r.levers[0]!;
    expect(lever.change).toMatch(/^q4_k_m llamacpp ngl \d+$/);
    expect(lever.fits).toBe(true);
    // The lever is a follow-up in the thread: applied, it reads back as what was estimated.
    const { reply: next } = respond(lever.change, first.state);
    expect(next.kind === 'estimate' && next.estimate.fits).toBe(true);
  });

  it('an inference OOM gets the inference tips, not the training ones', () => {
    const titles = reply('can i run llama3 70b q4 w/ 64gb ram and a 3090').tips.map((t) => t.title);
    expect(titles.some((t) => /when running a model/.test(t))).toBe(true);
    expect(titles.some((t) => /read the timing/.test(t))).toBe(false);
  });
});
