import { describe, expect, it } from 'vitest';
import { judge, type Line } from '../../bench/language.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
import { corpusLineRead, noticesInThread } from './reading-fixtures.js';

/**
 * Silent misreadings (session 14, branch rsil): a fact taken on a weak cue is said as weak on the
 * first screen, with the words it came from and the switch. Each path below left a wrong fact
 * unsaid on a corpus line: two weight formats named as alternatives, a function's parameter
 * default, the tool a bug report sets against the failing one, "which GPU" beside the cards the
 * user names; and two notes the reply already said that the bench did not count (a method taken
 * from 8-bit weights, a generation as long as the window).
 */

const corpus = loadCorpus();
const line = (id: string) => corpus.find((l) => l.id === id)!;
const noticesOf = (text: string) => noticesInThread(text);
const weakOf = (text: string, fact: string) => {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return (r.trace ?? []).find((f) => f.fact === fact && f.at !== null);
};

describe('a weight format named beside another is weak (format-alternatives.ts)', () => {
  it('c1297 (deepseek-ai/DeepSeek-R1#354): "部署BF16和FP8的deepseek v3" says bf16 with fp8 as the switch', () => {
    expect(corpusLineRead('c1297').said).toContain('precision bf16 weights — from "BF16和FP8"? say "fp8" if you mean that one');
  });

  it('c1246 (QwenLM/Qwen3-VL#1684): "Qwen3-VL-235B(-FP8)" says the FP8 variant from its brackets', () => {
    expect(corpusLineRead('c1246').said).toContain('precision fp8 weights — from "(-FP8)"?');
  });

  it.each([
    ['serve deepseek-v3 on 8x h200: fp8 or bf16, how much memory?', 'fp8 or bf16', 'bf16'],
    ['部署 FP8 和 BF16 的 qwen3-235b-a22b 分别需要多少显存，8张H100', 'FP8 和 BF16', 'bf16'],
    ['qwen2.5-72b int4 or int8 inference on 2x a100 80g', 'int4 or int8', 'int8'],
    ['Qwen2.5-72B GPTQ or AWQ on 2x 4090 with vllm?', 'GPTQ or AWQ', 'awq'],
  ])('%j says the format from %j', (text, pair, other) => {
    const said = noticesOf(text).filter((n) => n.includes(`from "${pair}"`));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(`say "${other}" if you mean that one`);
  });

  it('a variant in full-width brackets, another model: "Llama-3-70B（-AWQ）" is weak', () => {
    expect(noticesOf('serve Llama-3-70B（-AWQ） on 2x a100 80g').some((n) => n.includes('from "（-AWQ）"'))).toBe(true);
  });

  it.each([
    'serve deepseek-v3 in fp8 on 8x h200',
    'llama-2-70b awq on 2x 4090',
    'serve qwen2.5-72b-instruct-awq on 2x a100 80g',
    'train llama-3-8b in bf16 on 8x a100, fp16 would overflow',
    'llama-3-8b fp16 and fp16 kv cache on a 4090',
  ])('one format, or one said twice, says no pair: %j', (text) => {
    expect(noticesOf(text).filter((n) => /— from "[^"]*(?: or | vs |和|\/| and )[^"]*"\?/.test(n) && /precision|weights/.test(n))).toEqual([]);
  });
});

describe("a length from a function's parameter default is weak (parameter-defaults.ts)", () => {
  it('c1265 (unslothai/unsloth#1552): `max_seq_length: int = 2048` in `def __init__(…)` is said', () => {
    expect(corpusLineRead('c1265').said).toContain('seq 2048 — from "max_seq_length: int = 2048"? say "seq N" with your length if not');
  });

  it.each([
    'qlora llama-3-8b on a 4090\ndef __init__(self, model: str, max_seq_length: int = 4096, load_in_4bit: bool = True):',
    'qlora llama-3-8b on a 4090\ndef train(\n    model,\n    max_seq_length: int = 4096,\n):',
  ])('a signature, on one line or wrapped: %j', (text) => {
    const seq = weakOf(text, 'seq');
    expect(seq?.value).toBe('4096');
    expect(seq?.weak).toBe(true);
  });

  it('a dataclass field is the setting itself (c060: `context_length: int =16000` under `class train_config:`)', () => {
    const seq = weakOf('qlora llama-3-8b on a 4090\n@dataclass\nclass train_config:\n    max_seq_length: int = 4096\n    batch_size_training: int = 2', 'seq');
    expect(seq?.value).toBe('4096');
    expect(seq?.weak).toBe(false);
  });
});

