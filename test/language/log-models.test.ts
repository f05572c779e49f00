import { describe, expect, it } from 'vitest';
import { LOG_EVIDENCE } from '../../src/language/segments/log-evidence.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { looksLikeModelName } from '../../src/scenario/unknown-model.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Branch rlog: what a pasted log may give. Numbers inside a log never set the setup, but the model a
 * message is about is often named only in its log: a loader's file path (llama.cpp's "loaded meta data …
 * from …gguf", llama-cpp-python's "Failed to load model from file: …", text-generation-webui's
 * "INFO:Loading …"). Such a model is read on a weak cue and said so ("it is named only in a pasted log"),
 * never over a model the prose names; two different models in the logs are asked, not guessed. And a
 * log's words are never a model's name: "CPU model buffer size = 416.25 MiB" (lmstudio-ai/lms#412, c1230)
 * was asked about a model "CPU"; a pickled dump "/tmp/err_execute_model_input_….pkl" (c1186) too.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

function reply(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${r.ok ? 'help' : r.error.message}`);
  const model = r.trace?.find((f) => f.fact === 'model');
  return { name: r.scenario.model.name, params: r.scenario.model.arch, model, notices: r.notices.join(' | '), assumptions: r.assumptions.join(' | ') };
}

const refusal = (text: string) => {
  const r = resolveRequest(text, null);
  return r.ok ? null : r.error.message;
};

const llamaCppLoader = (path: string) =>
  `ggml_init_cublas: found 1 CUDA devices:\n  Device 0: NVIDIA GeForce RTX 3060, compute capability 8.6, VMM: yes\nllama_model_loader: loaded meta data with 24 key-value pairs and 291 tensors from ${path} (version GGUF V3 (latest))\nllama_model_loader: - kv   0:                       general.architecture str              = llama`;

describe('a model named only by a log line that loads it', () => {
  it('c1006: Mistral-7B from llama.cpp\'s loader path, weak, said as a log\'s', () => {
    const r = reply(line('c1006').text);
    expect(r.name).toMatch(/mistral-7b/i);
    expect(r.model?.weak).toBe(true);
    expect(r.model?.rules).toContain('log.model-file');
    expect(r.notices).toMatch(/mistral-7b-instruct-v0\.2\.Q4_K_M\.gguf.*named only in a pasted log/);
  });

  it('c1233: Gemma 4 26B-A4B from llama-cpp-python\'s "Failed to load model from file", read as 26B, run not trained', () => {
    const r = reply(line('c1233').text);
    expect(r.notices).toMatch(/gemma-4-26B-A4B-it-UD-Q4_K_M\.gguf.*named only in a pasted log/);
    expect(r.model?.weak).toBe(true);
    expect(r.assumptions).toMatch(/26B model/);
    const read = resolveRequest(line('c1233').text, null);
    expect(read.ok && read.scenario?.mode).toBe('inference');
  });

  it.each([
    ['a Linux path', llamaCppLoader('/home/me/models/qwen2.5-7b-instruct-q4_k_m.gguf'), /qwen2\.5-7b/i],
    ['a relative path', llamaCppLoader('./models/Llama-2-13B-chat.Q5_K_M.gguf'), /llama-2-13b/i],
    ['a Windows path, llama-cpp-python', '[ERROR] Inference failed:\nFailed to load model from file: D:\\llm\\Qwen3-14B-Q4_K_M.gguf', /qwen3-14b/i],
    ['Tabby, the folder with the size', '2024-02-20T04:43:32.423773Z ERROR llama_cpp_bindings: crates/llama-cpp-bindings/src/lib.rs:65: Unable to load model: /data/models/TabbyML/Mistral-7B/ggml/q8_0.v2.gguf', /mistral-7b/i],
  ])('%s', (_, log, name) => {
    const r = reply(`cudaMalloc failed: out of memory on my RTX 3060\n\`\`\`\n${log}\n\`\`\``);
    expect(r.name).toMatch(name);
    expect(r.model?.weak).toBe(true);
    expect(r.notices).toMatch(/named only in a pasted log/);
  });

  it('c685: text-generation-webui\'s "INFO:Loading llama-70B-bin..." gives the size the prose\'s "llama2" lacks', () => {
    const r = reply(line('c685').text);
    expect(r.name).toMatch(/llama-2-70b/i);
  });

  it('a link\'s hex id ("…-426b-…") is no size said outside the logs', () => {
    const r = reply(
      `OOM on two 3090s\n![image](https://github.com/user-attachments/assets/495260f0-5303-426b-882a-275e8d5c39b9)\n\`\`\`\n2023-07-24 16:31:05 INFO:Loading Qwen-14B-Chat...\n2023-07-24 16:51:48 ERROR:Failed to load the model.\n\`\`\``,
    );
    expect(r.name).toMatch(/qwen-14b/i);
    expect(r.model?.weak).toBe(true);
  });

  it('a model the prose names wins over the log\'s', () => {
    const r = reply(`running llama-3-8b on my RTX 3060\n\`\`\`\n${llamaCppLoader('/models/qwen2.5-7b-instruct-q4_k_m.gguf')}\n\`\`\``);
    expect(r.name).toMatch(/llama-3-8b/i);
    expect(r.model?.weak).toBe(false);
  });

  it('two different models in the logs are asked, not guessed', () => {
    const text = `OOM on my RTX 3060\n\`\`\`\n${llamaCppLoader('/models/qwen2.5-7b-instruct-q4_k_m.gguf')}\n${llamaCppLoader('/models/Llama-2-13B-chat.Q5_K_M.gguf')}\n\`\`\``;
    expect(refusal(text)).toMatch(/Which model\?/);
  });

  it('one model loaded twice is one model', () => {
    const text = `OOM on my RTX 3060\n\`\`\`\n${llamaCppLoader('/models/qwen2.5-7b-instruct-q4_k_m.gguf')}\n${llamaCppLoader('/models/qwen2.5-7b-instruct-q4_k_m.gguf')}\n\`\`\``;
    expect(reply(text).name).toMatch(/qwen2\.5-7b/i);
  });

  it('a loader\'s file and its GGUF\'s general.name are one model, read once', () => {
    const log = `${llamaCppLoader('/models/mistral-7b-instruct-v0.2.Q4_K_M.gguf')}\nllama_model_loader: - kv   2:                               general.name str              = mistralai_mistral-7b-instruct-v0.2`;
    const r = reply(`cudaMalloc failed on my RTX 3060\n\`\`\`\n${log}\n\`\`\``);
    expect(r.name).toMatch(/mistral-7b/i);
    expect(r.model?.weak).toBe(true);
  });

  it('general.name alone: "Meta Llama 3.1 8B Instruct" (ggml-org/llama.cpp, c554\'s log)', () => {
    const log = 'llama_model_loader: - kv   0:                       general.architecture str              = llama\nllama_model_loader: - kv   2:                               general.name str              = Meta Llama 3.1 8B Instruct';
    const r = reply(`out of memory on my RTX 3060\n\`\`\`\n${log}\n\`\`\``);
    expect(r.name).toMatch(/llama-3\.1-8b/i);
    expect(r.model?.weak).toBe(true);
  });

  it('a file with no size names nothing: still asked', () => {
    expect(refusal(`OOM on my RTX 3060\n\`\`\`\n${llamaCppLoader('/models/ggml-model-q4_0.gguf')}\n\`\`\``)).toMatch(/Which model\?/);
  });

  it('the rules find their own examples', () => {
    for (const id of ['log.model-file', 'log.model-loading', 'log.model-gguf-name']) {
      const rule = LOG_EVIDENCE.find((r) => r.id === id)!;
      expect(rule.pattern.exec(rule.example.toLowerCase())?.[1], id).toMatch(/\d+b/);
    }
  });
});

