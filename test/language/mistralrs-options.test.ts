import { describe, expect, it } from 'vitest';
import { earlyStages } from '../../src/language/early-stages.js';
import { estimateOf } from '../memory/fixtures.js';

/**
 * mistral.rs (config-keys/engines/mistralrs.ts): on CUDA its PagedAttention KV cache takes 0.9 of the
 * card less what is used (MemoryGpuConfig::Utilization(0.9)), the vLLM budget; its flags read with their meaning.
 */
describe('mistral.rs', () => {
  it('verdict corpus v182 (EricLBuehler/mistral.rs#44) as written: "mistralrs-server --port 1234 --log output.log mistral" is a server, its flags set aside', () => {
    const text = '$ mistralrs-server --port 1234 --log output.log mistral\nMistral-7B on 1x rtx-3090';
    const { config } = earlyStages(text);
    expect(config.unknownKeys).toEqual([]);
    const e = estimateOf(text);
    expect(e.scenario.mode).toBe('inference');
    expect(e.scenario.inference.engine).toBe('vllm');
    // No --pa-gpu-mem-usage: 0.9 of the card, mistral.rs's default and vLLM's.
    expect(e.scenario.inference.gpuMemoryUtilization).toBe(0.9);
  });

  it('--pa-gpu-mem-usage is the budget fraction, --max-seqs the running sequences, --max-seq-len the context, --pa-cache-type f8e4m3 an FP8 cache', () => {
    const e = estimateOf('mistralrs-server --port 1234 --pa-gpu-mem-usage 0.8 --max-seqs 4 --pa-cache-type f8e4m3 plain -m mistralai/Mistral-7B-Instruct-v0.1 --max-seq-len 4096 on 1x rtx-3090');
    expect(e.scenario.inference.gpuMemoryUtilization).toBe(0.8);
    expect(e.scenario.inference.maxSeqs).toBe(4);
    expect(e.scenario.seq).toBe(4096);
    expect(e.scenario.inference.kvDtype).toBe('fp8');
  });

  it('"mistral.rs" in prose names the server; "mistral 7b" alone does not', () => {
    expect(estimateOf('mistral 7b with mistral.rs on a 3090').scenario.inference.engine).toBe('vllm');
    expect(estimateOf('mistral 7b on a 3090').scenario.inference.engine).toBe('hf');
  });

  it('--no-paged-attn, --pa-ctxt-len and --isq change memory in ways not modelled: said on a weak cue', () => {
    for (const flag of ['--no-paged-attn', '--pa-ctxt-len 8192', '--isq Q4K']) {
      const { config } = earlyStages(`mistralrs-server --port 1234 ${flag} plain -m mistralai/Mistral-7B-Instruct-v0.1`);
      expect(config.notes.some((n) => n.startsWith('not modelled:')), flag).toBe(true);
    }
  });
});
