import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GPUS, MODELS, findGpu, findModel, normalizeName } from '../../src/catalog/index.js';

interface Named {
  id: string;
  name: string;
  aliases: string[];
}

/** Every spelling an entry answers to, normalised as lookups normalise them. */
function spellings(entry: Named): string[] {
  return [entry.id, entry.name, ...entry.aliases].map(normalizeName);
}

/** Normalised spellings claimed by more than one entry, with the ids claiming them. */
function clashes(entries: readonly Named[]): string[] {
  const owner = new Map<string, string>();
  const found: string[] = [];
  for (const e of entries) {
    for (const s of new Set(spellings(e))) {
      const other = owner.get(s);
      if (other !== undefined && other !== e.id) found.push(`${s}: ${other} / ${e.id}`);
      owner.set(s, e.id);
    }
  }
  return found;
}

describe('catalog aliases', () => {
  it('no spelling names two models', () => {
    expect(clashes(MODELS)).toEqual([]);
  });

  it('no spelling names two GPUs', () => {
    expect(clashes(GPUS)).toEqual([]);
  });

  it('no model spelling is also a GPU spelling', () => {
    const gpuSpellings = new Set(GPUS.flatMap(spellings));
    expect(MODELS.flatMap(spellings).filter((s) => gpuSpellings.has(s))).toEqual([]);
  });

  // "GLM-4.5-FP8" was an alias of GLM-4.5, so its FP8 weights were read as bf16: a format suffix
  // must reach the reader that turns it into the weight format (prose.ts FORMAT_SUFFIX).
  it('no model alias carries a weight-format suffix, which would hide the format it names', () => {
    const suffix = /[-_. ](?:fp8(?:[-_.]dynamic)?|awq|gptq(?:[-_.]int[48])?|int[48]|bnb[-_.]4bit|[48]bit|gguf|exl2)$/;
    expect(MODELS.flatMap((m) => m.aliases.filter((a) => suffix.test(a)).map((a) => `${m.id}: ${a}`))).toEqual([]);
  });

  it('aliases are written lower-case, as people type them', () => {
    for (const e of [...MODELS, ...GPUS]) for (const a of e.aliases) expect(a).toBe(a.toLowerCase());
  });

  it.each([
    // DESIGN §2 model names
    ['llama-2-7b', 'llama-2-7b'], ['llama3-8b', 'llama-3-8b'], ['Llama 3.1 70B', 'llama-3.1-70b'],
    ['mistral-7b', 'mistral-7b'], ['mixtral-8x7b', 'mixtral-8x7b'], ['qwen2.5-14b', 'qwen2.5-14b'],
    ['gemma-2-9b', 'gemma-2-9b'], ['phi-3-mini', 'phi-3-mini'],
    // other common spellings
    ['llama 3 8b', 'llama-3-8b'], ['meta-llama-3-8b', 'llama-3-8b'], ['llama-3.1-8b-instruct', 'llama-3.1-8b'],
    ['Meta-Llama-3.1-8B-Instruct', 'llama-3.1-8b'], ['codellama/CodeLlama-7b-hf', 'codellama-7b'],
    ['Qwen/Qwen3-8B', 'qwen3-8b'], ['TinyLlama', 'tinyllama-1.1b'], ['gpt2-xl', 'gpt2-xl'],
    // the model column of /work/shared/reference/measured.csv
    ['Llama-3.2-3B', 'llama-3.2-3b'], ['Llama-2-7b', 'llama-2-7b'], ['Llama-2-13b', 'llama-2-13b'],
    ['Llama-2-70b', 'llama-2-70b'], ['CodeLlama-34b', 'codellama-34b'], ['bert-large-uncased', 'bert-large-uncased'],
    ['phi-1_5', 'phi-1.5'], ['stablelm-base-alpha-3b', 'stablelm-base-alpha-3b'], ['falcon-40b', 'falcon-40b'],
    ['bigscience/bloomz-7b1', 'bloomz-7b1'],
    // issue 12: today's families as people type them, Hub ids included
    ['deepseek-ai/DeepSeek-V3', 'deepseek-v3'], ['DeepSeek R1', 'deepseek-r1'], ['deepseek-ai/DeepSeek-R1-0528', 'deepseek-r1'],
    ['moonshotai/Kimi-K2-Instruct', 'kimi-k2'], ['Kimi K2', 'kimi-k2'], ['GLM-4.5', 'glm-4.5'], ['zai-org/GLM-4.5-Air', 'glm-4.5-air'],
    ['meta-llama/Llama-4-Scout-17B-16E-Instruct', 'llama-4-scout'], ['Llama 4 Maverick', 'llama-4-maverick'],
    ['openai/gpt-oss-120b', 'gpt-oss-120b'], ['gpt-oss 20b', 'gpt-oss-20b'], ['Qwen/Qwen3-30B-A3B', 'qwen3-30b-a3b'],
    ['Qwen3-235B-A22B-Instruct-2507', 'qwen3-235b-a22b'], ['Qwen/Qwen2-7B-Instruct', 'qwen2-7b'], ['Qwen1.5-14B-Chat', 'qwen1.5-14b'],
    ['google/gemma-3-27b-it', 'gemma-3-27b'], ['gemma 3 4b', 'gemma-3-4b'], ['mistralai/Mistral-Small-3.1-24B-Instruct-2503', 'mistral-small-3.1-24b'], ['mistral-small-24b-instruct-2501', 'mistral-small-3'],
    ['microsoft/phi-4', 'phi-4'], ['bigcode/starcoder2-15b', 'starcoder2-15b'], ['StarCoder', 'starcoder'], ['01-ai/Yi-1.5-34B-Chat', 'yi-34b'],
    ['baichuan-inc/Baichuan2-13B-Chat', 'baichuan2-13b'], ['deepseek-ai/deepseek-coder-6.7b-instruct', 'deepseek-coder-6.7b'],
    ['huggyllama/llama-7b', 'llama-1-7b'], ['LLaMA 65B', 'llama-1-65b'],
  ])('model "%s" resolves to %s', (text, id) => {
    expect(findModel(text)?.id).toBe(id);
  });

  it.each([
    // DESIGN §2 hardware forms
    ['A100-80G', 'a100-80g'], ['a 4090', 'rtx-4090'], ['4090', 'rtx-4090'], ['3090', 'rtx-3090'],
    ['H100', 'h100-80g'], ['A100 80GB', 'a100-80g'], ['H200', 'h200'],
    // bare "A100" is documented to mean the 80 GB card
    ['A100', 'a100-80g'], ['a100-40g', 'a100-40g'], ['a100 40gb', 'a100-40g'],
    // the gpu column of /work/shared/reference/measured.csv
    ['A100-SXM4-40GB', 'a100-40g'], ['A100-80GB', 'a100-80g'], ['L40S-48GB', 'l40s'],
    ['H100-80GB', 'h100-80g'], ['V100-SXM2-16GB', 'v100-16g'],
    // nvidia-smi names
    ['NVIDIA A100-SXM4-80GB', 'a100-80g'], ['NVIDIA H100 80GB HBM3', 'h100-80g'], ['Tesla T4', 't4'],
    ['NVIDIA GeForce RTX 4090', 'rtx-4090'], ['H100 NVL', 'h100-nvl'],
    // issue 12: the cards in users' questions ("RTX 3060" used to read "RTX" as "ctx")
    ['A800', 'a800-80g'], ['A800 40GB', 'a800-40g'], ['NVIDIA A800-SXM4-80GB', 'a800-80g'], ['H800', 'h800'], ['H20', 'h20'],
    ['B300', 'b300'], ['GB200', 'gb200'], ['RTX 3060', 'rtx-3060'], ['RTX 3080', 'rtx-3080'], ['RTX 3080 12GB', 'rtx-3080-12g'],
    ['RTX 4060 Ti 16GB', 'rtx-4060-ti-16g'], ['4070 Ti', 'rtx-4070-ti'], ['RTX 4080', 'rtx-4080'], ['RTX 5080', 'rtx-5080'],
    ['RTX 5070 Ti', 'rtx-5070-ti'], ['Titan RTX', 'titan-rtx'], ['RTX PRO 6000 Blackwell', 'rtx-pro-6000'], ['L20', 'l20'],
    ['A30', 'a30'], ['GTX 1080 Ti', 'gtx-1080-ti'], ['GTX 1060', 'gtx-1060'], ['MI210', 'mi210'], ['MI355X', 'mi355x'],
  ])('GPU "%s" resolves to %s', (text, id) => {
    expect(findGpu(text)?.id).toBe(id);
  });

  it('lookups ignore case and the separators people vary (property)', () => {
    const entries = MODELS.flatMap((m) => m.aliases.map((a) => [a, m.id] as const));
    const separator = fc.constantFrom('-', ' ', '_', '', '  ');
    fc.assert(
      fc.property(
        fc.constantFrom(...entries),
        fc.array(separator, { minLength: 64, maxLength: 64 }),
        fc.array(fc.boolean(), { minLength: 128, maxLength: 128 }),
        ([alias, id], seps, upper) => {
          let i = 0;
          const respelled = alias
            .replace(/[-_ ]/g, () => seps[i++ % seps.length]!)
            .split('')
            .map((c, k) => (upper[k % upper.length] ? c.toUpperCase() : c))
            .join('');
          expect(findModel(respelled)?.id).toBe(id);
        },
      ),
    );
  });
});
