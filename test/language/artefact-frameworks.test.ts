import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARTEFACT_ROWS, artefactAt } from '../../src/language/prose/rules/artefacts.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read as readSaid, readNoticed } from './reading-fixtures.js';

/**
 * Frameworks a message implies through an artefact it names (issue 22, s6): an Unsloth Hub id, a
 * torchtune recipe, config or CLI verb, lit-gpt's per-method script, PEFT's int8 preparation,
 * llama-recipes' quickstart notebook. Each had been answered with Hugging Face conventions, said
 * only among the defaults. A weak artefact is said on the first screen; a framework the message
 * names wins over any artefact's.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
/** A corpus line as the bench reads it: the thread's opening words first, when it has them. */
const lineText = (id: string) => [line(id).thread, line(id).text].filter(Boolean).join('\n');
const framework = (text: string) => readNoticed(text).s.framework;
const read = (text: string) => ({ s: readSaid(text).scenario, said: readSaid(text).said });

describe('the artefact table', () => {
  it('every row is dotted, has an example its own pattern finds, and a weak row says why it is weak', () => {
    for (const row of ARTEFACT_ROWS) {
      expect(row.id).toMatch(/^prose\.artefact-[a-z0-9-]+$/);
      expect(row.when(row.example.toLowerCase()), row.id).toBe(true);
      expect(new RegExp(row.pattern.source).test(row.example.toLowerCase()), row.id).toBe(true);
    }
  });

  it('an item on an artefact finds its row, in the words or the name they are part of', () => {
    const text = 'finetune unsloth/llama-3-8b-bnb-4bit then tune download x';
    expect(artefactAt(text, 9, 16)?.id).toBe('prose.artefact-unsloth-hub-id');
    expect(artefactAt(text, 42, 55)?.id).toBe('prose.artefact-torchtune-download');
    expect(artefactAt(text, 0, 8)).toBeUndefined();
  });
});

describe('an Unsloth Hub id suggests Unsloth (weak), its suffix the format (strong)', () => {
  it('c564: the -bnb-4bit checkpoint fine-tuned is Unsloth QLoRA, said with the Hub id', () => {
    const { s, said } = readNoticed(lineText('c564'));
    // Unsloth loads 4-bit with bnb_4bit_use_double_quant = True, and its -bnb-4bit uploads carry the same (presets.ts DOUBLE_QUANT_BY_DEFAULT).
    expect([s.framework, s.mode, s.weights, s.optimizer]).toEqual(['unsloth', 'qlora', 'nf4-dq', 'adamw-8bit']);
    expect(said).toMatch(/framework unsloth — from "unsloth\/meta-llama-3\.1-8b-bnb-4bit"\?/i);
  });

  it.each([
    'finetune unsloth/llama-3-8b-bnb-4bit on a 4090',
    'qlora of https://huggingface.co/unsloth/mistral-7b-v0.3-bnb-4bit on one T4',
    '用 unsloth/Qwen2.5-7B-Instruct-bnb-4bit 微调，一张4090',
    'training unsloth/llama-3-8b-Instruct on a 4090 OOMs',
  ])('%s', (text) => {
    const { s, said } = readNoticed(text);
    expect(s.framework).toBe('unsloth');
    expect(said).toMatch(/framework unsloth — from "[^"]*unsloth\/[^"]+"\?/i);
  });

  it.each([
    ['finetune unsloth/llama-3-8b-bnb-4bit with axolotl on a 4090', 'axolotl'],
    ['with axolotl, finetune unsloth/llama-3-8b-bnb-4bit on a 4090', 'axolotl'],
    ['I fine-tune unsloth/llama-3-8b-bnb-4bit with deepspeed on two 3090s, it keeps running out of memory', 'deepspeed'],
    ['I train unsloth/llama-3-8b-bnb-4bit with the HF Trainer on a 4090 and it runs out of memory', 'hf'],
  ])('a framework named wins: %s', (text, named) => {
    expect(framework(text)).toBe(named);
  });

  it.each(['vllm serve unsloth/Llama-3.2-3B-Instruct on a T4', 'run unsloth/llama-3-8b-bnb-4bit on a T4', 'inference with unsloth/llama-3-8b-bnb-4bit on a 3060'])(
    'a checkpoint served or run is no Unsloth training run: %s',
    (text) => {
      const { s } = readNoticed(text);
      expect(s.mode).toBe('inference');
      expect(s.framework).not.toBe('unsloth');
    },
  );
});

describe("torchtune's recipes, configs and CLI", () => {
  it('c556: a pasted config naming lora_finetune_distributed.py is torchtune LoRA under FSDP', () => {
    const { s } = readNoticed(lineText('c556'));
    expect([s.framework, s.mode, s.sharding.kind, s.loss]).toEqual(['torchtune', 'lora', 'fsdp', 'chunked']);
  });

  it.each([
    ['tune run full_finetune_single_device --config llama3_2/3B_full_single_device on a 4090', 'full'],
    ['tune run lora_finetune_single_device --config llama3_1/8B_lora_single_device on a 4090', 'lora'],
    ['我用 lora_finetune_distributed 在两张A100上训练 llama3.1 8b', 'lora'],
    ['full_finetune_distributed.py with llama3.1 8b on 8 H100 runs out of memory', 'full'],
    ['the qwen2_5/7B_lora config on 2 A100s runs out of memory', 'lora'],
    ['tune cp llama3_1/8B_lora my.yaml and fine-tune it on a 4090', 'lora'],
  ])('%s', (text, mode) => {
    const { s } = readNoticed(text);
    expect([s.framework, s.mode]).toEqual(['torchtune', mode]);
  });

  it('`tune download` alone suggests torchtune, said', () => {
    const { s, said } = readNoticed('tune download meta-llama/Llama-3.1-8B-Instruct, then LoRA fine-tune it on a 4090');
    expect(s.framework).toBe('torchtune');
    expect(said).toMatch(/from "tune download"\?/);
  });
});

