import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../../src/language/config-keys.js';
import { MappedText } from '../../src/language/mapped-text.js';
import { normalise, withoutInvisibles } from '../../src/language/normalise.js';
import { parseCount, parseRequest } from '../../src/language/parse.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { scenarioSchema } from '../../src/scenario/schema.js';

/** Pieces of what people paste: items, prose, config pairs, flags, chat markup, other scripts. */
const PIECES = [
  '13b', 'llama 3 70b', 'mistral-7b-instruct-v0.2', 'meta-llama/Llama-2-7b-hf', 'Qwen-7B-Chat', 'BaiChuan-7B', 'vicuna 13b',
  'on my 4090', '8 80GB A100s', 'A100s (40G)', '2 nodes (16xA100 80G)', 'a 3060 12GB', '4 x NVIDIA A10G 24 Gb', '1T RAM',
  'can I run', 'finetune', 'fine tunning', 'with lora', 'without peft', 'w/o gradient checkpointing', 'zero-3', 'deepseed',
  'bf16 True', 'gradient_checkpointing: false', 'per_device_train_batch_size=4', '--max-model-len 4096', '--tensor-parallel-size 2',
  '-c 4096 -ngl 99', 'Q4_K_M', 'load_in_4bit: true', 'lora_r: 16', '"zero_optimization": {"stage": 3}', 'MAX_TOTAL_TOKENS=8192',
  'I get OOM', 'thanks!', 'any idea why?', 'hello', '8K tokens', '4000-token prompt', 'context len=2k', '&amp;', '<!here>',
  '@everyone', '\u200b', 'ну', '显存', '```', '\n', 'shiny', '12', 'vs', 'of', 'on', 'gen', 'seq',
];

const message = fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 14 }).map((parts) => parts.join(' '));

