import { describe, expect, it } from 'vitest';
import { runFolderAbove } from '../../src/language/config-keys/models.js';
import { LOG_EVIDENCE } from '../../src/language/segments/log-evidence.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * rmodel2 (issue 22): a model named only inside a path or a file name. A run's own folder under the
 * model's ("saves/qwen2_vl-2b/sft") names the model by the folder above it; a loader's log line that
 * names the file it loads ("llama.cpp weights detected: …\30b-Lazarus.ggmlv3.q5_K_M.bin", "Loading model:
 * …/bartowski_Qwen2.5-Coder-32B-Instruct-exl2") names the model by its last part with a size. Both on a
 * weak cue, said in the reply; never over a model the prose names.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;

function reply(text: string) {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  const model = r.trace?.find((f) => f.fact === 'model');
  return { s: r.scenario, model, said: [...r.notices, ...r.assumptions].join(' | ') };
}

describe("a run's folder under the model's names the model by the folder above it", () => {
  it('c1825: saves/qwen2_vl-2b/sft is Qwen2-VL-2B, weak (hiyouga/LlamaFactory)', () => {
    const r = reply(line('c1825').text);
    expect(r.s.model.id).toBe('qwen2-vl-2b');
    expect(r.model?.weak).toBe(true);
  });

  it.each([
    ['python scripts/vllm_infer.py --model_name_or_path saves/qwen2_vl-2b/sft on 4x 3090', 'qwen2-vl-2b'],
    ['python infer.py --model_name_or_path ./saves/Qwen2.5-7B-Instruct/lora/sft --template qwen on 1x a100', 'qwen2.5-7b'],
    ['model_name_or_path: output/llama-2-7b/merged_run\non 2x rtx 4090, inference', 'llama-2-7b'],
    ['CUDA_VISIBLE_DEVICES=0 python run.py --model_path /data/ckpt/mistral-7b-v0.1/dpo_final on 1x a10g', 'mistral-7b'],
  ])('%s', (text, id) => {
    const r = reply(text);
    expect(r.s.model.id).toBe(id);
    expect(r.model?.weak).toBe(true);
  });

  it('a last part that is itself a name stays the name', () => {
    expect(runFolderAbove(['models', '7b', 'vicuna'])).toBeNull();
    expect(runFolderAbove(['meta-llama', 'Llama-2-7b-hf'])).toBeNull();
    expect(runFolderAbove(['saves', 'qwen2_vl-2b', 'sft'])).toBe('qwen2_vl-2b');
    expect(runFolderAbove(['outputs', 'run1'])).toBeNull();
  });
});

describe("a loader's log line names the model file it loads", () => {
  it('c1827: 30b-Lazarus.ggmlv3.q5_K_M.bin is a 30B model in q5_k_m, weak (oobabooga/textgen)', () => {
    const r = reply(line('c1827').text);
    expect(r.said).toMatch(/from "30b-Lazarus/i);
    expect(r.s.weights).toBe('q5_k_m');
    expect(r.model?.weak).toBe(true);
  });

  it('c1850: bartowski_Qwen2.5-Coder-32B-Instruct-exl2 is a 32B Qwen2.5, weak (theroyallab/tabbyAPI)', () => {
    const r = reply(line('c1850').text);
    expect(r.said).toMatch(/32B|qwen2\.5-32b/i);
    expect(r.model?.weak).toBe(true);
  });

  const logOf = (path: string, lead = 'INFO:llama.cpp weights detected: ') => `OOM on my RTX 3090 24GB\n\`\`\`\n2023-07-25 22:03:13 ${lead}${path}\n\`\`\``;
  it.each([
    ['a Windows path, the folder and file both sized', logOf('G:\\models\\13B-Chronos-GGML\\13b-chronos.ggmlv3.q4_K_M.bin'), /\b13B\b/],
    ['a Linux path', logOf('/home/me/models/llama-2-7b-chat.Q8_0.gguf'), /llama-2-7b/i],
    ["TabbyAPI's spacing", logOf('/app/models/turboderp_Llama-3.1-8B-Instruct-exl2', 'INFO:     Loading model: '), /llama-3\.1-8b/i],
  ])('%s', (_, text, size) => {
    const r = reply(text);
    expect(`${r.s.model.name} ${r.said}`).toMatch(size);
    expect(r.model?.weak).toBe(true);
  });

  it('a model the prose names wins over the log', () => {
    const r = reply(`running llama-2-13b on my RTX 3090\n\`\`\`\n2023-07-25 INFO:llama.cpp weights detected: /m/30b-lazarus.ggmlv3.q5_K_M.bin\n\`\`\``);
    expect(r.s.model.id).toBe('llama-2-13b');
  });

  it('the rule finds its own example', () => {
    const rule = LOG_EVIDENCE.find((r) => r.id === 'log.model-file-last')!;
    expect(rule.pattern.exec(rule.example.toLowerCase())?.[1]).toBe('30b-lazarus.ggmlv3.q5_k_m.bin');
  });
});

describe("a GGUF quant type in a file or folder name is the weight format", () => {
  it.each([
    // c1849 (aphrodite-engine): the title's bare "GGUF" gives way to the file's Q8_0.
    ['[Feature] GGUF memory usage optimization\n\nIllustration of Meta-Llama-3-8B-Instruct-Q8_0.gguf VRAM usage on a V100 32GB', 'q8_0'],
    ['gguf question: llama-2-13b.Q5_K_M.gguf on 1x 3090', 'q5_k_m'],
    ['Mistral-7B-Instruct-v0.3-Q6_K.gguf, a GGUF, on my 8gb card', 'q6_k'],
    // c1260: Unsloth's Dynamic "UD-…_XL" names with no size.
    ['I use DeepSeek-R1-UD-Q2_K_XL with llama.cpp on 4x A800', 'q2_k'],
    ['llama.cpp deepseek-r1-ud-q2_k_xl on 8x h100', 'q2_k'],
    ['llama-server -m Qwen3-30B-A3B-UD-Q4_K_XL.gguf on 1x 4090', 'q4_k_m'],
  ])('%s → %s', (text, weights) => {
    expect(reply(text).s.weights).toBe(weights);
  });

  it('c1260: the UD name is DeepSeek-R1, not refused', () => {
    expect(reply(line('c1260').text).s.model.id).toBe('deepseek-r1');
  });

  it("c1828: KTransformers' --gguf_path folder names the quant type", () => {
    expect(reply(line('c1828').text).s.weights).toBe('q2_k');
  });

  it('two named types stay as they were: the bare word settles no comparison', () => {
    const outcome = (text: string) => {
      const r = resolveRequest(text, null);
      return r.ok && r.scenario ? r.scenario.weights : r.ok ? 'help' : r.error.message.replace(/^.*?"/, '');
    };
    const pair = 'llama-2-7b.Q4_K_M.gguf vs llama-2-7b.Q8_0.gguf on 1x 3090';
    expect(outcome(`GGUF: ${pair}`)).toBe(outcome(`the ${pair}`));
  });
});

describe('a format a checkpoint or scheme names, at its width', () => {
  it.each([
    // c1826 (QwenLM): GPTQ at 8 bits is int8, not GPTQ's usual 4.
    ['CUDA out of memory for Qwen2-VL-7B-Instruct-GPTQ-Int8 on RTX3090 24G', 'int8'],
    ['run qwen2.5-7b-instruct-gptq-int8 with vllm on 1x t4', 'int8'],
    ['serve llama-2-13b-8bit-gptq on a l40s', 'int8'],
    ['run Qwen2.5-7B-Instruct-GPTQ-Int4 with vllm on 1x t4', 'gptq'],
    ['run qwen2.5-7b-instruct-gptq on 1x t4', 'gptq'],
    // llm-compressor schemes: W4A16 weight-only 4-bit, W8A8 and W8A16 8-bit weights (c1703).
    ['serve llama-3.1-70b w4a16 with vllm on 2x a100 80gb', 'gptq'],
    ['serve Qwen3-235B-A22B-Instruct-w8a8 with sglang on 8x h20', 'int8'],
    ['serve llama-3.1-8b W8A16 on 1x l4 with vllm', 'int8'],
  ])('%s → %s', (text, weights) => {
    expect(reply(text).s.weights).toBe(weights);
  });
});

describe('Qwen3-Coder-Next is the Qwen3-Next architecture', () => {
  it.each([
    ['deploy Qwen3-Coder-Next with vllm on 8x 64GB', 'qwen3-next-80b-a3b'],
    ['vllm serve /mnt/data/modelWeights/Qwen3-Coder-Next --tensor-parallel-size 8', 'qwen3-next-80b-a3b'],
    ['qlora qwen3 coder next base on 2x a100 80gb', 'qwen3-next-80b-a3b'],
  ])('%s', (text, id) => {
    expect(reply(text).s.model.id).toBe(id);
  });
});

describe('a model "offloaded across" GPUs is split over them, no CPU offload', () => {
  it.each([
    'llama-3-70b exl2 should have been offloaded across both GPUs on 2x 3090',
    'llama-3-70b inference on 4x 4090: it should be offloaded over all GPUs',
    'llama-3-70b inference on 2x 3090, offloading across the 2 GPUs',
  ])('%s', (text) => {
    expect(reply(text).s.offload.optimizer).toBe('none');
  });

  it('c1614: a TabbyAPI log that loads an EXL2 70B is run, not trained', () => {
    expect(reply(line('c1614').text).s.mode).toBe('inference');
  });

  it('an optimizer offload to the CPU stays one', () => {
    expect(reply('llama-2-7b full finetune zero2 with optimizer offloaded to cpu on 1x 4090').s.offload.optimizer).toBe('cpu');
  });
});

describe('models given as examples of other models are other runs', () => {
  it('c1261: deepseek-r1:70b is the setup, not the qwen3-coder-next given as another model (ollama/ollama)', () => {
    expect(reply(line('c1261').text).s.model.id).toBe('llama-3.1-70b');
  });

  it.each([
    ['llama-3-8b OOMs on my 3090. Other models such as qwen2.5-7b run fine.', 'llama-3-8b'],
    ['Other models, e.g. mistral-7b, fit; llama-2-13b inference OOMs on 1x 3090', 'llama-2-13b'],
    ['Other models like mistral-7b work on my 4090 but llama-2-13b does not fit', 'llama-2-13b'],
    ['I run llama-3-8b on 1x 4090; other model including qwen2.5-14b are slower', 'llama-3-8b'],
  ])('%s', (text, id) => {
    expect(reply(text).s.model.id).toBe(id);
  });

  it('an example alone stays the model the message gives', () => {
    expect(reply('other models like mistral-7b work on 1x 3090').s.model.id).toBe('mistral-7b');
  });
});
