import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODELS } from '../../src/catalog/index.js';
import { countParams } from '../../src/memory/parameters.js';
import { readConfig, readConfigText, type ConfigReading } from '../../src/hub/from-config.js';
import { attachedModel, resolvedModel } from '../../src/hub/model.js';
import { weightFormatOf } from '../../src/hub/quantization.js';
import { ALL_FIXTURES, READ_ONLY, SERVED, type RepoFixture } from './fixtures/repos.js';

function reading(f: RepoFixture): ConfigReading {
  const read = readConfig(f.config);
  if (!read.ok) throw new Error(`${f.repo}: ${read.message}`);
  return read.reading;
}

const fixture = (repo: string) => ALL_FIXTURES.find((f) => f.repo === repo)!;

describe('config.json reader: parameter totals', () => {
  it.each(ALL_FIXTURES.map((f) => [f.repo, f] as const))('%s counts within 2%% of its published total', (_, f) => {
    const r = reading(f);
    expect(Math.abs(r.counted - f.published.total) / f.published.total).toBeLessThan(0.02);
  });

  it('covers every model_type the issue names', () => {
    const types = new Set(ALL_FIXTURES.map((f) => reading(f).modelType));
    for (const t of ['llama', 'mistral', 'mixtral', 'qwen2', 'qwen2_moe', 'qwen3', 'qwen3_moe', 'gemma', 'gemma2', 'gemma3_text', 'phi3', 'deepseek_v2', 'deepseek_v3', 'llama4_text', 'gpt_oss', 'glm4_moe', 'starcoder2', 'falcon', 'gpt_neox', 'gpt2', 'bert']) {
      expect(types, t).toContain(t);
    }
  });

  it('reads each catalog model it shares with the fixtures to the catalog total (same config.json, same formula)', () => {
    const pairs: [string, string][] = [
      ['mistralai/Mixtral-8x7B-v0.1', 'mixtral-8x7b'],
      ['google/gemma-2-9b', 'gemma-2-9b'],
      ['deepseek-ai/DeepSeek-V2-Lite', 'deepseek-v2-lite'],
      ['openai-community/gpt2', 'gpt2'],
      ['microsoft/phi-2', 'phi-2'],
      ['bigscience/bloom-7b1', 'bloomz-7b1'],
    ];
    for (const [repo, id] of pairs) {
      const spec = MODELS.find((m) => m.id === id);
      if (!spec) continue; // The catalog may rename an entry; the published-total test still holds.
      expect(reading(fixture(repo)).counted, repo).toBe(countParams(spec.arch).total);
    }
  });
});

