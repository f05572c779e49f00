import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusLineRead, fieldMisses, runInvented } from './reading-fixtures.js';

/**
 * rlen2 (s46): a length is a length, a batch is a batch, a model's window is the model's. Invented lines, written
 * from the words before any change (docs/reading.md "Tokens per batch, another pass's batch, a printed window").
 * Each line carries the fields it must read; near misses carry the reading the mechanisms must leave alone.
 */
interface Want {
  mode?: string;
  seq?: number;
  /** The length is never this number (a count of samples, a corpus's tokens, a model's window). */
  seqNot?: number;
  mbs?: number;
  /** The micro-batch is never this number (a length, another pass's batch). */
  mbsNot?: number;
  /** The length or the batch left to its default, said as unstated. */
  unstated?: 'seq' | 'batch';
  /** Words the first screen or the assumptions must hold. */
  said?: RegExp;
}

export const INVENTED: Record<string, [string, Want][]> = {
  'a count with a token unit is a length': [
    ['each batch has to read about 9000 tokens, llama-3-8b lora on a 4090', { seq: 9000, mbsNot: 9000 }],
    ['每个batch都需要读9000个token，qwen2-7b lora 单卡4090', { seq: 9000, mbsNot: 9000 }],
    ['per batch the context is ~6k tokens, mistral-7b qlora on a 3090', { seq: 6144, mbsNot: 6 }],
    ['배치마다 8000 토큰, llama-3-8b LoRA, RTX 4090 1장', { seq: 8000, mbsNot: 8000 }],
    ['1バッチあたり4096トークン、llama-3-8bをLoRAで学習、RTX 4090 1枚', { seq: 4096, mbsNot: 4096 }],
    ['llama-3-8b lora on a 4090, 9000 tokens per batch', { seq: 9000, mbsNot: 9000 }],
    ['Training qwen2.5-7b with LoRA on 1x A100 80G. Each batch needs about 8000 tokens.\n```yaml\nlora_rank: 16\nlearning_rate: 1.0e-4\n```', { mode: 'lora', seq: 8000, mbsNot: 8000 }],
    ['gemma-2-9b lora on 1x L40S, the batch holds ~12k tokens of context', { seq: 12288, mbsNot: 12 }],
    ['a batch of 8 sequences, 2048 tokens each, llama-2-7b full fine-tune zero3 on 8x a100-80g', { seq: 2048, mbs: 8 }],
    ['each batch is 4 samples x 4096 tokens, qwen2-7b lora on 1x a100-80g', { seq: 4096, mbs: 4 }],
    ['16384 tokens per batch with 4 sequences per batch, llama-3-8b sft on 8x h100', { seq: 4096, mbs: 4, said: /16,?384|4 ?×|4 ?x/ }],
    ['每个batch 4条样本，每条2048个token，qwen2-7b 全参微调 8卡 a100 80g', { seq: 2048, mbs: 4 }],
    ['한 배치에 샘플 4개, 샘플당 2048 토큰, llama-3-8b LoRA, A100 80GB 1장', { seq: 2048, mbs: 4 }],
    ['per-batch context of 9,000 tokens for mistral-7b lora on 1x a100-80g', { seq: 9000, mbsNot: 9000 }],
    // near misses: samples, a corpus's tokens, a serving engine's token budget
    ['9000 samples per epoch, batch size 8, llama-3-8b lora on a 4090', { seq: undefined, seqNot: 9000, mbs: 8 }],
    ['llama-3-8b was trained on 15T tokens; can I run it on a 4090?', { mode: 'inference', seqNot: 15_000_000_000_000 }],
    ['dataset of 50M tokens, batch size 4, llama-2-7b lora on 1x a100-80g', { mbs: 4, seqNot: 50_000_000 }],
    ['vllm serve meta-llama/Meta-Llama-3-8B --max-num-batched-tokens 16384 --max-model-len 4096 on 1x a100-80g', { mode: 'inference', seq: 4096 }],
    ["llama-2-13b pretraining on 16x a100-80g, a batch of 9000 tokens per GPU in Megatron's global batch, seq 2048", { seq: 2048, mbsNot: 9000 }],
    // second round (written after the first change, scored before the second): the token noun before its count
    ['tokens per batch: 12000, qwen2-7b lora on 1x a100-80g', { seq: 12000, mbsNot: 12000 }],
    ['每个 batch 的 token 数是 8192，qwen2-7b lora 单卡 a100 80g', { seq: 8192, mbsNot: 8192 }],
    ['llama-3-8b lora on a 4090, each batch about 9k tokens', { seq: 9216, mbsNot: 9 }],
  ],
  "a batch of another pass is not the training micro-batch": [
    ['per_device_train_batch_size 4, per_device_eval_batch_size 8, llama-2-7b lora on 1x a100-80g', { mode: 'lora', mbs: 4 }],
    ['ref_micro_batch_size 8, micro_batch_size 2, dpo llama-3-8b on 8x a100-80g', { mbs: 2 }],
    ['generation batch 64, train micro batch 2, grpo qwen2.5-7b on 8x h100', { mbs: 2 }],
    ['rollout batch 512, micro batch 4, ppo llama-3-8b on 16x a100-80g', { mbs: 4 }],
    ['inference batch size 16 in evaluation, training bs 4, llama-3-8b lora on a 4090', { mode: 'lora', mbs: 4 }],
    ['the logprob microbatch 8 OOMs; qwen2-7b grpo with verl on 8x a100-80g, ppo micro batch 2', { mbs: 2 }],
    ['reduce policy.logprob_batch_size from 4 to 2, nemo-rl grpo llama-3.1-8b on 8x h100', { mbsNot: 2 }],
    ['评估batch size设为32，训练batch size 4，qwen2-7b lora 单卡a100 80g', { mode: 'lora', mbs: 4 }],
    ['rollout的batch是512，每卡micro batch 2，8卡H100 训练 qwen2.5-7b grpo', { mbs: 2 }],
    ['평가 배치 크기 32, 학습 배치 크기 4, llama-3-8b LoRA, A100 80GB 1장', { mode: 'lora', mbs: 4 }],
    ['評価バッチサイズ 32、学習バッチサイズ 4、llama-3-8b LoRA、A100 80GB 1枚', { mode: 'lora', mbs: 4 }],
    ['grpo qwen2.5-7b on 8x h100 with verl:\n```yaml\nactor_rollout_ref:\n  actor:\n    ppo_micro_batch_size_per_gpu: 2\n  rollout:\n    log_prob_micro_batch_size_per_gpu: 16\n  ref:\n    log_prob_micro_batch_size_per_gpu: 16\n```', { mbs: 2 }],
    ['llama-3-8b grpo on 8x h100, micro batch 1, batch size 64 for generation', { mbs: 1 }],
    ['full fine-tune llama-2-7b on 4x a100-80g, eval batch size 32', { mode: 'full', mbsNot: 32 }],
    // second round: the short spellings
    ['eval_batch_size 64 with per_device_train_batch_size 2, mistral-7b lora on a 4090', { mode: 'lora', mbs: 2 }],
    ['val bs 16 / train bs 4, llama-3-8b lora on 1x a100-80g', { mode: 'lora', mbs: 4 }],
    // near misses: the run's own batch, a running batch for a running model
    ['batch size 16 for fine-tuning, llama-2-7b lora on 1x a100-80g', { mode: 'lora', mbs: 16 }],
    ['I evaluate later, but the training batch size is 8, qwen2-7b lora on a 4090', { mode: 'lora', mbs: 8 }],
    ['inference with batch size 16, llama-3-8b on 1x a100-80g', { mode: 'inference', mbs: 16 }],
  ],
  "a model's window printed by a log or a config is the model's": [
    ['config.json has max_position_embeddings: 32768; I serve qwen2-7b with vllm --max-model-len 8192 on a L4', { mode: 'inference', seq: 8192 }],
    ['"model_max_length": 131072 in tokenizer_config.json, llama-3.1-8b lora on 1x a100-80g, cutoff_len 2048', { mode: 'lora', seq: 2048 }],
    ['ollama run llama3.1:8b on a 3060 12gb, and the log says n_ctx_train = 131072', { mode: 'inference', seqNot: 131072 }],
    ['the model card says context length: 262144; llama-server -m Qwen3-30B-A3B-Q4_K_M.gguf -c 32768 -ngl 99 on a 4090', { mode: 'inference', seq: 32768 }],
    ['serving qwen2.5-7b with llama.cpp on a 3090 and the loader prints n_ctx_train = 32768', { mode: 'inference', seqNot: 32768 }],
    ['qwen2.5-32b exl2 4.0bpw on 2x 3090 with tabbyAPI; it prints "Using configured max_seq_len: 16384 tokens"', { mode: 'inference', seq: 16384 }],
    ['tabbyAPI config for qwen2.5-32b exl2 on 2x 3090:\n```yaml\nmodel:\n  max_seq_len: 16384\n  cache_mode: Q4\n```', { mode: 'inference', seq: 16384 }],
    ['llama-server -m Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf -c 0 -ngl 99 on a 4090', { mode: 'inference', seq: 131072, said: /context|window|trained|-c 0/i }],
    ['llama-server -m Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf --ctx-size 0 -ngl 99 on a 4090', { mode: 'inference', seq: 131072 }],
    ['模型卡写着上下文长度 131072，我用 vllm 部署 llama-3.1-8b，--max-model-len 16384，单卡 4090', { mode: 'inference', seq: 16384 }],
    ['加载日志里 n_ctx_train = 32768，ollama 跑 qwen2.5-7b，显卡 3060 12g', { mode: 'inference', seqNot: 32768 }],
    ['config.json의 max_position_embeddings는 131072인데, vllm으로 --max-model-len 8192로 서빙합니다. L40S 1장, llama-3.1-8b', { mode: 'inference', seq: 8192 }],
    ['config.jsonのmax_position_embeddingsは32768ですが、max_seq_length 4096でLoRA学習します。qwen2-7b、RTX 4090 1枚', { mode: 'lora', seq: 4096 }],
    ['llama-3.1-8b lora on 1x a100-80g with cutoff_len 4096, max_position_embeddings = 131072', { mode: 'lora', seq: 4096 }],
    // second round: the source said after the window
    ['context length 262144 according to the model card; llama-server -m Qwen3-30B-A3B-Q4_K_M.gguf -ngl 99 on a 4090', { mode: 'inference', seqNot: 262144 }],
    ['llama-3.1-8b (context length 131072 per its model card) on vllm, one L40S, --max-model-len 8192', { mode: 'inference', seq: 8192 }],
    // near misses: the run's own length
    ['a 128k-context model run at 8k: llama-3.1-8b with vllm on a 4090', { mode: 'inference', seq: 8192 }],
    ['I need the full 131072 context for llama-3.1-8b, vllm --max-model-len 131072 on 1x h100', { mode: 'inference', seq: 131072 }],
    ['llama-server -m Meta-Llama-3.1-8B-Instruct-Q4_K_M.gguf -c 8192 -ngl 99 on a 4090', { mode: 'inference', seq: 8192 }],
  ],
};

