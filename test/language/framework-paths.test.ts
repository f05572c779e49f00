import { describe, expect, it } from 'vitest';
import { judge } from '../../bench/language.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { MENTION_ROWS } from '../../src/scenario/framework-mentions.js';
import { loadCorpus } from '../corpus/corpus.js';
import { corpusLineRead, noticesInThread } from './reading-fixtures.js';

/**
 * The framework field read by evidence (session 19, branch rfw). A framework word the message only
 * mentions is still read, but said on the first screen with its words (scenario/framework-mentions.ts):
 * the tool that worked set before "but this framework …", what a tool "would need", a framework inside an
 * error message the program printed, a tool the user asks a project to add, a name followed by its own
 * project's address. Words of use, a command or a setting keep the framework strong. Each row was a
 * silent misreading of the framework on a corpus line.
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;
const framework = (text: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return (r.trace ?? []).find((f) => f.fact === 'framework' && f.at !== null);
};
const said = (text: string) => noticesInThread(text).filter((n) => n.startsWith('framework '));

describe('every mention row is named data with an example and a source', () => {
  it.each(MENTION_ROWS.map((r) => [r.id, r] as const))('%s', (_id, row) => {
    expect(row.id).toMatch(/^mention\.[a-z-]+$/);
    expect(row.source).toMatch(/[\w-]+\/[\w.-]+#\d+/);
    expect(row.example.length).toBeGreaterThan(10);
  });
});

describe('the tool that worked, set before "but this framework / your code" (mention.contrast-worked-but-another)', () => {
  // s44 (rengine1): the tool set against the run is set aside, not kept weak — the run's framework in none of the 5
  // released lines where it was the only one named (c888 c927 c1224 c1323 c2036; docs/reading.md, the framework and
  // engine slots). These tests held it kept as a weak fact; the note still names it with its switch.
  it('c927 (fe1ixxu/ALMA#42): "用llama factory进行sft可以…，但这个框架…OOM" sets LLaMA-Factory aside, said', () => {
    const read = corpusLineRead('c927');
    expect(read.scenario.framework).not.toBe('llama-factory');
    expect(read.said).toMatch(/"llama factory" is only set against your run \("llama factory进行sft可以使用deepspeed zero2 微调llama3-8B的模型，但这个框架"\), not the program it uses; say llama-factory if it does run yours/i);
    expect(judge(line('c927')).compared?.differ ?? []).not.toContain('framework');
  });

  it.each([
    ['用LLaMA-Factory 可以在单卡A100 40G上lora微调qwen2-7b，但是你们的代码就OOM了', 'llama-factory'],
    ['LLaMA-Factory trains qwen2-7b lora on one a100 40g fine, but this repo OOMs at batch 1', 'llama-factory'],
    ['qlora llama-3-8b on a 3090: axolotl works, whereas the trainer in this project runs out of memory', 'axolotl'],
  ])('%j', (text, value) => {
    expect(framework(text)?.value).not.toBe(value);
    expect(noticesInThread(text).join(' | ')).toMatch(new RegExp(`is only set against your run \\(.*\\), not the program it uses; say ${value} if it does run yours`));
  });

  it.each(['with unsloth it runs, but it is slow: qlora llama-3-8b on a 3090', 'qlora llama-3-8b with unsloth on a 3090 works, but OOMs at seq 8192'])(
    'no other program after "but": the tool stays the run\'s: %j',
    (text) => {
      expect(framework(text)?.weak).toBe(false);
      expect(said(text)).toEqual([]);
    },
  );
});

describe('what a tool "would need" (mention.contrast-would-need)', () => {
  // s44 (rengine1): set aside and said, no longer kept weak (see above); c1323 is read right (PEFT's k-bit QLoRA).
  it('c1323 (anhvth/opensloth#18): "Normal Unsloth would need probably less than 250 GB" is set aside, said', () => {
    expect(corpusLineRead('c1323').said).toMatch(/is only set against your run \("Normal Unsloth would need"\), not the program it uses; say unsloth if it does run yours/i);
    expect(judge(line('c1323')).verdict).toBe('right');
  });

  it.each([
    ['Fine tune qwen3-235b-a22b qlora. How much VRAM do I need? Plain DeepSpeed would probably need 2 TB.', 'deepspeed', 'Plain DeepSpeed would probably need'],
    ['llama-3-70b inference on 2x 3090, exllamav2 would need less memory than this', 'exllamav2', 'exllamav2 would need'],
  ])('%j', (text, value, words) => {
    expect(framework(text)?.value).not.toBe(value);
    expect(noticesInThread(text).some((n) => n.includes(`("${words}"), not the program it uses; say ${value} if it does run yours`))).toBe(true);
  });

  it('"with unsloth, it would need …" uses the tool: strong', () => {
    expect(framework('qlora qwen3-235b-a22b with unsloth, it would need less than 250 GB?')?.weak).toBe(false);
  });
});

describe('a framework inside an error message (mention.error-message)', () => {
  it('c965 (huggingface/transformers#24242): "in your accelerate config" inside the ValueError is said, not read as the run\'s', () => {
    expect(corpusLineRead('c965').said).toContain('framework hf — from "ValueError: … any distributed regime in your accelerate config"? say the framework you run if not');
    expect(judge(line('c965')).verdict).toBe('flagged');
  });

  it('the same message wrapped over lines in a fence (rmihaylov/falcontune#33)', () => {
    const text = [
      'I am trying to finetune falcon-40b lora int8 on 4x a100 but running into the following error:',
      '```',
      "ValueError: You can't train a model that has been loaded in 8-bit precision on multiple devices in any distributed mode. In",
      'order to use 8-bit models that have been loaded across multiple GPUs the solution is to use Naive Pipeline Parallelism.',
      'Therefore you should not specify that you are under any distributed regime in your accelerate config.',
      '```',
    ].join('\n');
    expect(framework(text)).toMatchObject({ value: 'hf', evidence: 'error', weak: true });
  });

  it('one line, spaced otherwise', () => {
    expect(framework('lora llama-7b int8 on 2x 3090:   ValueError:   ... in your accelerate config')).toMatchObject({ evidence: 'error', weak: true });
  });

  it.each(['lora llama-7b int8 on 2x 3090 with accelerate. RuntimeError: CUDA out of memory', 'lora llama-2-13b with deepspeed on 4x 4090: RuntimeError: CUDA out of memory'])(
    'the tool named before the error stays the run\'s: %j',
    (text) => {
      expect(framework(text)?.weak).toBe(false);
    },
  );
});

describe('a tool asked to be added (mention.asked-to-add)', () => {
  it('c1253 (xorbitsai/inference#852): "recommended to add the EXL2（ExLlamav2） model" says ExLlamaV2 as asked', () => {
    const exl = judge(line('c1253')).compared?.trace.find((f) => f.fact === 'framework');
    expect(exl).toMatchObject({ value: 'exllamav2', evidence: 'asked', weak: true });
    expect(judge(line('c1253')).compared?.unflagged).not.toContain('framework');
  });

  it.each([
    ['serve yi-34b awq on 2x 4090. Please add exllamav2 support?', 'add exllamav2'],
    ['Add exllamav2 support? I serve llama-3-70b awq on 2x 3090', 'Add exllamav2'],
    ['qwen2.5-72b 推理 4x 4090 希望支持 exllamav2', '支持 exllamav2'],
  ])('%j', (text, words) => {
    expect(framework(text)).toMatchObject({ value: 'exllamav2', evidence: 'asked', weak: true });
    expect(said(text).some((n) => n.includes(`from "${words}"`))).toBe(true);
  });

  it('a tool run is not asked for: "I run llama-3-70b with exllamav2 on 2x 3090"', () => {
    expect(framework('I run llama-3-70b with exllamav2 on 2x 3090')?.weak).toBe(false);
  });
});

describe("a name followed by its own project's address (mention.name-with-its-address)", () => {
  it('c623 (oobabooga/textgen#5965): "for llama.cpp https://github.com/ggerganov/llama.cpp/pull/5021" is a reference, said', () => {
    const f = judge(line('c623')).compared?.trace.find((x) => x.fact === 'framework');
    expect(f).toMatchObject({ value: 'llamacpp', evidence: 'link', weak: true });
    expect(judge(line('c623')).verdict).toBe('flagged');
  });

  it('in brackets', () => {
    const text = 'llama-3-70b inference on a 4090, flash attention was added for llama.cpp (https://github.com/ggerganov/llama.cpp/pull/5021)';
    expect(framework(text)).toMatchObject({ value: 'llamacpp', evidence: 'link', weak: true });
  });

  it.each(['I use llama.cpp https://github.com/ggerganov/llama.cpp to run llama-3-70b on a 4090', 'gemma-3-12b qlora with unsloth (https://github.com/unslothai/unsloth) on a 4090'])(
    'words of use before the name keep it strong: %j',
    (text) => {
      expect(framework(text)?.weak).toBe(false);
    },
  );
});

describe('corpus readings corrected by their threads', () => {
  it("c1265 (unslothai/unsloth#1552): the reading states Unsloth apart from its offloaded checkpointing, as c328's does", () => {
    expect(line('c1265').reading).toContain('unsloth offloaded gc');
    expect(judge(line('c1265')).compared?.differ).not.toContain('framework');
  });

  it("c968 (OpenLMLab/LOMO#53): the posted config's deepspeed: key is in the reading, as c487's --deepspeed is", () => {
    expect(line('c968').reading).toContain('deepspeed');
    expect(judge(line('c968')).compared?.differ).not.toContain('framework');
  });
});