describe('config.json reader: architecture fields', () => {
  it('Qwen2 has q/k/v biases and Llama none', () => {
    expect(reading(fixture('Qwen/Qwen2.5-7B-Instruct')).arch.attentionBias).toBe('qkv');
    expect(reading(fixture('meta-llama/Llama-3.1-8B-Instruct')).arch.attentionBias).toBe('none');
  });

  it('Gemma 3 reads its text_config with Gemma3TextConfig defaults: 1024-token window on 5 of 6 layers, 8 heads, 4 KV heads, head dim 256', () => {
    const { arch, notes } = reading(fixture('google/gemma-3-4b-it'));
    expect(arch).toMatchObject({ layers: 34, hidden: 2560, heads: 8, kvHeads: 4, headDim: 256, vocab: 262208, tiedEmbeddings: true, slidingWindow: 1024 });
    expect(arch.slidingWindowFraction).toBeCloseTo(5 / 6, 10);
    expect(notes.join(' ')).toMatch(/text_config.*vision tower is not in our count/);
  });

  it('gpt-oss: 128-token window on alternate layers, 32 experts top-4, MXFP4 experts sized at 4.25 bits', () => {
    const r = reading(fixture('openai/gpt-oss-20b'));
    expect(r.arch).toMatchObject({ slidingWindow: 128, slidingWindowFraction: 0.5, experts: 32, expertsPerToken: 4, mlpBias: true });
    expect(r.weights).toBe('mxfp4');
    expect(r.arch.checkpoint).toEqual({ format: 'mxfp4', scope: 'experts' });
  });

  it('DeepSeek-V3: MLA (kv_lora_rank 512, rope 64), 3 dense layers, 256 routed + 1 shared experts top-8, FP8 weights, MTP noted', () => {
    const r = reading(fixture('deepseek-ai/DeepSeek-V3'));
    expect(r.arch.mla).toEqual({ kvLoraRank: 512, qLoraRank: 1536, ropeHeadDim: 64, nopeHeadDim: 128, vHeadDim: 128 });
    expect(r.arch).toMatchObject({ denseLayers: 3, denseFfn: 18432, ffn: 2048, experts: 256, sharedExperts: 1, expertsPerToken: 8, headDim: 192 });
    expect(r.weights).toBe('fp8');
    expect(r.arch.checkpoint).toEqual({ format: 'fp8-block', scope: 'linear' });
    expect(r.notes.join(' ')).toMatch(/multi-token-prediction/);
  });

  it("GPT-2 and Phi-2 run gelu_new (activation_function / hidden_act), read as the catalog's composed GELU; a config naming a fused GELU is not", () => {
    expect(reading(fixture('openai-community/gpt2')).arch.composedGelu).toBe(true);
    expect(reading(fixture('microsoft/phi-2')).arch.composedGelu).toBe(true);
    const gpt2 = fixture('openai-community/gpt2').config;
    const fusedRead = readConfig({ ...gpt2, activation_function: 'gelu_pytorch_tanh' });
    expect(fusedRead.ok && fusedRead.reading.arch.composedGelu).toBeFalsy();
    expect(reading(fixture('meta-llama/Llama-3.1-8B-Instruct')).arch.composedGelu).toBeUndefined();
  });

  it('Llama 4 Scout: every layer MoE with 16 experts plus a shared one, from text_config', () => {
    const r = reading(fixture('meta-llama/Llama-4-Scout-17B-16E-Instruct'));
    expect(r.arch).toMatchObject({ experts: 16, sharedExperts: 1, expertsPerToken: 1, denseLayers: 0 });
  });

  it('Falcon-7B is multi-query (one KV head) with a parallel block; Mistral-7B-v0.1 slides a 4096 window on every layer', () => {
    expect(reading(fixture('tiiuae/falcon-7b')).arch).toMatchObject({ kvHeads: 1, parallelBlock: true, mlp: 'plain' });
    expect(reading(fixture('mistralai/Mistral-7B-v0.1')).arch).toMatchObject({ slidingWindow: 4096, slidingWindowFraction: 1 });
  });

  it('the attention flags come from config.json: Falcon-7B hands SDPA its one K/V head unrepeated, Gemma 2 soft-caps (attn_logit_softcapping 50.0)', () => {
    expect(reading(fixture('tiiuae/falcon-7b')).arch).toMatchObject({ sdpaKvUnrepeated: true });
    expect(reading(fixture('google/gemma-2-9b')).arch).toMatchObject({ attnSoftcap: true });
    expect(reading(fixture('mistralai/Mistral-7B-v0.1')).arch.sdpaKvUnrepeated).toBeUndefined();
    expect(reading(fixture('mistralai/Mistral-7B-v0.1')).arch.attnSoftcap).toBeUndefined();
  });

  it('BERT is an encoder with learned positions', () => {
    expect(reading(fixture('google-bert/bert-base-uncased')).arch).toMatchObject({ encoderOnly: true, positions: 'learned', maxPositions: 512 });
  });
});

describe('config.json reader: unknown types, bad input', () => {
  const llamaFields = SERVED[0]!.config;

  it('an unknown model_type reads the standard fields as a Llama-style decoder, with a note', () => {
    const read = readConfig({ ...llamaFields, model_type: 'brand_new_arch', tie_word_embeddings: false });
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.reading.counted).toBe(reading(SERVED[0]!).counted);
    expect(read.reading.notes.join(' ')).toMatch(/model_type "brand_new_arch" is not one I know/);
  });

  it('property: for any Llama shape, the generic fallback counts what the llama reader counts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 1, max: 32 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 4096 }),
        fc.integer({ min: 1000, max: 200_000 }),
        fc.boolean(),
        (layers, kvHeads, group, ffn, vocab, tied) => {
          const heads = kvHeads * group;
          const config = { hidden_size: heads * 64, num_hidden_layers: layers, num_attention_heads: heads, num_key_value_heads: kvHeads, intermediate_size: ffn, vocab_size: vocab, tie_word_embeddings: tied };
          const a = readConfig({ ...config, model_type: 'llama' });
          const b = readConfig({ ...config, model_type: 'something_else' });
          return a.ok && b.ok && a.reading.counted === b.reading.counted && a.reading.counted === countParams(a.reading.arch).total;
        },
      ),
    );
  });

  it('a config without a hidden size is an error naming the field, not a guess', () => {
    const { hidden_size: _, ...rest } = llamaFields as Record<string, unknown>;
    const read = readConfig(rest);
    expect(read).toEqual({ ok: false, message: expect.stringMatching(/hidden_size/) });
  });

  it('KV heads that do not divide the heads are an error', () => {
    expect(readConfig({ ...llamaFields, num_key_value_heads: 5 }).ok).toBe(false);
  });

  it('text that is not JSON is an error that says so', () => {
    expect(readConfigText('{"model_type": "llama",')).toEqual({ ok: false, message: expect.stringMatching(/not valid JSON/) });
    expect(readConfig([1, 2])).toEqual({ ok: false, message: expect.stringMatching(/JSON object/) });
  });
});

