import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { statedScenario } from '../../src/diagnose/index.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Issue 22, item 1: "a setup written in the same message is read too — both answers, one reply".
 * An error quoted in prose, with no log pasted (no `log` or `report` segment), leaves the message's
 * setup on its other lines: the whole message is read, not only its first line.
 */
const corpusText = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

describe('a setup around an error quoted in prose', () => {
  it('lm-sys/FastChat#1312 (c425): the two RTX 3070s two sentences after "torch.cuda.OutOfMemoryError: CUDA out of memory" are read', () => {
    const setup = statedScenario(corpusText('c425'));
    expect(setup?.hardware?.gpuId).toBe('rtx-3070');
    expect(setup?.hardware?.count).toBe(2);
    // The error names nothing the detectors can measure: the setup is the question, answered as a request.
    expect(respond(corpusText('c425'), null).reply.kind).toBe('estimate');
  });

  it('nebuly-ai/optimate#359 (c706): LLaMA-2-7B LoRA on one A6000, the config below the prose, are read beside "CUDA out of Memory error"', () => {
    const setup = statedScenario(corpusText('c706'));
    expect(setup?.model.id).toBe('llama-2-7b');
    expect(setup?.mode).toBe('lora');
    expect(setup?.seq).toBe(1024);
    expect(setup?.hardware?.gpuId).toBe('rtx-a6000');
  });

  it('vllm-project/vllm#41695 (c132): the served command above a quoted "No available memory for the cache blocks" is the diagnosis\'s setup', () => {
    const { reply } = respond(corpusText('c132'), null);
    expect(reply.kind).toBe('diagnosis');
    if (reply.kind !== 'diagnosis') return;
    expect(reply.setup?.request).toMatch(/qwen3-coder-30b-a3b.*seq 16384/);
  });

  const ERROR = 'RuntimeError: CUDA error: out of memory';
  const variations: [string, string][] = [
    ['the error first', `${ERROR} — that is what I get after a few steps.\nI am fine-tuning llama-2-13b with LoRA on 2x A100 40GB, batch size 4, seq 2048.`],
    ['the setup first', `I am fine-tuning llama-2-13b with LoRA on 2x A100 40GB.\nbatch size 4, seq 2048.\nIt stops with ${ERROR} after a few steps.`],
    ['both in one sentence', `Hi all,\nfine-tuning llama-2-13b with LoRA on 2x A100 40GB at batch size 4 and seq 2048 fails with ${ERROR}.\nAny ideas?`],
  ];
  for (const [name, text] of variations) {
    it(`invented, ${name}: the diagnosis is held against the whole setup`, () => {
      const setup = statedScenario(text);
      expect(setup?.model.id).toBe('llama-2-13b');
      expect(setup?.mode).toBe('lora');
      expect(setup?.microBatch).toBe(4);
      expect(setup?.seq).toBe(2048);
      expect(setup?.hardware?.count).toBe(2);
      const { reply } = respond(text, null);
      expect(reply.kind).toBe('diagnosis');
      if (reply.kind === 'diagnosis') expect(reply.setup?.request).toMatch(/^llama-2-13b lora .*seq 2048 mbs 4.* on 2x a100-40g$/);
    });
  }

  it('invented: a vLLM error quoted on the middle line, the length on the last', () => {
    const text = 'Hello,\nI run vllm serve Qwen/Qwen2.5-72B-Instruct on 4x L40S and get "No available memory for the cache blocks".\nmax-model-len 32768';
    const setup = statedScenario(text);
    expect(setup?.seq).toBe(32768);
    expect(setup?.hardware?.count).toBe(4);
  });

  it('without a diagnostic, nothing after the first line is taken (the lines of prose are no setup beside an error)', () => {
    expect(statedScenario('hello\nllama-3-8b full on 1x h100')).toBeNull();
    expect(statedScenario('I had an out of memory problem yesterday\nllama-3-8b full on 1x h100')).toBeNull();
  });
});

describe('a one-line message whose setup is longer than a request line, with the error quoted after it', () => {
  const SETUP =
    'Hey all, trying to serve Qwen2.5-72B-Instruct-AWQ with vLLM 0.6.3 on 2x L40S (48GB each). Command: vllm serve Qwen/Qwen2.5-72B-Instruct-AWQ --tensor-parallel-size 2 --max-model-len 32768 --gpu-memory-utilization 0.92 --max-num-seqs 16.';
  const ERROR = "'ValueError: The model's max seq len (32768) is larger than the maximum number of tokens that can be stored in KV cache (21344)'";
  it.each([
    ['quoted after "crashes with"', `${SETUP} It crashes during startup with ${ERROR}. Any idea?`],
    ['after a colon', `${SETUP} Startup fails: ${ERROR.slice(1, -1)}`],
  ])('%s: the setup is read and the diagnosis is held against it (invented, after vLLM KV-cache reports)', (_, text) => {
    expect(SETUP.length).toBeGreaterThan(200);
    const { reply } = respond(text, null);
    expect(reply.kind).toBe('diagnosis');
    if (reply.kind !== 'diagnosis') return;
    expect(reply.setup?.request).toMatch(/qwen2\.5-72b.*tp 2/i);
  });
});
