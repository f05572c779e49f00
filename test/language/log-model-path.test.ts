import { describe, expect, it } from 'vitest';
import { LOG_EVIDENCE } from '../../src/language/segments/log-evidence.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A model named only by a path in a log (segments/log-evidence.ts `log.model-path`): a traceback quotes the
 * user's own code line, `cm = ChatModule(model="./dist/Llama-2-7b-chat-hf-q4f16_1/params/", …)`
 * (mlc-ai/mlc-llm#931, corpus c539), and the prose names no model; the message was refused with "Which
 * model?". The folder is read as the model on a weak cue: said on the first screen with its words, and
 * never over a model the message names outside its logs.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

function reply(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${r.ok ? 'help' : r.error.message}`);
  const model = r.trace?.find((f) => f.fact === 'model');
  return { name: r.scenario.model.name, model, notices: r.notices.join(' | ') };
}

const traceback = (code: string) => `Traceback (most recent call last):\n  File "/home/me/run.py", line 9, in <module>\n    ${code}\ntorch.cuda.OutOfMemoryError: CUDA out of memory.`;

describe('a model named by a path in a log', () => {
  it('c539: Llama-2-7B from the traceback\'s ChatModule path, weak, with the folder\'s words', () => {
    const r = reply(line('c539').text);
    expect(r.name).toMatch(/llama-2-7b/i);
    expect(r.model?.weak).toBe(true);
    expect(r.model?.rules).toContain('log.model-path');
    expect(r.notices).toMatch(/Llama-2-7b-chat-hf-q4f16_1/);
  });

  it.each([
    ['model = AutoModelForCausalLM.from_pretrained("/data/models/Qwen2-7B-Instruct", device_map="auto")', /qwen2-7b/i],
    ["tokenizer = AutoTokenizer.from_pretrained('../llama-2-13b-hf')", /llama-2-13b/i],
    ['llm = LLM(model="/mnt/weights/Mistral-7B-Instruct-v0.2/", tensor_parallel_size=1)', /mistral-7b/i],
  ])('in a traceback on a T4: %s', (code, name) => {
    const r = reply(`OOM on my T4 16GB\n${traceback(code)}`);
    expect(r.name).toMatch(name);
    expect(r.model?.weak).toBe(true);
  });

  it('a model the prose names wins over the log\'s path', () => {
    const r = reply(`running qwen2-1.5b on my T4 16GB\n${traceback('model = AutoModelForCausalLM.from_pretrained("/data/models/Qwen2-7B-Instruct")')}`);
    expect(r.name).toMatch(/qwen2-1\.5b/i);
    expect(r.model?.weak).toBe(false);
  });

  it('a path with no name and size names nothing: still asked', () => {
    const r = resolveRequest(`OOM on my T4 16GB\n${traceback('model = AutoModelForCausalLM.from_pretrained("/data/models/my_model/final")')}`, null);
    expect(r.ok).toBe(false);
  });

  it('the rule finds its own example', () => {
    const rule = LOG_EVIDENCE.find((r) => r.id === 'log.model-path')!;
    expect(rule.pattern.exec(rule.example.toLowerCase())?.[1]).toBe('llama-2-7b-chat-hf-q4f16_1');
  });
});
