import { describe, expect, it } from 'vitest';
import { howManyDoubt } from '../../src/scenario/fact-cues.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22, item 5: "how many GPUs" is the user's question only when asked. Words that are no
 * question (an error message quoted in the thread), or a "minimum GPUs" asked beside the GPUs the
 * message states, make the question a weak fact, said on the first screen.
 */

function question(text: string): { weak: boolean; notice: string | undefined } {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const q = (r.trace ?? []).find((f) => f.fact === 'question' && f.value.startsWith('how many'));
  if (!q) throw new Error(`no how-many question in: ${text}`);
  return { weak: q.weak, notice: r.notices.find((n) => n.startsWith('question how many')) };
}

describe('"how many GPUs" on thin evidence is weak', () => {
  it('a "number of GPUs" in a sentence that ends in a full stop is no question at all (question.number-of-stated, c349)', () => {
    const r = resolveRequest('4卡3090 24G 手动launch qwen1.5-72b-chat-gptq-int4 时报错：The number of required GPUs exceeds the total number of available GPUs in the cluster.', null);
    expect(r.ok && r.scenario?.question.kind).toBe('none');
  });

  it.each([
    // c349 (xorbitsai/inference#1183): xinference's error message, quoted without its full stop.
    ['serve qwen1.5-72b gptq on 4x 3090: ValueError: the number of required GPUs exceeds the number of available GPUs', 'number of required GPUs exceeds'],
  ])('a "number of GPUs" in a statement: %j', (text, words) => {
    const read = question(text);
    expect(read.weak).toBe(true);
    expect(read.notice).toContain(words);
  });

  it.each([
    // c413 (01-ai/Yi#246): the title asks the minimum, the post states the cards — in another sentence, so the
    // stated cards are estimated and the count question is set aside, said (branch rquestion,
    // test/language/question-evidence.test.ts).
    ['continue pretraining yi-34b, I get OOM error, so I want to ask about minimum gpus to do this. My hardware is 8 * A100 80GB'],
    ['How many GPUs are required to fine-tune a 7B model? Can two RTX 5090 GPUs suffice?'],
  ])('asked in one sentence, a count stated in another: the cards are estimated, said: %j', (text) => {
    const r = resolveRequest(text, null);
    expect(r.ok && r.scenario?.question.kind).toBe('none');
    expect(r.ok && r.assumptions.join(' | ')).toMatch(/whether your stated cards fit/);
  });

  it.each([
    ['我有 4 张 A100 80G，全参微调 qwen2.5-14b, how many gpus？'],
  ])('asked beside a stated count in the same sentence: %j', (text) => {
    const read = question(text);
    expect(read.weak).toBe(true);
    expect(read.notice).toMatch(/say your cards \("on 8x A100"\) if you asked whether yours fit$/);
  });

  it.each([
    ['how many A100 80GB do I need to full finetune llama-2-70b?'],
    ['minimum number of gpus to finetune llama-2-70b'],
    ['I want to run a 30B LLM, how many GPUS are needed, how to calculate?'],
  ])('asked with no count stated stays strong: %j', (text) => {
    expect(question(text).weak).toBe(false);
  });
});

describe('howManyDoubt', () => {
  const at = (text: string, words: string) => [text.indexOf(words), text.indexOf(words) + words.length] as const;

  it('a "number of" with no question word in its sentence is the sentence, whatever else the message asks', () => {
    for (const tail of ['', ' How do I fix it?', '\n请问怎么办？']) {
      const text = `Error: the number of GPUs exceeds the devices.${tail}`;
      expect(howManyDoubt(text, ...at(text, 'number of GPUs'), false)).toBe('Error: the number of GPUs exceeds the devices.');
    }
  });

  it('asked words are weak exactly when a count is stated', () => {
    for (const words of ['how many GPUs', 'minimum gpus', 'number of GPUs']) {
      const text = `What is the ${words} for llama-2-70b?`;
      expect(howManyDoubt(text, ...at(text, words), false)).toBeNull();
      expect(howManyDoubt(text, ...at(text, words), true)).toBe(words);
    }
  });
});

/**
 * A card or limit question read from a setting's name ("MainGPU:" in LocalAI's dump of its load options,
 * mudler/LocalAI#1981, c972; "max_seq_size", c964) is no question: said weak with the name.
 */
describe('a question word inside a name', () => {
  const questionNotice = (text: string) => {
    const r = resolveRequest(text, null);
    if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
    return r.notices.find((n) => n.startsWith('the question '));
  };

  it('c972: LocalAI\'s "MainGPU:" asks nothing, not even weakly (a CamelCase identifier is no word of a question)', () => {
    const text = `run wizard-uncensored-13b.gguf on the GPU with llama.cpp
5:52PM DBG GRPC: Loading model with options: {Model:wizard-uncensored-13b.gguf ContextSize:700 NBatch:512 F16Memory:false NGPULayers:20 MainGPU: TensorSplit: Threads:8`;
    expect(questionNotice(text)).toBeUndefined();
  });

  it.each(['what gpu do I need for llama-2-70b inference?', 'which GPU fits qwen2.5-32b lora'])('a question asked in words stays strong: %j', (text) => {
    expect(questionNotice(text)).toBeUndefined();
  });
});
