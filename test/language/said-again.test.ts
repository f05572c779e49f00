import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import { meaningfulSuggestion } from '../../src/language/near-miss.js';
import { parseRequest } from '../../src/language/parse.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { corpusText } from '../corpus/corpus.js';

/**
 * Issue 22, item 4 (branch ragain): every setup word accounted once. A model (card, length) said
 * twice — in the prose and in a pasted config or command — is one fact, listed with it as "same
 * model", never as a setting "not used"; two that disagree stay said as before. And "did you mean"
 * is said only for a real near-miss of a setting word, never for an English word ("fully") or a
 * keyword with an ending.
 */

const reply = (text: string) => respond(text, null).reply as EstimateReply;
const notUsed = (r: EstimateReply) => (r.notUsed ?? []).map((u) => u.words);
const again = (r: EstimateReply, text: string, fact: string) =>
  (r.trace?.find((f) => f.fact === fact && f.at !== null)?.also ?? []).map((a) => `${text.slice(a.at, a.end)} (${a.said})`);

/** axolotl-ai-cloud/axolotl#1717 (corpus c242): "Llama 3.1 8B" in the title, the config's base_model the same model. */
const AXOLOTL = corpusText('c242');

/** vllm-project/vllm#6689 (corpus c005). */
const VLLM = "I'm also able to run the 8B model on L4:1 with `vllm serve meta-llama/Meta-Llama-3.1-8B-Instruct --tensor-parallel-size 1 --max-model-len 1024`.";

/** axolotl-ai-cloud/axolotl#1522 (corpus c055), its first lines. */
const FSDP_70B = `(OOM) FSDP+QLora 2*RTX3090 (24G per card) finetuning on 70b Llama2
base_model: NousResearch/Llama-2-70b-chat-hf
load_in_4bit: true
adapter: qlora
sequence_len: 512
micro_batch_size: 1`;

describe('a model named in the prose and in the config is one fact', () => {
  it('the axolotl title\'s "Llama 3.1 8B" is the model\'s, not "3.1" and "8B" not used (c242)', () => {
    const r = reply(AXOLOTL);
    expect(r.kind).toBe('estimate');
    expect(notUsed(r)).not.toContain('3.1');
    expect(notUsed(r)).not.toContain('8B');
    expect(again(r, AXOLOTL, 'model')).toEqual(['Llama 3.1 8B (same model)']);
  });

  it('"the 8B model" beside vllm serve\'s Hub id (c005) and "70b Llama2" beside base_model (c055)', () => {
    expect(notUsed(reply(VLLM))).not.toContain('8B');
    expect(again(reply(VLLM), VLLM, 'model')).toEqual(['8B (same model)']);
    const r = reply(FSDP_70B);
    expect(notUsed(r)).not.toContain('70b');
    // "Llama2" is said by its own note since rmodel13 (s35): "\"llama2\" read as llama-2-70b, named in full in the same message".
    expect(again(r, FSDP_70B, 'model')).toEqual(['70b (same model)']);
    expect(r.assumptions.join(' ')).toMatch(/"llama2" read as llama-2-70b/);
  });

  const variations = [
    'Llama 3.1 8B qlora on a 4090 with this config:\nbase_model: meta-llama/Llama-3.1-8B\nsequence_len: 2048',
    'qlora on a 4090, config below (model is llama3.1-8b):\nbase_model: meta-llama/Meta-Llama-3.1-8B-Instruct\nsequence_len: 2048',
    '用 4090 跑 Llama 3.1 8B 的 qlora 报错\nbase_model: meta-llama/Meta-Llama-3.1-8B-Instruct\nsequence_len: 1024',
    'OOM fine-tuning the 8B on one 4090:\npython train.py --model_name_or_path meta-llama/Meta-Llama-3.1-8B --use_lora --per_device_train_batch_size 1',
  ];
  for (const text of variations) {
    it(text.split('\n')[0]!, () => {
      const r = reply(text);
      expect(r.kind).toBe('estimate');
      expect(notUsed(r).filter((w) => /^(?:3\.1|8b)$/i.test(w))).toEqual([]);
      expect(again(r, text, 'model').length).toBeGreaterThan(0);
    });
  }

  it('a fine-tune named in the prose is its base said again: "the 7B models" beside lmsys/vicuna-7b-v1.5 (haotian-liu/LLaVA#655, c033)', () => {
    const text = 'I tried to use 2 nodes with 8xA100(40G)s to finetune the 7B models. But it still reports OOM error.\ndeepspeed llava/train/train_mem.py --model_name_or_path lmsys/vicuna-7b-v1.5 --bf16 True';
    const r = reply(text);
    expect(notUsed(r)).not.toContain('7B');
  });

  it('two sayings that disagree are never folded: the config\'s other size stays said', () => {
    const text = '2x24GB Llama 3.1 70B QLORA Config:\n```\nbase_model: meta-llama/Llama-3.1-8B\nload_in_4bit: true\nsequence_len: 512\n```';
    const r = reply(text);
    expect(r.kind).toBe('estimate');
    expect(again(r, text, 'model')).toEqual([]);
    expect([...notUsed(r), ...r.notices].join(' ')).toMatch(/Llama-3\.1-8B/);
  });

  it('the reader hands on what it folded: the dropped saying and the kept one', () => {
    const parsed = parseRequest(AXOLOTL);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.again?.map((a) => [AXOLOTL.slice(a.at, a.end), a.of.kind])).toEqual([['Llama 3.1 8B', 'model']]);
  });
});