describe('a log\'s words are never a model', () => {
  const loadTensors = (lead: string) =>
    `${lead}\nload_tensors: offloaded 87/94 layers to GPU\nload_tensors:          CPU model buffer size =   416.25 MiB\nload_tensors:        CUDA0 model buffer size = 73024.08 MiB\n`;

  it('c1230: "CPU model buffer size" makes no model "CPU" of the prose\'s "run on CPU"', () => {
    expect(refusal(line('c1230').text)).not.toMatch(/"CPU"/);
  });

  it.each([
    ['English', 'two RTX 6000 Pro, it keeps 7 layers on CPU and the model is slow'],
    ['another order', 'On CPU the remaining layers run; 2x RTX PRO 6000'],
    ['German', 'zwei RTX 6000 Pro, der Rest läuft auf der CPU'],
  ])('%s', (_, lead) => {
    expect(refusal(loadTensors(lead)) ?? '').not.toMatch(/don't know the model "CPU"/);
  });

  it('outside a log, "<name> model" still names one', () => {
    expect(looksLikeModelName('nemotron', 'SFT the nemotron model on a 4090')).toBe(true);
    expect(looksLikeModelName('CPU', loadTensors('run on CPU'))).toBe(false);
  });

  it('"model type" and "model buffer" are a log\'s words even outside a fence', () => {
    expect(looksLikeModelName('CPU', 'CPU model buffer size = 416.25 MiB')).toBe(false);
    expect(looksLikeModelName('print', 'print model type = 7B')).toBe(false);
  });

  it('c1186: a pickled dump is no model', () => {
    expect(refusal(line('c1186').text) ?? '').not.toMatch(/\.pkl/);
    expect(looksLikeModelName('err_execute_model_input_20241010-154829.pkl', 'dumped to /tmp/err_execute_model_input_20241010-154829.pkl')).toBe(false);
    expect(looksLikeModelName('train_log-2024.txt', 'see train_log-2024.txt')).toBe(false);
    expect(looksLikeModelName('phi4-mini', 'phi4-mini on a T4')).toBe(true);
  });
});

describe('"turning" is no typo of "tuning"', () => {
  it('"after turning on verbose" runs the GGUF, it trains nothing', () => {
    const r = resolveRequest('after turning on verbose, llama-3-8b Q4_K_M gguf on a 4070', null);
    expect(r.ok && r.scenario?.mode).toBe('inference');
  });
});
