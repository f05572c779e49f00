import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GPUS } from '../../src/catalog/index.js';
import { readInThread } from '../../src/core/opening.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Engine behaviour batch b11 showed (test/corpus/first-sight.md): a model served on a card below
 * compute capability 8.0 runs in fp16 (vLLM refuses bf16 there: vllm/worker/worker.py
 * _check_if_gpu_supports_dtype, "Bfloat16 is only supported on GPUs with compute capability of at
 * least 8.0 … --dtype=half"), and `--max_new_tokens N` with no length is answered with a prompt
 * assumed and said, not refused.
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;

function resolved(text: string, previous: Scenario | null = null) {
  const r = resolveRequest(text, previous);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return { scenario: r.scenario, said: r.assumptions.join(' | ') };
}

const noBf16 = GPUS.filter((g) => g.vendor === 'nvidia' && !g.bf16).map((g) => g.id);
const withBf16 = GPUS.filter((g) => g.vendor === 'nvidia' && g.bf16).map((g) => g.id);

describe('serving on a card without bf16', () => {
  it('a thread titled "Qwen-14B-Chat推理报错" then "V100 32GB" is served in fp16, said (InternLM/lmdeploy#800, c491)', () => {
    const l = line('c491');
    const opened = readInThread(l.thread!, null).outcome;
    expect(opened.ok && opened.scenario).toBeTruthy();
    const outcome = readInThread(l.text, opened.ok && opened.scenario ? { scenario: opened.scenario, history: [] } : null).outcome;
    expect(outcome.ok).toBe(true);
    if (!outcome.ok || !outcome.scenario) return;
    expect(outcome.scenario.compute).toBe('fp16');
    expect(outcome.scenario.inference.kvDtype).toBe('fp16');
    expect(outcome.assumptions.join(' | ')).toMatch(/has no bf16/);
  });

  it('any card without bf16 that a served thread moves to serves fp16; a card with bf16 keeps bf16 (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...noBf16, ...withBf16), (gpu) => {
        const first = resolved('qwen2-7b serve');
        const next = resolved(`on ${gpu}`, first.scenario);
        expect(next.scenario.compute).toBe(noBf16.includes(gpu) ? 'fp16' : 'bf16');
      }),
      { numRuns: 40 },
    );
  });

  it('a new request on such a card is fp16 as before; bf16 said outright is estimated as asked, and the refusal said', () => {
    expect(resolved('qwen2-7b serve on 1x T4').scenario.compute).toBe('fp16');
    const asked = resolved('qwen2-7b serve bf16 on 1x V100 32GB');
    expect(asked.scenario.compute).toBe('bf16');
    expect(asked.said).toMatch(/vLLM refuses bf16 below compute capability 8\.0/);
  });

  it('a training thread keeps its compute when it moves card (only serving is changed here)', () => {
    const first = resolved('llama-2-7b lora bf16');
    expect(resolved('on 1x V100 32GB', first.scenario).scenario.compute).toBe('bf16');
  });
});

describe('generated tokens with no length said', () => {
  it('`--max_new_tokens 8192` with no prompt length is answered, the prompt assumed and said (kvcache-ai/ktransformers#740, c478)', () => {
    const { scenario, said } = resolved(line('c478').text);
    expect(scenario.inference.newTokens).toBe(8192);
    expect(scenario.seq).toBe(2048 + 8192);
    expect(said).toMatch(/a prompt of 2,048 tokens \(assumed, none stated\) plus the 8,192 generated/);
  });

  it('seq is the default prompt plus what is generated, whenever the default cannot hold them (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 65536 }), (gen) => {
        const { scenario } = resolved(`llama-2-7b inference gen ${gen} on 1x A100 80GB`);
        expect(scenario.inference.newTokens).toBe(gen);
        expect(scenario.seq).toBeGreaterThan(gen);
        expect(scenario.seq).toBe(gen < 2048 ? 2048 : 2048 + gen);
      }),
      { numRuns: 60 },
    );
  });

  it('a length the user states is kept; one too short for the tokens generated is still refused, with its fix', () => {
    expect(resolved('llama-2-7b inference gen 8192 seq 16384 on 1x A100 80GB').scenario.seq).toBe(16384);
    const refused = resolveRequest('llama-2-7b inference gen 8192 seq 4096 on 1x A100 80GB', null);
    expect(refused.ok).toBe(false);
  });
});
