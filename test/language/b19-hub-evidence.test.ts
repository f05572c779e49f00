import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { namesAModel } from '../../src/hub/evidence.js';
import { hubTokensIn } from '../../src/language/parse.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * b19: a bare `owner/name` is a Hub repo only with evidence (src/hub/evidence.ts). "xprobe/xinference"
 * (a Docker image whose tag a version rule had blanked; xorbitsai/inference#3432, c720) and
 * "release/0.5.0" (a git branch in a GitHub link; triton-inference-server/tensorrtllm_backend#195,
 * c730) were taken as Hub ids not fetched, and both messages were refused.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const hubs = (text: string) => hubTokensIn(text).map((h) => h.value);

function outcomeOf(id: string) {
  const l = line(id);
  const opened = l.thread ? readInThread(l.thread, null) : null;
  const state = opened?.outcome.ok && opened.outcome.scenario ? { scenario: opened.outcome.scenario, history: [] } : (opened?.waiting ?? null);
  return readInThread(l.text, state).outcome;
}

describe('a bare owner/name needs the evidence of a model repo', () => {
  it('c720: the Docker image is no Hub id; the thread\'s Qwen2.5-7B is read', () => {
    expect(hubs(line('c720').text)).toEqual([]);
    const outcome = outcomeOf('c720');
    expect(outcome.ok && outcome.scenario?.model.arch.hidden).toBe(3584);
  });

  it('c730: the git branch is no Hub id; Llama-2-70B with tp 8 is read', () => {
    expect(hubs(line('c730').text)).toEqual([]);
    const outcome = outcomeOf('c730');
    if (!outcome.ok || !outcome.scenario) throw new Error(outcome.ok ? 'help' : outcome.error.message);
    expect(outcome.scenario.parallel.tp).toBe(8);
    expect(outcome.scenario.model.arch.layers).toBe(80);
  });

  it.each(['release/0.5.0', 'xprobe/xinference', 'cuda/cudnn', 'tokens/second', 'vllm/vllm-openai', 'docs/trl', 'cudnn/8.3.1.22-cuda-11.5', 'examples/image1.webp'])(
    '"%s" is not a model repo',
    (id) => {
      expect(namesAModel(id)).toBe(false);
      expect(hubs(`llama-2-7b lora on a 3090, built from ${id} as in the docs`)).toEqual([]);
    },
  );

  it('the Hub ids real people pasted in the corpus stay Hub ids', () => {
    const real = [
      'meta-llama/meta-llama-3.1-8b-instruct', 'thebloke/mixtral-8x7b-instruct-v0.1-awq', 'unsloth/llama-3-8b-bnb-4bit', 'facebook/opt-350m',
      'beomi/koalpaca-polyglot-12.8b', 'qwen/qwen3-235b-a22b-gptq-int4', 'willcb/qwen3-8b', 'mradermacher/west-maid-7b-gguf',
      'internlm/internlm-xcomposer2-vl-7b', 'openfree/mistral-small-3.1-24b-instruct-2503-q4_k_m-gguf',
    ];
    for (const id of real) expect(hubs(`serve ${id} on 2x a100`), id).toEqual([id]);
  });

  it.each([
    ['EleutherAI/pythia-2.8b', 'pythia-2.8b'],
    ['liuhaotian/llava-v1.6-vicuna-7b', 'llava-1.6-7b'],
  ])('a Hub id the catalog holds is read as the catalog model (%s, issue 22)', (hubId, id) => {
    expect(hubs(`serve ${hubId.toLowerCase()} on 2x a100`)).toEqual([]);
    const outcome = readInThread(`serve ${hubId} on 2x a100`, null).outcome;
    expect(outcome.ok && outcome.scenario?.model.id).toBe(id);
  });

  it('any owner with a name that holds a size, a family or a format is a repo (property)', () => {
    const owner = fc.stringMatching(/^[a-z][a-z0-9-]{2,10}[a-z0-9]$/);
    const name = fc.oneof(
      fc.tuple(fc.constantFrom('my', 'ko', 'med', 'law'), fc.integer({ min: 1, max: 180 })).map(([w, n]) => `${w}-model-${n}b`),
      fc.constantFrom('llama-ko-ft', 'qwen-medical', 'mistral-tuned', 'vicuna-ko', 'chatbot-gguf', 'assistant-awq', 'helper-instruct'),
    );
    fc.assert(
      fc.property(owner, name, (o, n) => {
        expect(namesAModel(`${o}/${n}`)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('a Hub URL is a repo whatever its name', () => {
    expect(hubs('serve https://huggingface.co/someone/chatbot on an a100')).toEqual(['someone/chatbot']);
  });
});
