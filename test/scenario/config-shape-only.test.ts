import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * A framework shown by its config's keys alone (scenario/config-shape-only.ts): LLaMA-Factory's or axolotl's keys with no
 * name, command or script of the program is that program, read weak and said with its key (hiyouga/LlamaFactory#6144,
 * corpus c2250). Invented variations: YAML, JSON, inline key=value, Chinese and Korean around them; and the program
 * named in prose or run by its CLI beside the same keys, which stands.
 */
function read(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  const weak = (r.trace ?? []).some((f) => f.fact === 'framework' && f.weak && f.weakWords !== undefined);
  return { framework: r.scenario.framework, weak, said: r.assumptions.join(' | ') };
}

describe('a framework shown only by its config keys', () => {
  it("LLaMA-Factory yaml, no name \u2014 read weak, said with its key", () => {
    const r = read("OOM on 2x A100 40GB, config:\n```yaml\nmodel_name_or_path: Qwen/Qwen2.5-7B-Instruct\nstage: sft\ndo_train: true\nfinetuning_type: lora\nlora_target: all\ntemplate: qwen\ncutoff_len: 4096\nper_device_train_batch_size: 2\ngradient_accumulation_steps: 8\nbf16: true\n```");
    expect(r.framework).toBe('llama-factory');
    expect(r.weak).toBe(true);
    expect(r.said).toMatch(/framework (?:llama-factory|axolotl) — from "(?:finetuning_type|sequence_len)"\? say "hf" if another program reads this config/);
  });
  it("LLaMA-Factory json, Chinese title \u2014 read weak, said with its key", () => {
    const r = read("llama3-8b 全参微调显存不够\n{\n  \"model_name_or_path\": \"/data/models/Meta-Llama-3-8B\",\n  \"stage\": \"sft\",\n  \"finetuning_type\": \"full\",\n  \"template\": \"llama3\",\n  \"cutoff_len\": 2048,\n  \"per_device_train_batch_size\": 1\n}\n8张4090");
    expect(r.framework).toBe('llama-factory');
    expect(r.weak).toBe(true);
    expect(r.said).toMatch(/framework (?:llama-factory|axolotl) — from "(?:finetuning_type|sequence_len)"\? say "hf" if another program reads this config/);
  });
  it("LLaMA-Factory keys inline key=value \u2014 read weak, said with its key", () => {
    const r = read("mistral-7b lora with finetuning_type=lora, lora_target=all, cutoff_len=1024, template=mistral on one 3090 — OOM at step 0");
    expect(r.framework).toBe('llama-factory');
    expect(r.weak).toBe(true);
    expect(r.said).toMatch(/framework (?:llama-factory|axolotl) — from "(?:finetuning_type|sequence_len)"\? say "hf" if another program reads this config/);
  });
  it("axolotl yaml, no name \u2014 read weak, said with its key", () => {
    const r = read("base_model: meta-llama/Llama-3.1-8B\nadapter: qlora\nload_in_4bit: true\nsequence_len: 8192\nsample_packing: true\npad_to_sequence_len: true\nmicro_batch_size: 2\ngradient_accumulation_steps: 4\n\nthis OOMs on my 4090");
    expect(r.framework).toBe('axolotl');
    expect(r.weak).toBe(true);
    expect(r.said).toMatch(/framework (?:llama-factory|axolotl) — from "(?:finetuning_type|sequence_len)"\? say "hf" if another program reads this config/);
  });
  it("axolotl yaml, Korean \u2014 read weak, said with its key", () => {
    const r = read("24GB 카드에서 메모리 부족이 납니다\nbase_model: mistralai/Mistral-7B-v0.1\nadapter: lora\nlora_target_linear: true\nsequence_len: 4096\nmicro_batch_size: 1");
    expect(r.framework).toBe('axolotl');
    expect(r.weak).toBe(true);
    expect(r.said).toMatch(/framework (?:llama-factory|axolotl) — from "(?:finetuning_type|sequence_len)"\? say "hf" if another program reads this config/);
  });
  it("named in prose + yaml: strong \u2014 stands", () => {
    const r = read("I'm using LLaMA-Factory to sft qwen2.5-7b on 2x a100:\nstage: sft\nfinetuning_type: lora\ntemplate: qwen\ncutoff_len: 4096");
    expect(r.framework).toBe('llama-factory');
    expect(r.weak).toBe(false);
  });
  it("its CLI + yaml: strong \u2014 stands", () => {
    const r = read("llamafactory-cli train qwen_lora.yaml OOMs on a 4090\nmodel_name_or_path: Qwen/Qwen2.5-7B\nstage: sft\nfinetuning_type: lora\ntemplate: qwen\ncutoff_len: 2048");
    expect(r.framework).toBe('llama-factory');
    expect(r.weak).toBe(false);
  });
  it("axolotl named + yaml: strong \u2014 stands", () => {
    const r = read("axolotl config for llama-3-8b qlora on a 3090:\nbase_model: meta-llama/Meta-Llama-3-8B\nadapter: qlora\nsequence_len: 4096\nsample_packing: true\nmicro_batch_size: 1");
    expect(r.framework).toBe('axolotl');
    expect(r.weak).toBe(false);
  });
});
