import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * Issue 22, item 4: a logger's stamp before a launcher's dump of its arguments (segments/launcher-prefix.ts)
 * is a log's words — its dates, times and source lines are never listed as numbers not used — and vLLM's own
 * release printed there ("Initializing an LLM engine (v0.6.3) with config:") is the engine's release.
 * Drawn from TGI's Args line (huggingface/text-generation-inference#1831, corpus c042) and vLLM 0.2–0.6's
 * engine line (vllm/engine/llm_engine.py); the lines below are invented variations.
 */

const reply = (text: string) => respond(text, null).reply as EstimateReply;
const notUsed = (r: EstimateReply) => (r.notUsed ?? []).map((u) => u.words).join(' | ');
const fact = (r: EstimateReply, name: string) => r.trace?.find((f) => f.fact === name && f.at !== null);

describe("a launcher's logger stamp", () => {
  it.each([
    'INFO 11-02 10:15:22 llm_engine.py:237] Initializing an LLM engine (v0.6.3) with config: model="meta-llama/Llama-3.1-8B-Instruct", dtype=torch.bfloat16, max_seq_len=8192, tensor_parallel_size=1\nit runs out of memory on my rtx 4090',
    '(VllmWorkerProcess pid=8812) WARNING 03-07 11:56:19 llm_engine.py:161] Initializing an LLM engine (v0.5.4) with config: model=\'/data/qwen2-7b\', dtype=torch.float16, max_seq_len=32768\n2x rtx 3090',
  ])('lists none of its dates or times and reads the release it prints: %s', (text) => {
    const r = reply(text);
    expect(r.kind).toBe('estimate');
    expect(notUsed(r)).not.toMatch(/\d\d:\d\d|\.py:\d+|-\d\d\b/);
    expect(fact(r, 'vllmVersion')?.value).toMatch(/^0\.[56]/);
  });

  it("TGI's Args line with an ISO time: the time is no number left unread", () => {
    const r = reply('1 A100 GPU with 80GB\n\n2025-01-12T08:01:02.123456Z  INFO text_generation_launcher: Args { model_id: "mistralai/Mistral-7B-v0.1", num_shard: None, max_total_tokens: Some(8512) }');
    expect(r.kind).toBe('estimate');
    expect(notUsed(r)).not.toMatch(/2025|T08|02\.123456Z/);
  });

  it.each([
    '2x a10g\n2025-01-12T08:01:02.123456Z  INFO text_generation_launcher: Args { model_id: "meta-llama/Llama-2-13b-hf", num_shard: Some(2), max_total_tokens: Some(4096) }',
    'on one L4:\n2024-06-01T00:00:00Z INFO text_generation_launcher: Args { model_id: "mistralai/Mistral-7B-v0.1", max_batch_prefill_tokens: Some(2048) }',
  ])("TGI's launcher naming its Args dump is the engine that ran: %s", (text) => {
    const r = reply(text);
    expect(r.kind).toBe('estimate');
    expect(fact(r, 'framework')?.value).toMatch(/tgi/i);
  });

  it('an engine the user names wins over the launcher\'s name', () => {
    const r = reply('I moved this to vllm on 2x a10g\n2025-01-12T08:01:02Z  INFO text_generation_launcher: Args { model_id: "meta-llama/Llama-2-13b-hf", num_shard: Some(2) }');
    expect(fact(r, 'framework')?.value ?? '').not.toMatch(/tgi/i);
  });

  it("a release in the user's own words wins over the log's", () => {
    const r = reply('vllm 0.4.2 with llama-3.1-8b on 1x a10\nINFO 11-02 10:15:22 llm_engine.py:237] Initializing an LLM engine (v0.6.3) with config: model="meta-llama/Llama-3.1-8B-Instruct", max_seq_len=8192');
    expect(fact(r, 'vllmVersion')?.value).toMatch(/^0\.4/);
  });

  it('words before the dump on its line that are no stamp stay the user\'s', () => {
    const r = reply('qwen2.5-7b on my rtx 3090 with config: model="qwen/qwen2.5-7b-instruct", max_seq_len=4096');
    expect(fact(r, 'card')?.value).toMatch(/3090/);
  });
});
