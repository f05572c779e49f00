import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODELS } from '../../src/catalog/index.js';
import { layerBytes, layerTensors } from '../../src/memory/activations.js';
import { layerNormParams } from '../../src/memory/parameters.js';
import type { Scenario } from '../../src/scenario/schema.js';
import { scenario } from './fixtures.js';

/**
 * Parallel blocks (attention and MLP both read the layer's input): what the norms keep for
 * backward. Falcon-7B (tiiuae/falcon-7b modelling_RW.py DecoderLayer, transformers
 * modeling_falcon.py FalconDecoderLayer): one input_layernorm whose output feeds query_key_value
 * and dense_h_to_4h (`mlp_layernorm_out = attention_layernorm_out` when not
 * new_decoder_architecture). GPT-NeoX (modeling_gpt_neox.py, use_parallel_residual): input_layernorm
 * and post_attention_layernorm, both of the same hidden_states.
 */

const sequential = (s: Scenario): Scenario => ({ ...s, model: { ...s.model, arch: { ...s.model.arch, parallelBlock: false, layerNorms: undefined } } });
const names = (s: Scenario) => layerTensors(s).map((t) => t.name);

describe('parallel-block norms', () => {
  it('Falcon-7B full fine-tune keeps one LayerNorm input and one output a layer, 2·h bf16 each (the MLP branch reads the same normalised x)', () => {
    const s = scenario('falcon-7b');
    expect(names(s).filter((n) => n.includes('norm'))).toEqual(['attention norm input', 'attention norm output']);
    // Read as a sequential block it would also keep the MLP norm's input and output: 2 × 4544 × 2 B a token more.
    const perToken = (x: Scenario) => layerBytes(x) / (x.seq * x.microBatch);
    expect(perToken(sequential(s)) - perToken(s)).toBe(2 * 4544 * 2);
  });

  it('Falcon-7B QLoRA: the 4-bit dense_h_to_4h keeps its input, the one shared norm output, not a second copy', () => {
    const s = scenario('falcon-7b', { mode: 'qlora', weights: 'nf4', lora: { rank: 8, alpha: 16, dropout: 0, targets: ['q', 'v'] } });
    const norms = names(s).filter((n) => n.includes('norm'));
    expect(norms).toEqual(['attention norm input', 'attention norm output']);
  });

  it('Falcon-7B LoRA on the MLP only: the fp32 adapter keeps its own cast copy, the frozen base keeps no norm output', () => {
    const s = scenario('falcon-7b', { mode: 'lora', lora: { rank: 8, alpha: 16, dropout: 0, targets: ['up'] } });
    // Under bf16 autocast lora_A keeps its own 16-bit cast of PEFT's fp32 copy, not the fp32 copy
    // (activations.ts adapterTensors): still a copy of its own, now 16-bit.
    expect(names(s)).toContain('up adapter input, 16-bit autocast copy');
    expect(names(s).filter((n) => n.includes('norm output'))).toEqual([]);
  });

  it('GPT-NeoX-20B keeps x once for both LayerNorms but both normalised outputs', () => {
    const s = scenario('gpt-neox-20b');
    const norms = names(s).filter((n) => n.includes('norm'));
    expect(norms).toEqual(['attention norm input', 'attention norm output', 'MLP norm output']);
  });

  it('two norms per parallel block count the same parameters as before (Pythia and NeoX totals unchanged)', () => {
    const neox = scenario('gpt-neox-20b').model.arch;
    expect(layerNormParams(neox)).toBe(2 * 2 * 6144);
    const falcon40 = scenario('falcon-40b').model.arch;
    expect(layerNormParams(falcon40)).toBe(2 * 2 * 8192);
    expect(layerNormParams(scenario('falcon-7b').model.arch)).toBe(2 * 4544);
  });

  it('a parallel block never keeps more than the same layer read as sequential (any catalog parallel model, mode, seq, batch)', () => {
    const parallelIds = MODELS.filter((m) => m.arch.parallelBlock).map((m) => m.id);
    expect(parallelIds.length).toBeGreaterThan(3);
    fc.assert(
      fc.property(
        fc.constantFrom(...parallelIds),
        fc.constantFrom<'full' | 'lora'>('full', 'lora'),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 128, max: 8192 }),
        (id, mode, microBatch, seq) => {
          const s = scenario(id, { mode, microBatch, seq, ...(mode === 'lora' ? { lora: { rank: 16, alpha: 32, dropout: 0.05, targets: ['q', 'v', 'up'] } } : {}) });
          expect(layerBytes(s)).toBeLessThanOrEqual(layerBytes(sequential(s)));
        },
      ),
      { numRuns: 60 },
    );
  });
});
