import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Issue 22: an environment list's engine version line ("- vLLM version: 0.6.5") says what is
 * installed, not what the run does (src/language/version-lines.ts); and a follow-up that names
 * llama.cpp's format or -ngl in a thread still on the default engine runs llama.cpp.
 */

const corpus = loadCorpus();
const lineText = (id: string) => corpus.find((l) => l.id === id)!.text;

const TRAINING = 'full fine-tune of qwen2.5-7b with llamafactory-cli train, zero3, on 8x h100';

describe('an engine version line in an environment list', () => {
  it('keeps a LLaMA-Factory full SFT a training run (hiyouga/LlamaFactory#6942, c476)', () => {
    const { scenario } = read(lineText('c476'));
    expect(scenario.mode).toBe('full');
    expect(scenario.framework).toBe('llama-factory');
  });

  // Spellings of the line around the same training request: bullet or not, "version" or a separator, a v, a suffix.
  const spellings = fc.tuple(
    fc.constantFrom('', '- ', '* ', '  - '),
    fc.constantFrom('vLLM', 'vllm', '`vllm`', '**vLLM**', 'SGLang', 'lmdeploy', 'TensorRT-LLM'),
    fc.constantFrom(' version: ', ' Version: ', ': ', ' ', '=='),
    fc.constantFrom('0.6.5', 'v0.8.3', '0.5.0.post1', '0.4.2', '1.10.0'),
  );

  it('never makes a training run serving, above or below the request', () => {
    fc.assert(
      fc.property(spellings, fc.boolean(), ([bullet, name, sep, version], above) => {
        const line = `${bullet}${name}${sep}${version}`;
        const env = `- GPU type: NVIDIA H100 80GB HBM3\n${line}\n- Python version: 3.10`;
        const text = above ? `${env}\n\n${TRAINING}` : `${TRAINING}\n\n${env}`;
        expect(read(text).scenario.mode).toBe('full');
      }),
      { numRuns: 60 },
    );
  });

  it('is read as before where the rest of the message runs that engine (release kept)', () => {
    const text = 'cuda 12.4\npython 3.10\nvllm 0.6.4\n\nvllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len 8192 on 1x a100-80g';
    const { scenario } = read(text);
    expect(scenario.mode).toBe('inference');
    expect(scenario.inference?.vllmVersion).toBe('0.6.4');
  });

  it('blanks nothing that is not an engine version line (a model name and its version, a config value)', () => {
    const { scenario } = read('llama 3.1\n8b inference on a 4090\ngpu_memory_utilization: 0.9');
    expect(scenario.model.id).toBe('llama-3.1-8b');
  });
});

describe('a framework version line in an environment list', () => {
  it.each([
    ['- DeepSpeed version: 0.15.3', 'llama-2-7b lora on 1x a100-80g'],
    ['deepspeed 0.14.4\ntorch 2.5.1', 'llama-2-7b lora on 1x a100-80g'],
    // LLaMA-Factory's own line is read as its release, a weak cue of the framework (test/language/llamafactory-release.test.ts).
    ['unsloth 2024.8', 'llama-3-8b full fine-tune on 1x h100-80g'],
    ['- axolotl version: 0.4.1', 'mistral-7b lora on 1x a100-80g'],
    ['swift 3.0\ncuda 12.6', 'qwen2-7b full fine-tune on 8x a100-80g'],
  ])('"%s" sets no framework for "%s"', (env, request) => {
    expect(read(`${env}\n\n${request}`).scenario.framework).toBe('hf');
  });

  it("stays where the rest of the message runs it: LLaMA-Factory's YAML under its template (hiyouga/LlamaFactory#4642, c490)", () => {
    expect(read(lineText('c490')).scenario.framework).toBe('llama-factory');
  });
});

function thread(...messages: string[]): Scenario {
  let scenario: Scenario | null = null;
  for (const text of messages) {
    const r = resolveRequest(text, scenario);
    if (!r.ok || !r.scenario) throw new Error(`${text}: ${r.ok ? 'help' : r.error.message}`);
    scenario = r.scenario;
  }
  return scenario!;
}

describe("a follow-up in llama.cpp's format", () => {
  it('moves a thread on the default engine to llama.cpp (LocalAI falcon YAML, mudler/LocalAI, c461)', () => {
    const line = corpus.find((l) => l.id === 'c461')!;
    expect(thread(line.thread!, line.text).framework).toBe('llamacpp');
  });

  it.each([
    ['falcon-40b inference on an rtx 6000 ada', 'the file is q4_k_m'],
    ['llama-2-13b inference on a 3090', 'with -ngl 30'],
    ['mistral-7b inference, 1x a10', 'I use mistral-7b-instruct-v0.2.Q5_K_M.gguf'],
  ])('%s → %s runs llama.cpp', (first, second) => {
    expect(thread(first, second).framework).toBe('llamacpp');
  });

  it('keeps an engine the thread named', () => {
    expect(thread('mistral-7b on vllm on 1x a100-80g', 'the file is q4_k_m').framework).not.toBe('llamacpp');
  });
});
