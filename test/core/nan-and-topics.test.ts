import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { isNanQuestion } from '../../src/diagnose/index.js';
import { corpusText } from '../corpus/corpus.js';

/** NaN questions get the triage first; `oom` / `nan` in a thread read its scenario (issue 24, item 8). */

describe('NaN and divergence questions', () => {
  it.each(['my loss goes NaN with fp16 on a V100', 'loss diverges after 2k steps bf16', 'grad norm inf', 'nan', 'my loss explodes after warmup'])('"%s" is a NaN question', (text) => {
    expect(isNanQuestion(text)).toBe(true);
    expect(respond(text, null).reply.kind).toBe('diagnosis');
  });

  it.each(['13b on a100', 'llama-3-8b inference on a 4090', 'oom', 'infer 7b on l4', 'loss scale'])('"%s" is not', (text) => {
    expect(isNanQuestion(text)).toBe(false);
  });

  // Real requests the word alone sent to the triage: DeepSpeed's ZeRO-Infinity (c3562), a signature
  // "Nan" under a question about memory (c1078), a model type "inf-llm" in a pasted config (c952).
  it.each(['c3562', 'c1078', 'c952'])('corpus %s names no NaN: it gets its memory answer', (id) => {
    expect(isNanQuestion(corpusText(id))).toBe(false);
    expect(respond(corpusText(id), null).reply.kind).not.toBe('diagnosis');
  });

  it.each([
    '13b lora on 2x 3090 with zero-infinity offload, how much host RAM?',
    'llama-2-7b with deepspeed infinity on a 4090',
    'Can 70b run on 2x a100?\n\nThanks,\nNan',
    'model: inf-llm, 7b on a100',
    'what does nan_to_num cost in memory for 7b on a 4090',
  ])('a NaN word in a name or a signature is no question: "%s"', (text) => {
    expect(isNanQuestion(text)).toBe(false);
  });

  it.each([
    'I keep getting NaN after 300 steps, 7b lora on a 4090',
    'training goes nan with 13b on 8x v100',
    'the logits become inf after a few steps',
    'loss为nan，qwen2-7b lora 4090',
  ])('a NaN said of the loss or the run, in other words: "%s"', (text) => {
    expect(isNanQuestion(text)).toBe(true);
  });

  // A question past 600 characters with its config pasted: the question is the prose's, the
  // precision the config's ("fp16: false" is no fp16), and the setup's verdict is said with the triage.
  const longQuestion = [
    "Hi, I'm fine-tuning with axolotl and after about 300 steps my loss goes nan and grad_norm is inf. I lowered the lr and it still happens. My config, on 2x RTX 3090:",
    '```yaml',
    'base_model: meta-llama/Meta-Llama-3-8B',
    'load_in_4bit: true',
    'adapter: qlora',
    'lora_r: 16',
    'lora_target_linear: true',
    'sequence_len: 2048',
    'micro_batch_size: 1',
    'gradient_accumulation_steps: 4',
    'optimizer: paged_adamw_8bit',
    'learning_rate: 0.0002',
    'bf16: auto',
    'fp16: false',
    'gradient_checkpointing: true',
    'warmup_steps: 10',
    'num_epochs: 3',
    'lr_scheduler: cosine',
    'output_dir: ./outputs/llama3-qlora',
    'dataset_prepared_path: last_run_prepared',
    'val_set_size: 0.05',
    'logging_steps: 1',
    '```',
  ].join('\n');

  it('a long question with its config gets both answers: the triage (bf16, from the config) and how the setup stands', () => {
    expect(longQuestion.length).toBeGreaterThan(600);
    const reply = respond(longQuestion, null).reply;
    if (reply.kind !== 'diagnosis') throw new Error(`expected the triage, got ${reply.kind}`);
    expect(reply.cause).toBe('nan-bf16');
    expect(reply.setup?.request).toMatch(/meta-llama-3-8b qlora .*on 2x rtx-3090/);
    expect(reply.setup?.verdict).toMatch(/^(✓|✗|⚠|Tight|Fits|Does)/);
    expect(reply.memoryRequest).toBe(reply.setup?.request);
  });

  it('a setup stated with the question becomes the thread\'s: a follow-up changes it', () => {
    const turn = respond('my loss goes nan after 2k steps, 7b lora bf16 seq 4096 on a 4090', null);
    if (turn.reply.kind !== 'diagnosis') throw new Error('expected the triage');
    expect(turn.reply.setup?.request).toMatch(/^7b lora .*seq 4096/);
    const next = respond('seq 2048', turn.state).reply;
    if (next.kind !== 'estimate') throw new Error(`expected an estimate, got ${next.kind}`);
    expect(next.canonical).toMatch(/^7b lora .*seq 2048/);
  });

  it('the same words in a config comment are no question ("# detect nan or inf values")', () => {
    const text = '13b lora on a 4090\n```yaml\n# uncomment to detect nan or inf values\n# debug: underflow_overflow\nlora_r: 8\n```';
    expect(isNanQuestion(text)).toBe(false);
  });

  it('a NaN beside a reported out-of-memory: the estimate answers, with the NaN tips under the OOM triage', () => {
    const reply = respond('13b lora bf16 on a 4090. it OOMs after 200 steps and before that the loss went nan', null).reply;
    if (reply.kind !== 'estimate') throw new Error(`expected the estimate, got ${reply.kind}`);
    const topics = reply.tips.map((t) => t.topic);
    expect(topics).toContain('nan');
    expect(topics.indexOf('nan')).toBeGreaterThan(topics.indexOf('oom'));
  });

  it('the triage leaves the thread as it was: a question is no change to the setup', () => {
    const thread = respond('13b fp16 on 4x v100', null).state;
    fc.assert(
      fc.property(fc.constantFrom('nan', 'my loss goes NaN', 'loss diverges after 2k steps', 'grad norm inf'), (text) => {
        const turn = respond(text, thread);
        expect(turn.reply.kind).toBe('diagnosis');
        expect(turn.state).toBe(thread);
      }),
    );
  });

  it("`nan` in a thread is read on its setup: the V100's fp16, and its estimate one click away", () => {
    const turn = respond('nan', respond('13b fp16 on 4x v100', null).state);
    if (turn.reply.kind !== 'diagnosis') throw new Error('expected the triage');
    expect(turn.reply.cause).toBe('nan-fp16');
    expect(turn.reply.actions.join('\n')).toMatch(/V100 .*has no bf16/);
    expect(turn.reply.memoryRequest).toMatch(/^13b .*fp16.*v100/);
  });
});

describe('`oom` in a thread', () => {
  const setups = ['13b on 1x a100-80g', '70b on 2x h100', '7b on a 4090', '8b inference on l4', '7b lora on 24GB', '13b zero3 on 8x a100-80g', '3b on a 4090'];

  it('never gives the near-fit ("Tight fit") advice on a setup that does not fit, and is titled with a sentence on the setup', () => {
    for (const setup of setups) {
      const start = respond(setup, null);
      if (start.reply.kind !== 'estimate') throw new Error(setup);
      const tips = respond('oom', start.state).reply;
      if (tips.kind !== 'help') throw new Error(`oom in "${setup}"`);
      if (start.reply.verdict.status === 'no') expect(tips.tips.map((t) => t.title), setup).not.toContain('Tight fit');
      expect(tips.title, setup).toContain(start.reply.verdict.headline);
      expect(tips.title, setup).toMatch(/\.$/);
      expect(tips.tips.length, setup).toBeGreaterThan(0);
    }
  });
});