describe('quantization_config → weight format', () => {
  it.each([
    [{ quant_method: 'awq', bits: 4 }, 'awq'],
    [{ quant_method: 'gptq', bits: 4 }, 'gptq'],
    [{ quant_method: 'bitsandbytes', load_in_8bit: true }, 'int8'],
    [{ quant_method: 'bitsandbytes', load_in_4bit: true, bnb_4bit_quant_type: 'nf4' }, 'nf4'],
    [{ quant_method: 'bitsandbytes', load_in_4bit: true, bnb_4bit_use_double_quant: true }, 'nf4-dq'],
    [{ quant_method: 'fp8', weight_block_size: [128, 128] }, 'fp8'],
    [{ quant_method: 'mxfp4' }, 'mxfp4'],
    [{ quant_method: 'compressed-tensors', config_groups: { group_0: { weights: { num_bits: 8, type: 'float' } } } }, 'fp8'],
  ])('%j → %s', (q, format) => {
    expect(weightFormatOf(q).format).toBe(format);
  });

  it('no quantization_config is a float checkpoint; an unknown method is said, not guessed', () => {
    expect(weightFormatOf(undefined)).toEqual({ format: null, note: null });
    expect(weightFormatOf({ quant_method: 'hqq' })).toEqual({ format: null, note: expect.stringMatching(/"hqq" is not a weight format I size/) });
  });
});

describe('which total is used', () => {
  it("the Hub's safetensors count wins and is pinned into the architecture", () => {
    const f = fixture('Qwen/Qwen2.5-7B-Instruct');
    const info = { total: 7_700_000_000, perDtype: { BF16: 7_700_000_000 } };
    const read = resolvedModel(f.repo, f.config, info);
    if (!read.ok) throw new Error(read.message);
    expect(read.model.params).toEqual({ total: 7_700_000_000, source: 'hub', counted: 7_615_616_512, hub: 7_700_000_000 });
    expect(countParams(read.model.arch).total).toBe(7_700_000_000);
    expect(read.model.notes[0]).toMatch(/from the Hub's safetensors count/);
  });

  it('a packed (AWQ) checkpoint keeps our count and says why', () => {
    const f = fixture('Qwen/Qwen2.5-7B-Instruct-AWQ');
    const read = resolvedModel(f.repo, f.config, { total: f.safetensors!.total, perDtype: f.safetensors!.parameters });
    if (!read.ok) throw new Error(read.message);
    expect(read.model.params.source).toBe('config');
    expect(read.model.params.total).toBe(7_615_616_512);
    expect(read.model.weights).toBe('awq');
    expect(read.model.notes[0]).toMatch(/packed I32 storage/);
  });

  it('a pasted config has no Hub count: ours is used, and the name comes from _name_or_path', () => {
    const read = attachedModel({ ...READ_ONLY.find((f) => f.repo === 'Qwen/Qwen3-8B')!.config, _name_or_path: 'Qwen/Qwen3-8B' });
    if (!read.ok) throw new Error(read.message);
    expect(read.model.name).toBe('Qwen3-8B (config.json)');
    expect(read.model.params.source).toBe('config');
  });
});

describe('tied LM head stored twice', () => {
  it("Falcon-7B's Hub count (7.22 B with the stored lm_head copy) is used less that copy", () => {
    const f = ALL_FIXTURES.find((x) => x.repo === 'tiiuae/falcon-7b')!;
    const stored = 6_921_720_704 + 65024 * 4544;
    const read = resolvedModel(f.repo, f.config, { total: stored, perDtype: { BF16: stored } });
    if (!read.ok) throw new Error(read.message);
    expect(read.model.params.total).toBe(6_921_720_704);
    expect(read.model.notes[0]).toMatch(/less the stored copy of the tied LM head/);
  });
});

describe('model_type names that are not readers', () => {
  it.each(['constructor', 'toString', '__proto__'])('"%s" falls back to the generic decoder', (modelType) => {
    const read = readConfig({ ...SERVED[0]!.config, model_type: modelType });
    expect(read.ok && read.reading.notes.join(' ')).toMatch(/is not one I know/);
  });
});
