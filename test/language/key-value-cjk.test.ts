import { describe, expect, it } from 'vitest';
import { allMatches } from '../../src/language/all-matches.js';
import { CONNECTIVES } from '../../src/language/config-keys/connectives.js';
import { KEY_IS_VALUE, KEY_SET_TO } from '../../src/language/config-keys/patterns.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * A config key given its value in Chinese or Korean prose: "cutoff_len设的2048", "max_model_len设成16384",
 * "cutoff_len을 4096으로 설정", "stage设置为2". One table of connectives (config-keys/connectives.ts) serves every key
 * the config-key map knows, as the English "seq_length is 2048" (config.key-is-value) and "set to" do. A copula
 * (是 / 为 / 는 / 은, like the English "is") may name another run's key: weak, said with its words; a verb of
 * setting (设为 / 设的 / 改成 / 으로 설정, like "set to") is the user's own.
 * Written before the fix from the phenomenon (the stranger's "cutoff_len设的2048" of issue 22's brief, and
 * "stage设置为2", hiyouga/LlamaFactory#1119); scored 8/16 before, 16/16 after.
 */

type Field = 'seq' | 'micro' | 'ga' | 'rank' | 'tp' | 'share' | 'stage';
const fieldOf = (s: Scenario, f: Field): number | undefined =>
  ({
    seq: s.seq,
    micro: s.microBatch,
    ga: s.gradAccum,
    rank: s.lora?.rank,
    tp: s.parallel.tp,
    share: s.inference?.gpuMemoryUtilization,
    stage: s.sharding.kind === 'zero' ? s.sharding.stage : 0,
  })[f];
const TRACE_FACT: Record<Field, string> = { seq: 'seq', micro: 'batch', ga: 'grad accum', rank: 'method', tp: 'tp', share: 'util', stage: 'sharding' };

/** [text, field, value, weak]: weak is the copula's mark (true), a verb's none (false), or not asked (undefined). */
export const VARIATIONS: readonly [string, Field, number, boolean?][] = [
  ['两台服务器，每台4张3090，Qwen2.5-14B LoRA, cutoff_len设的3072, deepspeed zero2', 'seq', 3072, false],
  ['qwen2-7b lora 单卡A100 80G，max_seq_length 设置成 4096，爆显存了', 'seq', 4096, false],
  ['llama-3-8b 全参微调 8卡A800 zero3，per_device_train_batch_size改成4之后就OOM了', 'micro', 4],
  ['gradient_accumulation_steps用的16，qwen2.5-7b lora，单张4090', 'ga', 16],
  ['lora_rank设置为64，qwen1.5-14b lora，两张A6000', 'rank', 64],
  ['vllm部署qwen2-72b-instruct-awq，4张4090，max_model_len设成16384', 'seq', 16384, false],
  ['vllm部署qwen2-72b-instruct-awq，4张4090，tensor_parallel_size 为 4', 'tp', 4, true],
  ['gpu_memory_utilization 改为 0.95，vllm 跑 qwen2.5-32b，2xA100 80G', 'share', 0.95],
  ['cutoff_len设为４０９６，qwen2-7b lora 单卡4090', 'seq', 4096],
  ['max_seq_length 是 3072，llama-3-8b lora，1张A100 80G', 'seq', 3072, true],
  ['8卡A800全参微调qwen-14b，deepspeed的stage设的3', 'stage', 3],
  ['A100 80GB 1장에서 llama-3-8b LoRA 학습, cutoff_len을 3072으로 설정했는데 OOM이 납니다', 'seq', 3072, false],
  ['vLLM으로 qwen2.5-14b 서빙, RTX 4090 2장, max_model_len은 16384', 'seq', 16384, true],
  ['vLLM으로 qwen2.5-14b 서빙, RTX 4090 2장, gpu_memory_utilization를 0.85로 설정', 'share', 0.85],
  ['llama-2-7b 풀 파인튜닝, H100 8장, zero3, per_device_train_batch_size를 8로 설정', 'micro', 8],
  ['llama-2-13b 풀 파인튜닝, A100 40GB 8장, deepspeed stage를 2로 설정', 'stage', 2],
];

/** What the reader got wrong on one variation, or null. */
export function misread([text, field, value, weak]: (typeof VARIATIONS)[number]): string | null {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) return 'refused';
  const got = fieldOf(r.scenario, field);
  if (got !== value) return `${field} ${got}, wanted ${value}`;
  if (weak === undefined) return null;
  const isWeak = (r.trace ?? []).some((f) => f.fact === TRACE_FACT[field] && f.at !== null && f.weak);
  return isWeak === weak ? null : `${field} ${weak ? 'not said weak' : 'said weak'}`;
}

describe('a config key given its value in Chinese or Korean is read, for every key the map knows', () => {
  it.each(VARIATIONS)('%j', (...variation) => {
    expect(misread(variation)).toBeNull();
  });
});

describe('each connective of the table is read by the patterns built from it (connectives.ts)', () => {
  it.each(CONNECTIVES.map((c) => [c.id, c] as const))('%s: its example', (_, connective) => {
    const pattern = connective.id === 'connective.en-set' ? KEY_SET_TO : KEY_IS_VALUE;
    const text = connective.example.toLowerCase();
    const found = allMatches(pattern, text);
    expect(found.length, text).toBeGreaterThan(0);
  });
});