describe("the model's size in a path is the model's", () => {
  // NVIDIA/TensorRT-LLM#346 (c382), #352 (c860), #1609 (c220): build commands whose output folder names the size.
  const lines = [
    'A100\npython build.py --model_dir /Llama-2-13-chat-hf/ --dtype float16 --max_output_len 2048 --max_batch_size 16 --output_dir ./tmp/llama/13B/trt_engines/fp16/1-gpu/',
    'python3 examples/llama/build.py --model_dir Llama-2-7b-chat-hf --dtype float16 --max_output_len 2048 --max_batch_size 64 --output_dir examples/llama/out/7b/fp16_1gpu_ifb',
    'llama-2-13b serve fp16 on an a100, engine in ./engines/13b/fp16 — OOM',
  ];
  for (const text of lines) {
    it(text.split('\n').at(-1)!.slice(0, 60), () => {
      const r = reply(text);
      expect(r.kind).toBe('estimate');
      expect(notUsed(r).filter((w) => /^\d+b$/i.test(w))).toEqual([]);
    });
  }

  it('another size in a path stays listed', () => {
    const r = reply('llama-2-13b serve fp16 on an a100, engine in ./engines/70b/fp16');
    expect(notUsed(r)).toContain('70b');
  });
});

describe("a card's memory said again, compared with the card itself", () => {
  it('a card named by its memory alone ("2x24GB") and "24GB each" later', () => {
    const text = 'llama-3-8b qlora on 2x24GB, is 24GB each not enough?';
    const r = reply(text);
    expect(notUsed(r)).not.toContain('24GB');
    expect(again(r, text, 'card')).toEqual(['24GB (same card memory)']);
  });

  it("the T4's datasheet 16GB and nvidia-smi's 15GB are both the card's; 9GB is not", () => {
    for (const w of ['16GB', '15GB']) expect(notUsed(reply(`llama-2-7b lora on a T4, the ${w} is not enough`)), w).not.toContain(w);
    expect(notUsed(reply('llama-2-7b lora on a T4, it uses 9GB at load'))).toContain('9GB');
  });
});

describe('"did you mean" only for a real near-miss', () => {
  it('never for an English word or a keyword with an ending', () => {
    // Corpus lines suggested these: "fully" → full, "long" → longlora, "leads" → loads, "content" → context,
    // "weights" → weights fp8, "lengths" → length, "compared" → compare, "pretrained" → pretrained from scratch.
    for (const w of ['fully', 'Fully', 'long', 'leads', 'content', 'weights', 'lengths', 'compared', 'outputs', 'pretrained', 'input_lengths', 'optimizer', 'single']) {
      expect(meaningfulSuggestion(w.toLowerCase()), w).toBeNull();
    }
  });

  it('never for a short name whose letters differ: "f16" (llama.cpp fp16), "WSL2", "CL32", "c10"', () => {
    for (const w of ['f16', 'wsl2', 'cl32', 'c10']) expect(meaningfulSuggestion(w), w).toBeNull();
  });

  it('still for real typos and setting words the reader did not read', () => {
    expect(meaningfulSuggestion('zer3')).toBe('zero3');
    expect(meaningfulSuggestion('bf61')).toBe('bf16');
    expect(meaningfulSuggestion('pretraing')).toBe('pretrain');
    expect(meaningfulSuggestion('nvme')).toMatch(/nvme/);
    expect(meaningfulSuggestion('deepseeed')).toMatch(/deepspeed/i);
  });

  it('a prose line says no "did you mean full" for "fully"', () => {
    for (const text of ['I want to fully finetune llama-2-7b on 8x a100', 'Fully fine-tuning llama-2-7b on 8 A100s runs out of memory', 'llama-2-7b 8x a100 全量微调, fully sharded']) {
      const r = reply(text);
      expect(r.notices.join(' '), text).not.toMatch(/did you mean "full"/);
    }
  });

  it('a short request with a real typo is still refused with the suggestion', () => {
    const r = respond('7b zer3 on 8x a100', null).reply;
    expect(JSON.stringify(r)).toMatch(/zero3/);
  });
});
