import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { parseRequest } from '../../src/language/parse.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read, sameAs, sameShape } from './reading-fixtures.js';

/**
 * Causes of batches b7 and b8 (test/corpus/first-sight.md) in how models, their files and flags
 * are named: each rule with the real line it came from and phrasings of our own.
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;
const canonical = (text: string) => canonicalText(read(text).scenario);
const { params } = { params: (text: string) => read(text).scenario.model.requestedParams ?? null };

describe('a Chinese thread title keeps its model (c352, c378, c379, c392)', () => {
  it('"Baichuan-13B 全参微调显存要求大概是怎么样的？" is a full fine-tune of Baichuan-13B (c352)', () => {
    expect(canonical(line('c352').thread!)).toMatch(/^baichuan-13b full /);
  });

  it.each([
    ['Qwen2-7B 推理显存需求是多少？', /^qwen2-7b inference /],
    ['llama-3-8b 微调硬件要求是怎样的', /^llama-3-8b /],
    ['Baichuan-13B 全参微调显存要求大致是什么样的', /^baichuan-13b full /],
  ])('"%s" reads its model', (text, want) => {
    expect(canonical(text)).toMatch(want);
  });

  it('"[Bug]8卡2080ti无法启动qwen2-72b-insctruct" is Qwen2-72B on eight 2080 Ti (c378)', () => {
    expect(read(line('c378').thread!).scenario.model.name).toBe('Qwen2-72B');
    expect(canonical(line('c378').thread!)).toMatch(/ on 8x rtx-2080-ti$/);
  });

  it.each(['4卡A100启动失败llama-3-70b', 'llama-3-70b 在4卡A100上无法运行'])('"%s" keeps its model and cards', (text) => {
    expect(canonical(text)).toMatch(/^llama-3-70b .* on 4x a100/);
  });

  it.each(['qwen2-7b lora on a 4090 显存不足', 'qwen2-7b lora on a 4090 显存爆了', 'qwen2-7b lora on a 4090 显存不够用'])('"%s" says the run ran out of memory', (text) => {
    expect(canonical(text)).toMatch(/ oom$/);
  });

  it('"调Baichuan 13B需要多少显存" tunes Baichuan 13B, guessed from 调 and said as weak (c392\'s title)', () => {
    expect(read(line('c392').thread!).scenario.model.name).toBe('Baichuan-13B');
    expect(canonical(line('c392').thread!)).toMatch(/ full /);
    const parsed = parseRequest(line('c392').thread!);
    expect(parsed.ok).toBe(true);
    const mode = parsed.ok ? parsed.traces.find((t) => t.rules.includes('question.tune-zh')) : undefined;
    expect(mode?.weak).toBe(true);
  });

  it.each(['llama-3-8b lora 调batch size 4 on a 4090', '微调qwen2.5-7b需要多少显存'])('调 before anything but a model family, or inside 微调, is not this rule: "%s"', (text) => {
    const parsed = parseRequest(text);
    expect(parsed.ok && parsed.traces.some((t) => t.rules.includes('question.tune-zh'))).toBe(false);
  });
});

describe('an HTML tag pasted from an issue sets nothing (c401)', () => {
  it('c401\'s <img width="629"> is no hidden size: the line reads Baichuan-13B', () => {
    const outcome = resolveRequest(line('c401').text, null);
    expect(outcome.ok).toBe(true);
    expect(outcome.ok && outcome.scenario ? canonicalText(outcome.scenario) : '').toMatch(/^baichuan-13b full /);
  });

  it('any width, height or size inside a tag leaves the reading as it was without the tag', () => {
    const bare = canonical('llama-3-8b lora on a 4090');
    fc.assert(
      fc.property(fc.constantFrom('img', 'video', 'div', 'a'), fc.constantFrom('width', 'height', 'hidden', 'seq', 'batch'), fc.integer({ min: 1, max: 99999 }), (tag, attr, n) => {
        expect(canonical(`llama-3-8b lora on a 4090 <${tag} ${attr}="${n}" alt="image" src="https://github.com/o/r/assets/1/ab${n}">`)).toBe(bare);
      }),
      { numRuns: 40 },
    );
  });
});

describe('a name with a format and a width: the format wins (c368)', () => {
  it('"Llama-3_3-Nemotron-Super-49B-v1-4bit-GPTQ" has GPTQ weights, not NF4', () => {
    expect(canonical('serve Llama-3_3-Nemotron-Super-49B-v1-4bit-GPTQ on a l40s')).toMatch(/ gptq /);
  });

  it('in either order, with any width, the named format is the weights', () => {
    fc.assert(
      fc.property(fc.constantFrom('gptq', 'awq'), fc.constantFrom('4bit', 'int4', '8bit', 'int8'), fc.boolean(), fc.constantFrom('llama-2-13b', 'qwen2.5-7b'), (format, width, formatLast, model) => {
        const name = formatLast ? `${model}-${width}-${format}` : `${model}-${format}-${width}`;
        // GPTQ at 8 bits is 8-bit weights, the item language's int8 (its gptq is GPTQ's usual 4 bits; rmodel2, c1826).
        const weights = format === 'gptq' && /8/.test(width) ? 'int8' : format;
        expect(canonical(`serve ${name} on a l40s`)).toMatch(new RegExp(`^${model} .* ${weights} `));
      }),
      { numRuns: 32 },
    );
  });
});

describe('a GGUF file names its model before its quant type (c364)', () => {
  it('"L3-8B-Stheno-v3.2-Q8_0.gguf" is Llama-3-8B in Q8_0, not refused for ".2"', () => {
    // "L3" is Llama 3 in fine-tunes' names (families.ts abbreviatedFamily): the 8B is its release.
    expect(canonical('run L3-8B-Stheno-v3.2-Q8_0.gguf on a 4090')).toMatch(/ q8_0 /);
    expect(read('run L3-8B-Stheno-v3.2-Q8_0.gguf on a 4090').scenario.model.id).toBe('llama-3-8b');
  });

  it('any version, separator and quant type: the size and the type are read', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('v1', 'v3.2', 'v0.1', 'v2.5'),
        fc.constantFrom('-', '.', '_'),
        fc.constantFrom(['Q8_0', 'q8_0'], ['Q4_K_M', 'q4_k_m'], ['Q5_K_M', 'q5_k_m']),
        fc.constantFrom(7, 8, 13),
        (version, sep, [quant, reads], size) => {
          const file = `Stheno-${size}B-${version}${sep}${quant}.gguf`;
          expect(canonical(`run ${file} on a 4090`)).toMatch(new RegExp(` ${reads} `));
          expect(params(`run ${file} on a 4090`)).toBe(size * 1e9);
        },
      ),
      { numRuns: 30 },
    );
  });
});

describe('a size first and a name after it name a model (c356)', () => {
  // 30B-Lazarus is now read as its base, LLaMA-1 30B (families.ts NAMED_FINE_TUNES, rmodseq); Epsilon stands for a name the tables lack.
  it('"30B-Epsilon-gptq-4bit" is a 30B model in GPTQ, said as a name I do not know', () => {
    const { scenario, said } = read('running 30B-Epsilon-gptq-4bit on a 3090');
    expect(scenario.model.requestedParams).toBe(30e9);
    expect(canonicalText(scenario)).toMatch(/ gptq /);
    expect(said).toMatch(/I don't know the model "30b-epsilon"/);
  });

  it('"30B-Lazarus-gptq-4bit" is LLaMA-1 30B (33B) in GPTQ, the base its card names', () => {
    const { scenario, said } = read('running 30B-Lazarus-gptq-4bit on a 3090');
    expect(scenario.model.id).toBe('llama-1-33b');
    expect(canonicalText(scenario)).toMatch(/ gptq /);
    expect(said).toMatch(/read as llama-1-33b/);
  });

  it('ExLlama\'s "-d ./30B-Lazarus-gptq-4bit" keeps the model its flag names (c356)', () => {
    const { scenario } = read(line('c356').text.replace('--gpu_split 23,23,23,23 ', '') + ' on 4x 3090');
    expect(scenario.model.id).toBe('llama-1-33b');
    expect(canonicalText(scenario)).toMatch(/ gptq /);
  });

  it('a short flag whose value names no model is still blanked ("-n 128", "-t 8")', () => {
    sameAs('llama-2-13b inference on a 3090 -n 128 -t 8', 'llama-2-13b inference on a 3090');
  });

  it('"7b-vicuna" is the Vicuna 7B its words give', () => {
    sameShape('run 7b-vicuna on a 3090', 'llama-1-7b inference on 1x rtx-3090');
  });
});

describe("device_map's values are no model names (c367)", () => {
  it('"device_map(auto,balanced,balanced_low_0)" is not asked about as an unknown model', () => {
    const opened = readInThread(line('c367').text, null).outcome;
    expect(opened.ok ? '' : opened.error.message).not.toMatch(/balanced/);
  });

  it.each(['device_map(auto,balanced)', 'device_map="balanced_low_0"', "device_map='sequential'", 'device_map=auto'])('"llama-2-13b inference with %s on 2x 3090" splits the layers', (flag) => {
    sameAs(`llama-2-13b inference with ${flag} on 2x 3090`, 'llama-2-13b inference device map on 2x 3090');
  });
});

describe('an accelerator the catalog lacks is read by its stated memory, never as another card (issue 22, item 7)', () => {
  it('"Gaudi 3 128GB" is one 128 GiB device, not three', () => {
    expect(canonical('llama-3-8b lora on a Gaudi 3 128GB')).toMatch(/ on 1x 128gb$/);
  });

  it('a count before the name counts devices; the generation never does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 16 }),
        fc.constantFrom('Gaudi2', 'Gaudi 3', 'Gaudi-2', 'Trainium2', 'Inferentia 2', 'TPU v5e'),
        fc.constantFrom(32, 64, 96, 128),
        (count, name, memory) => {
          expect(canonical(`llama-3-70b serve on ${count}x ${name} ${memory}GB`)).toMatch(new RegExp(` on ${count}x ${memory}gb$`));
        },
      ),
      { numRuns: 40 },
    );
  });

  it.each(['inf2.48xlarge', 'trn1.32xlarge', 'dl1.24xlarge'])('the AWS instance %s is said as no GPU, and no number of it is read', (instance) => {
    const { scenario, said } = read(`llama-3-8b inference on ${instance}`);
    expect(scenario.hardware).toBeNull();
    expect(said).toMatch(new RegExp(`"${instance.replace('.', '\\.')}": not a GPU I model`));
    expect(said).not.toMatch(/not read/);
  });

  it('a GPU instance is still its cards (p4d.24xlarge is 8× A100 40GB)', () => {
    expect(canonical('llama-3-8b inference on a p4d.24xlarge')).toMatch(/ on 8x a100-40g$/);
  });

  it('named without memory, it is said as not modelled and no card is swapped in: read by its published memory (rhw2)', () => {
    const { scenario, said } = read('llama-3-8b lora on a Gaudi2');
    expect(scenario.hardware).toMatchObject({ gpuId: null, count: 1, capacityBytes: 96 * 2 ** 30 });
    expect(said).toMatch(/"gaudi2": the Gaudi 2 is not in the catalog/);
  });
});

describe('a fine-tune named apart from its size is that size of its base (c403)', () => {
  it('"train the 7b model … training vicuna" is LLaMA-1 7B, said', () => {
    const { scenario, said } = read('we tried to train the 7b model on A100 40G * 8. the minimum requirement for training vicuna is 8 cards');
    expect(scenario.model.name).toBe('LLaMA-1-7B');
    expect(said).toMatch(/"vicuna" with "7b" said apart read as llama-1-7b/);
  });

  it.each([
    ['zephyr needs how much memory? the 7b, lora on a 4090', 'Mistral-7B-v0.1'],
    ['13B on a 3090: can I finetune alpaca with lora', 'LLaMA-1-13B'],
  ])('"%s" reads %s', (text, name) => {
    expect(read(text).scenario.model.name).toBe(name);
  });

  it('with two sizes said, neither is joined to the name', () => {
    fc.assert(
      fc.property(fc.constantFrom('7b', '13b'), fc.constantFrom('30b', '65b'), (a, b) => {
        const outcome = resolveRequest(`vicuna: ${a} or ${b} lora on a 3090`, null);
        const said = outcome.ok ? outcome.assumptions.join(' | ') : '';
        expect(said).not.toMatch(/said apart/);
      }),
      { numRuns: 4 },
    );
  });
});

describe('a model read from the size in a name I do not know is a weak fact (c363)', () => {
  // UniPixel-7B is now read as its base, Qwen2.5-VL-7B (families.ts NAMED_FINE_TUNES, rmodel); Mantis-8B stands for a name the tables lack.
  it.each(['fine-tuning Mantis-8B on 4x A100 80GB', 'lora on coati-7b with 2x 4090', 'running 30B-Epsilon-gptq-4bit on a 3090'])('"%s": the model fact is weak, with the name\'s words', (text) => {
    const parsed = parseRequest(text);
    expect(parsed.ok).toBe(true);
    const model = parsed.ok ? parsed.traces.find((t, i) => parsed.items[i]!.kind === 'size') : undefined;
    expect(model?.weak).toBe(true);
    expect(model?.weakStep?.words).toMatch(/\d+b/i);
  });

  it('a catalog model, or a fine-tune whose base the name gives, is no guess', () => {
    for (const text of ['llama-2-7b lora on a 4090', 'DeepSeek-R1-Distill-Qwen-14B on a 4090']) {
      const parsed = parseRequest(text);
      expect(parsed.ok && parsed.traces.some((t) => t.weak)).toBe(false);
    }
  });

  // rmodel (issue 22): a name that hides its base ("vicuna-13b": LLaMA-1 or Llama-2) is read by the base the
  // tables know, as a guess (fine-tune-base-weak.test.ts).
  it('a fine-tune whose name hides its base is a guess', () => {
    const parsed = parseRequest('vicuna-13b lora on a 4090');
    expect(parsed.ok && parsed.traces.some((t) => t.weak)).toBe(true);
  });

  it('the reply says it first, with the words and how to correct it', () => {
    const outcome = resolveRequest('fine-tuning Mantis-8B on 4x A100 80GB', null);
    expect(outcome.ok && outcome.assumptions[0]).toMatch(/shape — from "Mantis-8B"\? say the model's name or size if not/);
  });
});

describe('building an engine is TensorRT-LLM serving, guessed from one word (c400)', () => {
  it.each(['LLama 70B build engine OOM', 'building the engine for llama 70b fails with OOM', 'llama 70b: engine build OOM'])('"%s" keeps its model and serves it, said as weak', (text) => {
    const parsed = parseRequest(text);
    expect(parsed.ok).toBe(true);
    const serve = parsed.ok ? parsed.traces.find((t) => t.rules.includes('prose.engine-build')) : undefined;
    expect(serve?.weak).toBe(true);
    expect(canonical(text)).toMatch(/^llama 70b vllm /);
  });

  it('"engine" alone is no engine build', () => {
    const parsed = parseRequest('llama-3-8b on a 4090, which inference engine is best?');
    expect(parsed.ok && parsed.traces.some((t) => t.rules.includes('prose.engine-build'))).toBe(false);
  });
});

describe('a family word and a size said apart are that family\'s model, said as weak (c377, c384)', () => {
  it.each([
    ['I want to train the 7B model of Llama on 4x A100 40G', 'LLaMA-1-7B'],
    ["40G should be enough for Llama's 7B model on a100", 'LLaMA-1-7B'],
    ['the llama model, 13b, lora on a 3090', 'LLaMA-1-13B'],
    ['baichuan: 13b lora, 4090', 'Baichuan-13B'],
    ["qwen2's 72b on 4x a100", 'Qwen2-72B'],
  ])('"%s" is %s', (text, name) => {
    expect(read(text).scenario.model.name).toBe(name);
  });

  it('the family read with a size said elsewhere is a weak fact', () => {
    const parsed = parseRequest('I want to train the 7B model of Llama on 4x A100 40G');
    const model = parsed.ok ? parsed.traces.find((t, i) => parsed.items[i]!.kind === 'model') : undefined;
    expect(model?.weak).toBe(true);
  });

  it('a family with its version is its series, not this reading ("llama 3, 8b")', () => {
    const { scenario, said } = read('llama 3, 8b lora on a 3090');
    expect(scenario.model.name).toBe('Llama-3-8B');
    expect(said).not.toMatch(/said apart/);
  });

  it('two sizes said, or two families, join nothing', () => {
    for (const text of ['llama: 7b or 13b, lora on a 3090', 'llama or mistral, 7b lora on a 3090']) {
      const outcome = resolveRequest(text, null);
      expect(outcome.ok ? outcome.assumptions.join(' | ') : '').not.toMatch(/said apart/);
    }
  });
});

describe('"能跑吗" in a thread asks whether its setup runs (c352)', () => {
  const followUp = (opening: string, text: string) => {
    const opened = readInThread(opening, null).outcome;
    const scenario = opened.ok ? opened.scenario : null;
    const outcome = readInThread(text, scenario ? { scenario, history: [] } : null).outcome;
    return outcome.ok && outcome.scenario ? canonicalText(outcome.scenario) : '';
  };

  it('"如题\\n4*A800能跑吗？" after a Baichuan-13B full fine-tune title keeps the full fine-tune', () => {
    const l = line('c352');
    expect(followUp(l.thread!, l.text)).toMatch(/^baichuan-13b full .* on 4x a800-80g$/);
  });

  it.each(['两张4090能跑吗？', '2张4090能不能跑', '两张4090跑得动吗'])('after a LoRA title, "%s" keeps the LoRA', (text) => {
    expect(followUp('qwen2-7b lora', text)).toMatch(/^qwen2-7b lora .* on 2x rtx-4090$/);
  });

  it.each(['我看了下Qwen2官网提供的显存数据，确实需要40G以上', 'llama官方文档说需要40G'])('a name before 官网/官方 is a source, not the model: "%s" keeps the thread\'s Qwen2-72B (c402)', (text) => {
    expect(followUp('qwen2-72b-instruct-awq inference on 2x a100-40g', text)).toMatch(/^qwen2-72b\S* inference .* awq /);
  });

  it('"能跑起来 Qwen2-72B" still runs the model it names', () => {
    expect(canonical('两张A100 40G的显卡能跑起来 Qwen2-72B')).toMatch(/^qwen2-72b inference /);
  });
});