describe('the tolerant road never throws and reads one way', () => {
  // Speed is measured by `npm run bench:speed`, never asserted here (a wall-clock bound flakes on a busy machine).
  it('answers every message (a reading or an error)', () => {
    resolveRequest('warm up 7b on a 4090', null);
    fc.assert(
      fc.property(message, (text) => {
        const outcome = resolveRequest(text, null);
        expect(typeof outcome.ok).toBe('boolean');
        if (!outcome.ok) expect(outcome.error.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('resolves only to scenarios the schema accepts (the request path no longer runs zod)', () => {
    fc.assert(
      fc.property(message, (text) => {
        const outcome = resolveRequest(text, null);
        if (outcome.ok && outcome.scenario) expect(scenarioSchema.safeParse(outcome.scenario).success).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('finds exactly one parse for whatever it reads', () => {
    fc.assert(
      fc.property(message, (text) => {
        const outcome = parseRequest(text);
        if (outcome.ok) expect(parseCount(text)).toBe(1);
      }),
      { numRuns: 300 },
    );
  });

  it('points every item at the user\'s own words', () => {
    fc.assert(
      fc.property(message, (text) => {
        const outcome = parseRequest(text);
        if (!outcome.ok) return;
        // Positions count the characters the user sees: invisible ones are taken out first (issue 26).
        const seen = withoutInvisibles(text);
        for (const item of outcome.items) {
          expect(item.at).toBeGreaterThanOrEqual(0);
          expect(item.end).toBeLessThanOrEqual(seen.length);
          expect(seen.slice(item.at, item.end)).toBe(item.text);
        }
        for (const u of outcome.unread) expect(seen.slice(u.at, u.at + u.word.length)).toBe(u.word);
      }),
      { numRuns: 300 },
    );
  });
});

describe('what a tolerant reading sets aside', () => {
  // unslothai/unsloth#1624: "I'm currently at 0.32 gpu_memory_utilization with 4096 max_completion_length on a 7b model
  // and an A6000 (48gb)." The orphaned 4096 took the model's size with it, and "512 on an A6000" became 512 cards.
  it('a bare number goes before a model, a card or the "on" that would make it a GPU count', () => {
    const read = resolveRequest("I'm currently at 0.32 gpu_memory_utilization with 4096 max_completion_length on a 7b model and an A6000 (48gb).", null);
    expect(read.ok && read.scenario?.model.requestedParams).toBe(7e9);
    expect(read.ok && read.scenario?.hardware?.count).toBe(1);
    const cards = resolveRequest('so I finetune lora 7b with 512 on an A6000 card', null);
    expect(cards.ok && cards.scenario?.hardware?.count).toBe(1);
  });

  // corpus c037 (ggml-org/llama.cpp): "this model has **48** decoder layers, so I used **-ngl 48**".
  it('a flag outlasts the prose around it', () => {
    const p = parseRequest("I'm using DeepSeek-R1-Distill-Qwen-14B-Q4_K_M.gguf and this model has 48 decoder layers, so I used -ngl 48");
    expect(p.ok && p.items.some((i) => i.kind === 'ngl')).toBe(true);
  });

  it('whatever it sets aside, a size said once is never the one dropped when a bare number can go', () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 99999 }), fc.constantFrom('7b', '13b', '70b'), fc.constantFrom('A6000', '4090', 'H100'), (n, size, card) => {
      const p = parseRequest(`hello there, with ${n} on a ${size} model and an ${card} please`);
      return p.ok && p.items.some((i) => i.kind === 'size');
    }), { numRuns: 60 });
  });
});

describe('config keys read as request words', () => {
  const read = (text: string) => readConfig(normalise(text)).text.text.replace(/\s+/g, ' ').trim();

  it.each([
    ['per_device_train_batch_size=4', 'train bs 4'],
    ['gradient_accumulation_steps: 8', 'ga 8'],
    ['--bf16 True', 'amp bf16'],
    ['bf16 True', 'amp bf16'],
    ['gradient_checkpointing False', 'no gc'],
    ['gradient_checkpointing: true', 'gc'],
    ['--max-model-len 4096', 'serve seq 4096'],
    // vLLM's flag: a serving engine's (issue 11 brief "cfg"); next to training keys it is only tp.
    ['--tensor-parallel-size=2', 'serve tp 2'],
    ['--gpu-memory-utilization 0.95', 'serve util 0.95'],
    ['--kv-cache-dtype fp8_e5m2', 'serve kv fp8'],
    ['--quantization awq', 'awq'],
    ['-c 4096', 'seq 4096'],
    ['MAX_TOTAL_TOKENS=8192', 'serve seq 8192'],
    ['load_in_4bit: true', 'nf4'],
    ['bnb_4bit_use_double_quant=True', 'nf4 dq'],
    ['finetuning_type: lora', 'lora'],
    ['lora_target: q_proj,v_proj', 'lora q,v'],
    ['target_modules=["q_proj","k_proj","v_proj","o_proj"]', 'lora q,k,v,o'],
    ['lora_target: c_attn', 'lora q,k,v'],
    ['optim: paged_adamw_8bit', 'paged adamw 8bit'],
    ['deepspeed: examples/deepspeed/ds_z3_offload_config.json', 'deepspeed zero3 offload optimizer offload params'],
    ['fsdp: full_shard auto_wrap offload', 'fsdp offload params offload optimizer'],
    ['quantization_bit: 4', 'nf4'],
    ['cutoff_len: 1024', 'seq 1024'],
    ['--precision bf16-true', 'pure bf16'],
    ['CUDA_VISIBLE_DEVICES=0,1,2,3', '4 gpus'],
  ])('%s → %s', (text, words) => {
    expect(read(text)).toBe(words);
  });

  it('reads DeepSpeed JSON by its nesting: a stage under zero_optimization, a device under offload_optimizer', () => {
    const json = '{"zero_optimization": {"stage": 3, "offload_optimizer": {"device": "cpu"}, "offload_param": {"device": "none"}}, "train_micro_batch_size_per_gpu": 2}';
    expect(read(json).replace(/[{},]/g, ' ').replace(/\s+/g, ' ').trim()).toBe('zero3 offload optimizer bs 2');
  });

  it('reads YAML blocks by indentation', () => {
    // DeepSpeed's bf16.enabled is its bf16 mode: 16-bit weights, fp32 master weights in the optimizer.
    const yaml = 'zero_optimization:\n  stage: 2\n  offload_optimizer:\n    device: cpu\nbf16:\n  enabled: true';
    expect(read(yaml)).toBe('zero2 offload optimizer mixed bf16');
  });

  it('lists keys it read and set aside, and keys it does not know, instead of failing', () => {
    const r = readConfig(MappedText.of('learning_rate=2e-5 num_train_epochs: 3 frobnicate_level=7 lora_r: 8'));
    expect(r.ignoredKeys).toEqual(['learning_rate', 'num_train_epochs']);
    expect(r.unknownKeys).toEqual(['frobnicate_level']);
    expect(r.text.text.replace(/\s+/g, ' ').trim()).toBe('lora rank 8');
  });

  it('honours an axolotl config\'s bf16 as 16-bit weights (pure), HF Trainer\'s as autocast (amp)', () => {
    expect(read('base_model: x\nsequence_len: 2048\nbf16: auto')).toMatch(/pure bf16$/);
    expect(read('per_device_train_batch_size: 1\nbf16: true')).toMatch(/amp bf16$/);
  });
});