/** The fields a line's reading gets wrong ([] when it reads as its spec says). */
export function misses(text: string, want: Want): string[] {
  return fieldMisses(text, (s, check, out, said) => {
    check('mode', s.mode, want.mode);
    check('seq', s.seq, want.seq);
    check('mbs', s.microBatch, want.mbs);
    if (want.seqNot !== undefined && s.seq === want.seqNot) out.push(`seq ${s.seq} is not the run's length`);
    if (want.mbsNot !== undefined && s.microBatch === want.mbsNot) out.push(`mbs ${s.microBatch} is not the run's micro-batch`);
    if (want.unstated && !(s.unstated ?? []).includes(want.unstated)) out.push(`${want.unstated} not said as unstated`);
    if (want.said && !want.said.test(said)) out.push(`not said: ${want.said}`);
  });
}

/** Invented lines the change leaves misread, each with why. */
export const KNOWN_MISSES: ReadonlyMap<string, string> = new Map([
  ['llama-3-8b was trained on 15T tokens; can I run it on a 4090?', 'the length is right (15T set aside); "was trained" reads as training, the mode slot\'s (rtask), not a length or a batch'],
  ['config.json has max_position_embeddings: 32768; I serve qwen2-7b with vllm --max-model-len 8192 on a L4', '"config.json" is read as a config pasted with the message and, none being there, refused: the model slot\'s (hub/resolve-model.ts), left alone'],
  ['config.json의 max_position_embeddings는 131072인데, vllm으로 --max-model-len 8192로 서빙합니다. L40S 1장, llama-3.1-8b', 'refused on "config.json" (a config named and none pasted): the model slot\'s, left alone'],
  ['config.jsonのmax_position_embeddingsは32768ですが、max_seq_length 4096でLoRA学習します。qwen2-7b、RTX 4090 1枚', 'refused on "config.json" (a config named and none pasted): the model slot\'s, left alone'],
]);

