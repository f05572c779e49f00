import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';
import { loadCorpus } from '../corpus/corpus.js';

/** Model names b10 misread (test/corpus/first-sight.md, "Batch b10"): the real line and variations of our own. */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;
const modelOf = (text: string) => read(text).scenario.model.name;

describe("an Ollama tag of an R1 distill is its base (DeepSeek-R1's distills have their base's shape)", () => {
  it('c439: deepseek-r1:8b-0528-qwen3-fp16 is Qwen3-8B, said', () => {
    const { scenario, said } = read(line('c439').text);
    expect(scenario.model.name).toMatch(/^Qwen3-8B/);
    expect(said).toContain('read as qwen3-8b');
  });

  const bases: [string, string, RegExp][] = [
    ['0528-qwen3', '8b', /^Qwen3-8B/],
    ['qwen-distill', '32b', /^Qwen2\.5-32B/],
    ['qwen-distill', '14b', /^Qwen2\.5-14B/],
    ['llama-distill', '8b', /^Llama-3\.1-8B/],
    ['llama-distill', '70b', /^Llama-3\.1-70B/],
  ];
  it('any base, format tail and sentence around it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...bases), fc.constantFrom('', '-fp16', '-q4_K_M', '-q8_0'), fc.constantFrom((t: string) => `ollama run ${t} on a 4090`, (t: string) => `can ${t} fit on 1x a100?`, (t: string) => `hi all,\n\nrunning ${t} with 1x A100 80GB`), ([tail, size, want], format, around) => {
        const { scenario, said } = read(around(`deepseek-r1:${size}-${tail}${format}`));
        expect(scenario.model.name).toMatch(want);
        expect(said).toContain(`deepseek-r1:${size}-${tail}`);
      }),
      { numRuns: 40 },
    );
  });

  it('the plain tags keep their reading', () => {
    expect(modelOf('deepseek-r1:32b on a 4090')).toMatch(/^Qwen2\.5-32B/);
    expect(modelOf('deepseek-r1:671b on 8x h200')).toMatch(/DeepSeek-R1/i);
  });
});

describe("LLaVA named with a size is the catalog's LLaVA-1.5 of that size, said (c462, c463)", () => {
  it('c462 and c463, as written', () => {
    expect(modelOf(line('c462').text)).toBe('LLaVA-1.5-7B');
    const { scenario, said } = read(line('c463').text);
    expect(scenario.model.name).toBe('LLaVA-1.5-13B');
    expect(said).toContain('read as llava-1.5-13b');
  });

  it('in any spelling of name and size, with its size before or after', () => {
    fc.assert(
      fc.property(fc.constantFrom('llava', 'LLaVA', 'LLAVA', 'Llava'), fc.constantFrom<[string, string]>(['7b', 'LLaVA-1.5-7B'], ['13B', 'LLaVA-1.5-13B']), fc.constantFrom('-', ' '), fc.boolean(), (name, [size, want], sep, sizeFirst) => {
        const model = sizeFirst ? `the ${size} ${name} model` : `${name}${sep}${size}`;
        const { scenario, said } = read(`lora fine-tune ${model} on 1x a100 80gb`);
        expect(scenario.model.name).toBe(want);
        expect(said).toMatch(/read as llava-1\.5-(7|13)b/);
      }),
      { numRuns: 30 },
    );
  });

  it('a size LLaVA-1.5 never had keeps the Llama-2 base', () => {
    expect(modelOf('llava 70b on 2 h100')).toBe('Llama-2-70B');
  });
});
