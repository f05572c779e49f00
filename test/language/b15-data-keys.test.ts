import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { looksLikeModelName } from '../../src/scenario/unknown-model.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Batch b15, c599 (hiyouga/LlamaFactory#4263): LLaMA-Factory's yaml "dataset: identity,alpaca_gpt4_en"
 * — the second data set's name was left for the prose reader and refused as a model the catalog
 * lacks ("I don't know the model alpaca_gpt4_en"). A value under a data key is never a model: the
 * names of a comma-separated list go with their key, a key under a data set's block names data,
 * and a name shaped like a data set's (a language suffix, a data file) is never asked about as a model.
 */
const line = loadCorpus().find((l) => l.id === 'c599')!;

const outcome = (text: string) => resolveRequest(text, null);
const modelOf = (text: string) => {
  const r = outcome(text);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  return r.scenario.model.id;
};

describe('a data set is never read as the model', () => {
  it("c599: the yaml with no model key reads LLaMA-Factory's saves/llama3-8b folder, said as weak, and names no data set", () => {
    const r = outcome(line.text);
    if (!r.ok || !r.scenario) throw new Error(r.ok ? 'help' : r.error.message);
    expect(r.scenario.model.id).toMatch(/llama-3-8b/i);
    expect(r.notices.join(' | ')).toMatch(/Llama-3-8B — from "output_dir: saves\/llama3-8b\/lora\/sft"\?/);
    expect(r.notices.join(' | ')).not.toMatch(/alpaca_gpt4_en/);
  });

  it.each([
    ['output_dir: saves/qwen2-7b/lora/sft\nfinetuning_type: lora\ncutoff_len: 1024', /qwen2-7b/i],
    ['llamafactory-cli train --stage sft --finetuning_type lora --output_dir saves/mistral-7b/full/sft', /mistral-7b/i],
  ])("LLaMA-Factory's saves/<model>/<method>/<stage> names the model when no key does: %s", (text, model) => {
    expect(modelOf(text)).toMatch(model);
  });

  it.each([
    'model_name_or_path: Qwen/Qwen2-7B\noutput_dir: saves/llama3-8b/lora/sft\nfinetuning_type: lora',
  ])('a model key wins over the saves folder: %s', (text) => {
    expect(modelOf(text)).toMatch(/qwen2-7b/i);
  });

  // Any output folder named after a model names it, weak and said, when no loading key names one (rmodel17,
  // config-keys/models.ts outputFolder; c3021's `--output_dir data/Qwen2.5-1.5B-…` had asked "Which model?").
  it('an output folder of another shape names its model only as weak evidence, said', () => {
    const r = outcome('output_dir: outputs/llama3-8b-run1\nfinetuning_type: lora\ncutoff_len: 1024');
    if (!r.ok || !r.scenario) throw new Error(r.ok ? 'help' : r.error.message);
    expect(r.scenario.model.id).toBe('llama-3-8b');
    expect(r.notices.join(' | ')).toMatch(/Llama-3-8B — from "output_dir: outputs\/llama3-8b-run1"\?/);
  });

  it.each([
    ['dataset: identity,alpaca_gpt4_en\nfinetuning_type: lora\ncutoff_len: 1024', 'alpaca_gpt4_en'],
    ['llamafactory-cli train --stage sft --dataset alpaca_zh_demo,glaive_toolcall_en_demo --finetuning_type lora', 'glaive_toolcall_en_demo'],
    ['python sft.py --dataset_name HuggingFaceH4/ultrachat_200k,tatsu-lab/alpaca4 --per_device_train_batch_size 2', 'alpaca4'],
    ['datasets:\n  - path: vicgalle/alpaca-gpt4\n    type: alpaca\nadapter: lora\nsequence_len: 2048', 'alpaca-gpt4'],
    ['我用 alpaca_gpt4_zh 数据集做 lora 微调，显卡 4090', 'alpaca_gpt4_zh'],
  ])('with no model named, asks which, never naming the data set: %s', (text, data) => {
    const r = outcome(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toMatch(/^Which model\? I read: /);
    expect(r.error.message).not.toContain(data);
  });

  it.each([
    ['dataset: identity,alpaca_gpt4_en\nmodel_name_or_path: meta-llama/Meta-Llama-3-8B\nfinetuning_type: lora', /llama-3-8b/i],
    ['llamafactory-cli train --model_name_or_path Qwen/Qwen2-7B --dataset alpaca_gpt4_en,glaive_toolcall_en --finetuning_type lora', /qwen2-7b/i],
  ])('a model key beside the data sets is the model: %s', (text, model) => {
    expect(modelOf(text)).toMatch(model);
  });

  it.each(['alpaca_gpt4_en', 'alpaca_zh_demo', 'belle_2m_cn', 'sharegpt4_data', 'train_v2.jsonl', 'oaast_sft_zh'])('"%s" is shaped as a data set, not a model', (name) => {
    expect(looksLikeModelName(name, `dataset ${name}`)).toBe(false);
  });

  it.each(['nemotron-3-super', 'phi4-mini', 'qwen2_5-7b'])('"%s" still reads as a model name', (name) => {
    expect(looksLikeModelName(name, `finetune ${name}`)).toBe(true);
  });
});