runInvented(INVENTED, KNOWN_MISSES, misses);

describe('released lines of the same causes', () => {
  it('c3437: "batch size of 2496 tokens" is a length of 2,496 tokens said as a guess, never a micro-batch of 2,496', () => {
    const { scenario, said } = corpusLineRead('c3437');
    expect(scenario.microBatch).toBe(1);
    expect(scenario.seq).toBe(2496);
    expect(said).toMatch(/2496 tokens/);
  });
  it('c2192: "8 prompts in a batch" in the user\'s reasoning leaves the per_device_train_batch_size key the batch', () => {
    expect(corpusLineRead('c2192').scenario.microBatch).toBe(1);
  });
  it('c296: "validation batch size=128" beside "train batch size=512" is never the micro-batch', () => {
    expect(corpusLineRead('c296').scenario.microBatch).not.toBe(128);
  });
  it('c1127: "12.40 トークン/秒" is a speed, never a length', () => {
    expect(corpusLineRead('c1127').scenario.seq).not.toBe(12);
  });
  it('c3307: a launcher\'s "Batch tokens: 4096" stays vLLM\'s prefill budget, never a length or a batch', () => {
    const { scenario } = corpusLineRead('c3307');
    expect(scenario.seq).toBe(131072);
    expect(scenario.microBatch).toBe(1);
  });
  it('c2070: "1 batch 的速度是8 tokens / s" is a speed: no length of 8, the batch stays 1', () => {
    const { scenario } = corpusLineRead('c2070');
    expect(scenario.seq).not.toBe(8);
    expect(scenario.microBatch).toBe(1);
  });
});

