import { describe, expect, it } from 'vitest';
import { readInThread, type ThreadState } from '../../src/core/opening.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Batch b15, c608 (baichuan-inc/Baichuan2#124) and c610 (xorbitsai/inference#640): follow-ups that
 * hold nothing the reader reads (a question of what to do, a pasted transformers error) were refused
 * with advice to name a model and a card the thread already has. They are still refused (what they
 * change is not read), but the refusal keeps its account of the words and says the thread's setup.
 */
const corpus = loadCorpus();
const lineOf = (id: string) => corpus.find((l) => l.id === id)!;

function opened(text: string): ThreadState {
  const o = readInThread(text, null).outcome;
  if (!o.ok || !o.scenario) throw new Error(`thread not opened: ${text}`);
  return { scenario: o.scenario, history: [] };
}

const refusalIn = (thread: string, text: string) => {
  const r = readInThread(text, opened(thread)).outcome;
  if (r.ok) throw new Error(`answered: ${text}`);
  return r.error.message;
};

describe("a follow-up that sets nothing is refused with the thread's setup said", () => {
  it.each([
    ['c608', /I did not read "有哪些措施".*The thread's setup stands: [^;]*inference · 1× 48 GiB GPU; say what to change/],
    ['c610', /I understood "GPU", "32", "device_map".*The thread's setup stands: Yi-34B · inference · 4× A10 24GB; say what to change/],
  ])('%s', (id, said) => {
    const line = lineOf(id);
    const message = refusalIn(line.thread!, line.text);
    expect(message).toMatch(said);
    expect(message).not.toMatch(/Name a model|Say it with a model/);
  });

  it.each([
    ['llama-3-8b lora on 2x 4090', 'Honestly I have no idea what else I could possibly try here, any suggestions from anyone?', /Llama-3-8B · lora · 2× RTX 4090/],
    ['qwen2-7b inference on an a100', '那怎么办呢', /Qwen2-7B · inference · 1× A100/],
  ])('invented: %s, then "%s"', (thread, text, said) => {
    expect(refusalIn(thread, text)).toMatch(said);
  });

  it('a new message with nothing read keeps the advice to name a model', () => {
    const r = readInThread('请问有哪些措施可以运行，若不做量化的话？', null).outcome;
    expect(!r.ok && r.error.message).toMatch(/Name a model or a size/);
  });
});
