import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpusText } from '../corpus/corpus.js';
import { evaluatePython } from '../../src/language/value-arithmetic.js';
import { follow, read } from './reading-fixtures.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * A key's value written as the arithmetic that made it (src/language/value-arithmetic.ts): the
 * program runs with the number, so the key reads the number. Drawn from c2025 (`max_model_len=4096*2`,
 * vllm-project/vllm#22173) and c1867 (`max_length = int(2048 - (336 / 14)**2)`, XTuner); the
 * variations are invented strangers' notations.
 */
const fence = '```';

describe('Python arithmetic is evaluated as Python does', () => {
  it.each([
    ['4096*2', 8192],
    ['8 * 1024', 8192],
    ['int(2048 - (336 / 14)**2)', 1472],
    ['2**13', 8192],
    ['1024 + 512', 1536],
    ['(4096 + 4096) // 2', 4096],
    ['math.floor(0.9 * 100)', 90],
  ])('%s is %d', (expression, value) => expect(evaluatePython(expression)).toBe(value));

  it('anything else does not parse', () => {
    for (const bad of ['4096*', 'x*2', '(4096', '2 ** ** 2', '']) expect(evaluatePython(bad)).toBeNaN();
  });

  it('a product of two whole numbers is their product (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 4096 }), fc.integer({ min: 1, max: 64 }), (a, b) => evaluatePython(`${a} * ${b}`) === a * b && evaluatePython(`${a}*${b}`) === a * b));
  });
});

describe("a key's value written as a sum is its number", () => {
  it('c2025 (vllm-project/vllm#22173): max_model_len=4096*2 is seq 8192', () => {
    expect(read(corpusText('c2025')).scenario.seq).toBe(8192);
  });

  it('c1867 (SmartFlowAI/Llama3-Tutorial#23): max_length = int(2048 - (336 / 14)**2) is seq 1472', () => {
    expect(read(corpusText('c1867')).scenario.seq).toBe(1472);
  });

  it.each([
    [`serve Qwen2.5-7B-Instruct with vllm on one L4:\n${fence}python\nllm = LLM(model="Qwen/Qwen2.5-7B-Instruct", max_model_len=8*1024)\n${fence}`, 8192],
    [`serve Qwen2.5-7B-Instruct with vllm on one L4:\n${fence}python\nllm = LLM(\n    model="Qwen/Qwen2.5-7B-Instruct",\n    max_model_len=1024 * 16,  # long prompts\n)\n${fence}`, 16384],
    [`lora llama-2-7b on a 3090\n${fence}yaml\ncutoff_len: 1024 + 512\nper_device_train_batch_size: 1\n${fence}`, 1536],
    [`lora llama-2-7b on a 3090\n${fence}python\nargs = SFTConfig(max_seq_length=2**12, per_device_train_batch_size=2)\n${fence}`, 4096],
  ])('%s', (text, seq) => expect(read(text).scenario.seq).toBe(seq));

  it("prose arithmetic stays the user's reasoning, and a date or a version is no sum", () => {
    // No key before it: "2x24=48GB" is the user's sum (hardware/arithmetic.ts), not a setting.
    expect(read('llama-2-13b lora on 2x 3090 (2x24=48GB) seq 2048').scenario.seq).toBe(2048);
    const dated = read(`lora llama-2-7b seq 1024 on a 3090\n${fence}yaml\ndate: 2024/05/05\nversion: 12.1-1\n${fence}`);
    expect(dated.scenario.seq).toBe(1024);
    // A spec list's label is prose: "GPU: 8 * 4090" is eight cards, not a number to work out.
    expect(read('serve deepseek-r1-distill-qwen-32b\nCPU: 80\nGPU: 8 * 4090\nMemory: 256G').scenario.hardware?.count).toBe(8);
  });
});

describe('a script pasted between inline-code marks sets its variables', () => {
  it('c375 (NVIDIA/TensorRT-LLM#2043): `export max_batch_size=2048 … --max_batch_size $max_batch_size` is max seqs 2048 (audit3)', () => {
    const line = loadCorpus().find((l) => l.id === 'c375')!;
    expect(follow(line.thread!, line.text).s.inference.maxSeqs).toBe(2048);
  });

  it.each([
    ['`export MAX_LEN=8192`\n`vllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len $MAX_LEN` on one H100', 8192],
    ['`MAX_LEN=8192`\n`vllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len ${MAX_LEN}` on one H100', 8192],
  ])('%s', (text, seq) => expect(read(text).scenario.seq).toBe(seq));
});
