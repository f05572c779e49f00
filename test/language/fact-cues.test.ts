import { describe, expect, it } from 'vitest';
import { cueOf as cueRead } from '../../src/scenario/fact-cues.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Every GPU count, node count, length and batch a reply states records the cue it was read on
 * (issue 22, item 2): its key, its unit, a neighbouring noun, its place in a hardware phrase, a
 * keyword, derived from elsewhere (a split, a launcher), or not read here at all.
 */

function cueOf(text: string, fact: string): string | undefined {
  const r = resolveRequest(text, null);
  if (!r.ok) throw new Error(`not read: ${text}: ${r.error.message}`);
  const facts = (r.trace ?? []).filter((f) => f.fact === fact);
  expect(facts.length, `${fact} in ${text}`).toBeGreaterThan(0);
  return facts[0]!.cue;
}

describe('the cue behind each count and length', () => {
  it.each([
    ['vllm serve Qwen/Qwen2.5-7B-Instruct --max-model-len 4096 on 1x A100', 'seq', 'key'],
    ['serve qwen2.5-7b on an A100 with prompts of about 3000 tokens', 'seq', 'unit'],
    ['Qwen1.5-14B on 2x4090, 最高支持10000token左右', 'seq', 'unit'],
    ['llama-3-8b lora seq 4096 on a 4090', 'seq', 'keyword'],
    ['llama-3-8b lora on a 4090', 'seq', 'default'],
    ['full finetune llama-2-7b with zero3 on 4x A100', 'gpus', 'hardware'],
    ['full finetune llama-2-7b with zero3 on two 3090s', 'gpus', 'hardware'],
    ['full finetune llama-2-7b with zero3, I have 8 GPUs', 'gpus', 'noun'],
    ['accelerate launch --num_processes 8 train.py --model_name_or_path meta-llama/Llama-2-7b-hf', 'gpus', 'key'],
    ['llama-3-8b lora bs 8 on a 4090', 'batch', 'keyword'],
    ['llama-3-8b lora on a 4090 --per_device_train_batch_size 4', 'batch', 'key'],
    // Korean and Japanese item words (prose.korean-setting-words, prose.japanese-setting-words) are keywords too.
    ['Llama-3-70B를 LoRA로 파인튜닝, A100 80GB 2장이면 충분할까요? 배치 사이즈 2, 시퀀스 길이 8192입니다.', 'batch', 'keyword'],
    ['Llama-3-70B를 LoRA로 파인튜닝, A100 80GB 2장이면 충분할까요? 배치 사이즈 2, 시퀀스 길이 8192입니다.', 'seq', 'keyword'],
    ['Qwen2.5-7BをLoRAで学習します。RTX 4090 1枚、バッチ2、シーケンス長4096で足りますか？', 'batch', 'keyword'],
    ['Qwen2.5-7BをLoRAで学習します。RTX 4090 1枚、バッチ2、シーケンス長4096で足りますか？', 'seq', 'keyword'],
  ])('%s: %s on a %s cue', (text, fact, cue) => {
    expect(cueOf(text, fact)).toBe(cue);
  });

  it('a count taken from the tp split is derived, and said so', () => {
    const r = resolveRequest('fp8 serving llama 3.3 70b tp 2 h100s', null);
    expect(r.ok && r.trace?.find((f) => f.fact === 'card')?.cue).toBe('derived');
    expect(r.ok ? r.assumptions.join(' | ') : '').toMatch(/2 GPUs in all — from the tp 2 split/);
  });

  it('facts that are no count or length carry no cue', () => {
    const r = resolveRequest('llama-3-8b lora seq 4096 on a 4090', null);
    expect(r.ok && r.trace?.filter((f) => f.cue !== undefined).every((f) => ['card', 'gpus', 'nodes', 'seq', 'batch', 'grad accum', 'global batch', 'eval'].includes(f.fact))).toBe(true);
    expect(r.ok && r.trace?.find((f) => f.fact === 'model')?.cue).toBeUndefined();
  });
});

describe('the cue of a number from its own words and the words around it', () => {
  it.each([
    ['seq', '4096', ['item.seq'], '4096', { before: 'Unsloth LLAMA3 8B, ', after: ' cut off, OOM on L40' }, 'keyword'],
    ['seq', '32768', ['item.seq'], '32k', { before: '- `num_ctx` = ', after: ' (32,768), then' }, 'key'],
    ['seq', '32768', ['item.seq'], '32k', { before: 'GRPO training with ', after: ' max response length' }, 'keyword'],
    ['seq', '3072', ['item.seq'], '3k', { before: 'prompts of about ', after: ' tokens' }, 'unit'],
    ['seq', '4096', ['item.seq'], '4096', { before: 'we ran it ', after: ' and it broke' }, 'position'],
    ['gpus', '8', ['item.hardware'], '8', { before: 'we had ', after: ' and then' }, 'position'],
    ['gpus', '4', ['item.hardware'], 'GPU', { before: 'A10G ', after: ' (24GB each)' }, 'derived'],
    ['card', '1× A100 80GB', ['item.hardware'], 'on an A100', { before: '', after: '' }, 'hardware'],
    ['card', '2× RTX 3090 24GB', ['item.hardware'], 'two 3090s', { before: '', after: '' }, 'hardware'],
    ['gpus', '8', ['config.key.nproc_per_node', 'item.hardware'], '--nproc_per_node=8', { before: '', after: '' }, 'key'],
    ['model', 'Llama-3-8B', ['item.model'], 'llama-3-8b', { before: '', after: '' }, undefined],
  ] as const)('%s %s read from %j (%s): %s', (fact, value, rules, words, around, cue) => {
    expect(cueRead(fact, value, rules, words, around)).toBe(cue);
  });
});