describe('the tool where a reported failure did not happen is no framework of the run (fact-cues.ts)', () => {
  // s44 (rengine1): set aside and said with its switch, no longer kept as a weak fact of the run (docs/reading.md, the
  // framework and engine slots: the run's framework in none of the 5 released lines where it was the only one named).
  it("c1224 (theroyallab/tabbyAPI#343): \"This didn't happen with exllamav2\" is set aside, said", () => {
    const read = corpusLineRead('c1224');
    expect(read.scenario.framework).not.toBe('exllamav2');
    expect(read.said).toMatch(/is only set against your run \("didn't happen with exllamav2"\), not the program it uses; say exllamav2 if it does run yours/);
  });

  it.each([
    ["lora llama-3-8b on a 4090 OOMs at seq 4096; this didn't happen with unsloth", "didn't happen with unsloth", 'unsloth'],
    ['qlora qwen2-7b on a 3090: no OOM in llama-factory, but it fails now', 'no OOM in llama-factory', 'llama-factory'],
  ])('%j', (text, words, tool) => {
    expect(weakOf(text, 'framework')?.value ?? null).not.toBe(tool);
    expect(noticesOf(text).some((n) => n.includes(`("${words}"), not the program it uses; say ${tool} if it does run yours`))).toBe(true);
  });

  it.each(['lora llama-3-8b with unsloth on a 4090', 'qlora qwen2-7b using llama-factory on a 3090, it was fine before the update'])('a tool used is not weak: %j', (text) => {
    expect(weakOf(text, 'framework')?.weak).toBe(false);
  });
});

describe('"which GPU" beside the cards the message names is weak (fact-doubts.ts withQuestionDoubt)', () => {
  it('c1272 (AttentionX/InstructBLIP_PEFT#1): the title\'s "minimum GPU" over "I have 4 * A6000 (49G) machine"', () => {
    expect(corpusLineRead('c1272').said).toContain('the question "which GPU" — from "minimum GPU"? leave out "minimum GPU" if you asked whether your cards fit');
  });

  it.each(['vicuna-7b lora on 4x a6000, minimum gpu?', 'I have 2x A100 80G. What is the minimum GPU to fine-tune qwen2-7b?'])('%j', (text) => {
    const q = weakOf(text, 'question');
    expect(q?.value).toBe('whichGpu');
    expect(q?.weak).toBe(true);
  });

  it.each(['which gpu for llama-3-70b inference?', 'qwen2-72b qlora, what gpus of 24GB, 8 of them'])('no card named: the question stands: %j', (text) => {
    expect(weakOf(text, 'question')?.weak).toBe(false);
  });
});

describe('notes the reply says are counted by the bench', () => {
  const verdict = (id: string) => judge(line(id) as Line).verdict;
  it('c892 (deepspeedai/DeepSpeedExamples#494): LoRA taken from `load_in_8bit=True` is said with "full" as the switch', () => {
    expect(corpusLineRead('c892').said).toContain('LoRA: training on int8 weights trains adapters (say "full"');
    expect(verdict('c892')).toBe('flagged');
  });

  it('c1221 (hiyouga/LlamaFactory#4056): a launch cap as long as the window is said as a cap, no generated share (engine-knobs.test.ts)', () => {
    expect(corpusLineRead('c1221').said).toContain('a cap on each reply, not a length generated');
    expect(verdict('c1221')).toBe('right');
  });
});

describe("a format read from a name's width suffix alone is weak (format-alternatives.ts withWidthSuffix)", () => {
  it('c607 (baichuan-inc/Baichuan2#303): the title\'s "Baichuan2-13B-chat-4bit" is said in the thread', () => {
    const c = line('c607');
    expect(noticesInThread(c.thread!).some((n) => n.startsWith('weights gptq — from "Baichuan2-13B-chat-4bit"? say "nf4"'))).toBe(true);
    expect(judge(c as Line).verdict).toBe('flagged');
  });

  it('c543 (InternLM): the name alone is quoted, not the Chinese words around it', () => {
    expect(corpusLineRead('c543').said).toContain('weights gptq — from "internlm-20b-4bit"? say "nf4"');
  });

  it.each([
    ['serve Qwen-7B-Chat-4bit on a t4', 'Qwen-7B-Chat-4bit'],
    ['部署 llama-2-13b-chat-4bit 在一张 3090 上', 'llama-2-13b-chat-4bit'],
  ])('%j', (text, name) => {
    expect(noticesOf(text).some((n) => n.startsWith(`weights gptq — from "${name}"? say "nf4"`))).toBe(true);
  });

  it.each(['serve unsloth/llama-3-8b-bnb-4bit on a t4', 'serve llama-2-13b-chat-awq on a t4', 'serve Qwen1.5-7B-Chat-GPTQ-Int4 on a t4'])('a format named stays: %j', (text) => {
    expect(noticesOf(text).filter((n) => n.startsWith('weights '))).toEqual([]);
  });
});
