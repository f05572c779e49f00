import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';

/**
 * config.key-without-colon (src/language/config-keys/patterns.ts): a snake_case key of ours alone
 * on its line with its value reads as if the colon were there ("layer_num 28",
 * ssbuild/chatglm_finetuning#70). Found by bench:variations "key-colon-dropped".
 */

function meaning(text: string): string {
  const read = parseRequest(text);
  if (!read.ok) return `refused: ${read.error.message.split('\n')[0]}`;
  // A setting said twice ("distributed_type FSDP" left to prose beside "fsdp") is one reading: items as a set.
  return JSON.stringify([...new Set(read.items.map(({ at: _at, end: _end, text: _text, ...rest }) => JSON.stringify(rest)))]);
}

/** Config dumps as pasted (c001 tloen/alpaca-lora#389; an invented LLaMA-Factory YAML; a Chinese line before an axolotl one). */
const DUMPS = [
  '为什么我3090 24g，跑llama-7b就报CUDA out of memory了？？\nbase_model: ../LLaMA-7B\nbatch_size: 24\nmicro_batch_size: 1\ncutoff_len: 400\nlora_r: 8\nlora_alpha: 16\nlora_dropout: 0.05',
  'OOM on 2x A100 80G\nmodel_name_or_path: Qwen/Qwen2.5-7B\nfinetuning_type: lora\nlora_rank: 16\ncutoff_len: 4096\nper_device_train_batch_size: 2\ngradient_accumulation_steps: 8\nbf16: true',
  '显存不够，4090 上跑 mistral 7b\n  sequence_len: 2048\n  micro_batch_size: 4\n  gradient_accumulation_steps: 2\n  lora_r: 32',
  // An accelerate config (c253, huggingface/accelerate's default_config.yaml shape): a key we do not read beside the launcher's count.
  'llama-7b fsdp OOM on L40S\ncompute_environment: LOCAL_MACHINE\ndistributed_type: FSDP\nmixed_precision: bf16\nnum_machines: 1\nnum_processes: 8',
];

const colonsDropped = fc.tuple(fc.constantFrom(...DUMPS), fc.array(fc.nat(), { minLength: 1, maxLength: 6 })).map(([text, picks]) => {
  const lines = text.split('\n');
  for (const p of picks) {
    const k = p % lines.length;
    lines[k] = lines[k]!.replace(/^([ \t]*[a-z][a-z0-9]*(?:_[a-z0-9]+)+):[ \t]*(?=\S)/, '$1 ');
  }
  return { text, dropped: lines.join('\n') };
});

describe('a config key written without its colon', () => {
  it('a dump reads the same with any of its keys\' colons left out', () => {
    fc.assert(
      fc.property(colonsDropped, ({ text, dropped }) => {
        expect(meaning(dropped)).toBe(meaning(text));
      }),
      { numRuns: 40 },
    );
  });

  it('"micro_batch_size 1" under "batch_size 24" is the alpaca-lora micro-batch, as with colons', () => {
    const read = parseRequest('llama-7b lora on a 3090\nbatch_size 24\nmicro_batch_size 1\ncutoff_len 400');
    expect(read.ok && read.items.filter((i) => i.kind === 'batch' || i.kind === 'seq').map((i) => i.text)).toEqual(['batch_size 24', 'micro_batch_size 1', 'cutoff_len 400']);
  });

  it('a key no table knows is set aside with a config value, and left to prose with a word', () => {
    expect(meaning('llama-7b on a 3090\nmy_own_knob 24')).toBe(meaning('llama-7b on a 3090'));
    // c315's thread title (OpenRLHF/OpenRLHF, "train_ppo_ray OOM") names the PPO script, not a key set to "OOM".
    expect(meaning('train_ppo_ray OOM\n16b zero3 on 4 gpus')).toContain('ppo');
  });
});
