import type { FactTrace } from './facts.js';
import type { Scenario } from './schema.js';

/** A load's words: "concurrency 32", "Concurrent requests (24)", "20 concurrent requests", 并发 32, 동시 요청. */
const LOAD_WORDS = /concurren|simultaneous|in parallel|并发|同时|동시/i;
/** A message that reports a benchmark or a load test, whose concurrency is the client's load. */
const BENCHMARK = /\bbench(?:mark\w*|_serving|_one_batch)?\b|\bload[- ]?test\w*|\bstress[- ]?test\w*|\bgenai-perf\b|\bllmperf\b|\bworkload\b|压测|基准测试|벤치마크|부하\s*테스트/i;

/**
 * "Concurrency" as a noun names a setting of a client's load or a server's cap, in a benchmark or not: "H200
 * variants raise concurrency to 32" (a recipe's server setting beside its context, cloudrift-ai/emmy#130, c2822,
 * read as bs 32 in silence where the corpus reads no batch), 并发数 / 并发量. "20 concurrent requests" and "8
 * requests in parallel" outside a benchmark say the user's own need, the sequences the engine holds: firm.
 */
const CONCURRENCY_SETTING = /concurrency|并发(?:数|量)/i;

/**
 * A served model's batch read from a benchmark's concurrency is weak (issue 22: two readings the words do not
 * decide). A benchmark's concurrency is the load its client sends: the engine holds that many sequences where
 * they fit ("I send **20** concurrent requests each with length of **1k tokens**", sgl-project/sglang, c881,
 * read as bs 20), or it is a workload row beside the engine's own limits ("Workload: ISL/OSL 1024/1024,
 * concurrency 32", AMD-AGI/Magpie#88, c2315; "| Concurrent requests (24) | All parallel |", a results table,
 * triton-inference-server/server#8691, c2113), where the corpus reads no batch. Both were read firm, two of the
 * three wrong in silence: the batch is said with its words, and "bs 1" as the other reading.
 */
export function withBenchmarkLoad(f: FactTrace, s: Scenario, text: string): FactTrace {
  if (f.fact !== 'batch' || f.weak || f.at === null || s.mode !== 'inference' || f.value === '1') return f;
  if (!LOAD_WORDS.test(f.words) || !(BENCHMARK.test(text) || CONCURRENCY_SETTING.test(f.words))) return f;
  return { ...f, weak: true, weakWords: f.words.trim(), alternative: 'bs 1' };
}