describe('properties', () => {
  it('a count with a token unit in a batch\'s clause is the length, never the micro-batch', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 60000 }),
        fc.constantFrom('each batch has to read about {n} tokens', 'per batch the context is {n} tokens', '{n} tokens per batch', '每个batch都需要读{n}个token', '배치마다 {n} 토큰', '1バッチあたり{n}トークン'),
        (n, phrase) => {
          const r = resolveRequest(`${phrase.replace('{n}', String(n))}, llama-3-8b lora on 1x a100-80g`, null);
          return r.ok && r.scenario?.seq === n && r.scenario.microBatch === 1;
        },
      ),
      { numRuns: 30 },
    );
  });

  it("another pass's batch never sets the micro-batch the training micro-batch set", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 512 }),
        fc.integer({ min: 1, max: 16 }),
        fc.constantFrom('eval batch size {n}', 'generation batch {n}', 'rollout batch {n}', 'logprob microbatch {n}', '评估batch size设为{n}', '평가 배치 크기 {n}', 'batch size {n} for generation'),
        (n, mbs, phrase) => {
          const r = resolveRequest(`${phrase.replace('{n}', String(n))}, micro batch ${mbs}, qwen2.5-7b grpo on 8x h100`, null);
          return r.ok && r.scenario?.microBatch === mbs;
        },
      ),
      { numRuns: 30 },
    );
  });
});
