import { describe, expect, it } from 'vitest';
import { parseRequest } from '../../src/language/parse.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { weakFactNotices } from '../../src/scenario/facts.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * GanjinZero/RRHF#17 (corpus c1001): "训练 chinese -LLAMA-LORA 7B" names a published LoRA checkpoint,
 * not the method (the maintainer had to ask full or LoRA), and the pasted config.json's
 * "torch_dtype": "float16" is the dtype the checkpoint is stored in, not the run's precision.
 */
const line = (id: string) => loadCorpus().find((l) => l.id === id)!.text;

function notices(text: string): string[] {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return weakFactNotices(r.trace ?? []);
}

describe('a LoRA checkpoint named with its family and size only suggests LoRA', () => {
  it('c1001: LoRA is said as a guess from the name', () => {
    expect(notices(line('c1001')).join(' ')).toMatch(/LORA/);
  });

  it.each([
    '我用Chinese-LLaMA-LoRA-7B训练的时候单卡A100直接OOM',
    'training on chinese_alpaca_lora_13b with 2x a100 runs out of memory',
    'fine-tuning Chinese-LLaMA-Plus-LoRA 7B on one 3090',
  ])('%s: weak, said', (text) => {
    expect(notices(text).join(' ')).toMatch(/lora/i);
  });

  it('a LoRA word with no size after it stays the method, unsaid', () => {
    expect(read('llama-2-7b lora on a 3090').scenario.mode).toBe('lora');
    expect(notices('fine-tune llama-2-7b with lora on a 3090').join(' ')).not.toMatch(/lora/i);
  });
});

describe("a model's own config.json: torch_dtype is how the checkpoint is stored", () => {
  it('c1001: no fp16 read from the config.json', () => {
    expect(read(line('c1001')).scenario.compute).not.toBe('fp16');
  });

  it('invented: a config.json in fp32 under a named full fine-tune', () => {
    const text = 'full fine-tune of llama-2-7b on 8x a100 OOMs, its config:\n{\n  "architectures": ["LlamaForCausalLM"],\n  "hidden_size": 4096,\n  "model_type": "llama",\n  "num_hidden_layers": 32,\n  "torch_dtype": "float32"\n}';
    expect(parseRequest(text).ok).toBe(true);
    expect(read(text).scenario.recipe).not.toBe('fp32');
  });

  it('torch_dtype in a training config (no model config keys) stays the run\'s', () => {
    expect(read('full fine-tune llama-2-7b on 8x a100\n```yaml\ntorch_dtype: bfloat16\n```').scenario.recipe).toBe('pure');
  });
});

describe('a fine-tune released under a version with no size reads as its one base (OpenChat 3.5)', () => {
  it('c981 (Lightning-AI/pytorch-lightning#19721): openchat/openchat_3.5 is Mistral-7B, read without the Hub', () => {
    expect(read(line('c981')).scenario.model.id).toMatch(/^mistral-7b/);
  });

  it.each([
    "from_pretrained('openchat/openchat-3.5-0106') full fine-tune on 4x a100-80g",
    'serve openchat/openchat-3.5-1210 with vllm on a 4090',
  ])('%s', (text) => {
    expect(read(text).scenario.model.id).toMatch(/^mistral-7b/);
  });

  it('OpenChat 3.6 names its size and reads by it', () => {
    expect(read('serve openchat/openchat-3.6-8b-20240522 with vllm on a 4090').scenario.model.id).toMatch(/^llama-3-8b/);
  });
});