describe("lit-gpt's per-method scripts", () => {
  it.each([
    ['python finetune/lora.py --checkpoint_dir checkpoints/meta-llama/Llama-2-7b-hf on 1 A100', 'lora'],
    ['I run finetune/full.py with llama-2-7b on 4 A100s and it OOMs', 'full'],
    ['用 finetune/lora.py 微调 llama-2-13b，8张A100', 'lora'],
  ])('%s (weak, said)', (text, mode) => {
    const { s, said } = readNoticed(text);
    expect([s.framework, s.mode]).toEqual(['litgpt', mode]);
    expect(said).toMatch(/finetune\/(?:lora|full)\.py"\?/);
  });

  it('a path under lit-gpt/ is litgpt outright (the command rules read it), not said as a guess', () => {
    const { s, said } = readNoticed('lit-gpt/finetune/full.py with llama-2-7b on 4 A100s OOMs');
    expect([s.framework, s.mode]).toEqual(['litgpt', 'full']);
    expect(said).not.toMatch(/finetune\/full\.py"\?/);
  });
});

describe("llama.cpp's Python binding", () => {
  it.each(['I use llama-cpp-python to run llama-2-13b on a 3060', 'pip install llama_cpp_python, then llama-2-13b q4_k_m on a 3060 runs out of memory', '用 llama-cpp-python 在3060上跑 llama-2-13b'])(
    '%s: llama.cpp, run, not a mention',
    (text) => {
      const { s, said } = readNoticed(text);
      expect([s.framework, s.mode]).toEqual(['llamacpp', 'inference']);
      expect(said).not.toMatch(/framework llamacpp — from/);
    },
  );
});

describe('PEFT int8 recipes', () => {
  it("c600: llama-recipes' quickstart notebook is PEFT's int8 LoRA recipe (accelerate only loads it)", () => {
    const { s } = readNoticed(line('c600').text);
    expect([s.framework, s.mode, s.weights]).toEqual(['peft', 'lora', 'int8']);
  });

  it.each([
    'model = prepare_model_for_int8_training(model)\nlora on llama-2-7b on a T4',
    'I call prepare_model_for_int8_training then get_peft_model for llama-2-13b on a 3090',
    'the llama-cookbook/getting-started/finetuning/quickstart_peft_finetuning.ipynb with llama-2-7b on an A10',
  ])('%s', (text) => {
    const { s } = readNoticed(text);
    expect([s.framework, s.weights]).toEqual(['peft', 'int8']);
  });
});

/** Weak artefacts and the named frameworks that must win over them, in either order. */
const WEAK_ARTEFACTS = ['unsloth/llama-3-8b-bnb-4bit', 'finetune/lora.py', 'tune download meta-llama/Llama-3.1-8B'];
const NAMED = [
  ['axolotl', 'axolotl'],
  ['deepspeed', 'deepspeed'],
  ['llama-factory', 'llama-factory'],
  ['torchtune', 'torchtune'],
  ['unsloth', 'unsloth'],
  ['litgpt', 'litgpt'],
] as const;

describe('property: a framework the message names is never overridden by an artefact', () => {
  it('in either order, with or without a training word', () => {
    fc.assert(
      fc.property(fc.constantFrom(...WEAK_ARTEFACTS), fc.constantFrom(...NAMED), fc.boolean(), (artefact, [word, value], namedFirst) => {
        const parts = [`fine-tune llama-3-8b, ${artefact}`, `with ${word}`];
        const text = `${(namedFirst ? parts.reverse() : parts).join(' ')} on a 4090`;
        expect(framework(text)).toBe(value);
      }),
      { numRuns: 60 },
    );
  });
});

describe("text-generation-webui's --loader names the format it runs", () => {
  it('c406: --loader exllama over a GPTQ checkpoint is read as GPTQ, with "loader" no longer a setting not read', () => {
    const r = readNoticed(line('c406').text);
    expect(r.s.weights).toBe('gptq');
    expect(read(line('c406').text).said).not.toMatch(/settings I do not read: [^|]*\bloader\b/);
  });

  it.each([
    ['python server.py --model llama-2-13b --loader exllama on a 3060', 'gptq', 'hf'],
    ['python server.py --model llama-2-13b --loader ExLlamav2_HF on a 3060', 'gptq', 'hf'],
    ['python server.py --model llama-2-13b --loader AutoAWQ on a 3060', 'awq', 'hf'],
    ['python server.py --model llama-2-13b --loader llama.cpp on a 3060', 'q4_k_m', 'llamacpp'],
    ['python server.py --model llama-2-13b --loader=transformers on a 3060', 'bf16', 'hf'],
  ])('%s', (text, weights, framework) => {
    const { s } = readNoticed(text);
    expect([s.weights, s.framework]).toEqual([weights, framework]);
  });

  it('a loader not modelled is set aside, said', () => {
    const { s, said } = read('python server.py --model llama-2-13b --loader hqq on a 3060');
    expect(s.weights).toBe('bf16');
    expect(said).toMatch(/--loader hqq is not a loader I model/);
  });
});
