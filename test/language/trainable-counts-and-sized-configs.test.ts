import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { looksLikeModelName } from '../../src/scenario/unknown-model.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * Where the model a message names is (issue 22, class rm):
 * - a trainer's count of the parameters it trains is a report, never the model's size: "41,943,040 out
 *   of 7,289,966,592 parameters are finetuned (0.58%)" (mistralai/mistral-finetune#107, c869),
 *   "Number of trainable parameters = 842,302,976" (tatsu-lab/stanford_alpaca#266, an FSDP shard's
 *   count), "Number of trainable parameters = 105,416,512" (0nutation/SpeechGPT#44);
 * - a config named by its model's size in a folder of configs names that size: `example/7B.yaml`
 *   (c869), `configs/20B.yaml` (EleutherAI/gpt-neox#606, c454; #892, c453);
 * - a tensor type in code ("torch.bfloat16") is never a model name to ask about.
 */

const modelOf = (text: string) => {
  const r = resolveRequest(text, null);
  return r.ok && r.scenario ? r.scenario.model : null;
};

describe('a count of trainable parameters is not the model', () => {
  it.each([
    ['llama-2-7b lora on 2x v100, 41,943,040 out of 7,289,966,592 parameters are finetuned (0.58%)'],
    ['llama-2-7b lora on 2x v100 — 41,943,040 of 7,289,966,592 parameters are trainable'],
    ['the log shows the `Number of trainable parameters = 842,302,976`, full finetune of llama-2-7b on 8x a100'],
    ['Number of trainable parameters = 105,416,512; llama-2-7b lora on 1x a100'],
    ['llama-2-7b lora, trainable params: 4,194,304 on 1x a100'],
    ['llama-2-7b lora with 6,553,600 trainable parameters on 1x a100'],
    ['llama-2-7b qlora on a t4, 4.2M trainable params (0.06%)'],
  ])('%s: the named model stands', (text) => {
    expect(modelOf(text)?.id).toBe('llama-2-7b');
  });

  it('c869: the printout is set aside and the model is the size its config file names, never a 41.9B shape nor "torch.bfloat16"', () => {
    const line = loadCorpus().find((l) => l.id === 'c869')!;
    const r = resolveRequest(line.text, null);
    expect(r.ok ? r.scenario?.model.requestedParams : r.error.message).toBe(7e9);
  });

  it('a parameter count said as the model stays a size', () => {
    expect(modelOf('finetune 7e9 parameters on 1x a100')?.requestedParams).toBe(7e9);
  });
});

describe('a config named by the size of its model', () => {
  it.each([
    ['in example/7B.yaml I set seq 8192, lora on 2x v100', 7e9],
    ['finetune with the provided configs/20B.yaml on 2x a100', 20e9],
    ['python train.py configs/13b_lora.yaml on 1x a100', 13e9],
    ['用 config/70B.yml 训练，8张A100', 70e9],
  ])('%s: the size the file names', (text, params) => {
    expect(read(text).scenario.model.requestedParams).toBe(params);
  });

  it('a config named by anything else names no model', () => {
    const r = resolveRequest('python train.py configs/train.yaml on 1x a100', null);
    expect(r.ok && r.scenario ? r.scenario.model.id ?? r.scenario.model.requestedParams : null).toBeNull();
  });
});

describe('a tensor type is not a model name', () => {
  it.each(['torch.bfloat16', 'torch.float16', 'jnp.bfloat16', 'torch.int8', 'float32'])('%s', (word) => {
    expect(looksLikeModelName(word, `I changed the dtype from ${word} to torch.float16`)).toBe(false);
  });

  it('a name with a version joined in still is', () => {
    expect(looksLikeModelName('nemotron-3-super', 'run nemotron-3-super on 2x h100')).toBe(true);
  });
});

describe('a terabyte of 内存 is the machine\'s RAM, never a model size', () => {
  it.each([
    ['c916: 使用8卡A800 1.8T内存的训练机 (01-ai/Yi#125)', '使用8卡A800 1.8T内存的训练机，训练 yi-34b', 1843],
    ['after a card, with TB', '4张A100 2TB内存 全量微调 llama 70b', 2048],
    ['after a card, with a space and 的', '8卡H800 1 T 的内存，lora 微调 qwen2.5-72b', 1024],
  ])('%s', (_name, text, gb) => {
    const s = read(text).scenario;
    expect(s.model.requestedParams ?? 0).toBeLessThan(1e11);
    expect(Math.round((s.hostMemoryBytes ?? 0) / 2 ** 30)).toBe(gb);
  });

  it('c916: the model is the one its launch command loads, not 1.8T', () => {
    const line = loadCorpus().find((l) => l.id === 'c916')!;
    expect(read(line.text).scenario.model.id).toBe('yi-34b');
  });

  it('a memory in gigabytes right after a card is still the card\'s', () => {
    expect(read('3090 24G内存, qwen 7b 推理').scenario.hostMemoryBytes).toBeNull();
  });
});

describe('lmdeploy\'s turbomind folder is where the weights sit, the folder above names the model', () => {
  it.each([
    ['c917 (InternLM/lmdeploy#452)', loadCorpusText('c917'), 'internlm-20b'],
    ['a path alone', 'run /workspace/models/internlm-chat-20b-4bit/turbomind on 1x a100', 'internlm-20b'],
    ['a path with a slash at its end', 'lmdeploy serve api_server ./qwen2.5-7b-instruct/turbomind/ on 1x a10', 'qwen2.5-7b'],
  ])('%s', (_name, text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });
});

function loadCorpusText(id: string): string {
  return loadCorpus().find((l) => l.id === id)!.text;
}

describe('MiniCPM-V models named as people write them', () => {
  it.each([
    ['c919 (InternLM/lmdeploy#2875)', loadCorpusText('c919'), 'minicpm-v-2.6-8b'],
    ['c926 (OpenBMB/MiniCPM-V#640)', loadCorpusText('c926'), 'minicpm-v-2.6-8b'],
    ['c925 (OpenBMB/MiniCPM-V#181)', loadCorpusText('c925'), 'minicpm-llama3-v2.5-8b'],
    ['the thread title of c925', '[BUG] Lora 微调 minicpmv2-5报错，2张V100', 'minicpm-llama3-v2.5-8b'],
    ['spaced', 'MiniCPM-V 2.6 inference on a 4090', 'minicpm-v-2.6-8b'],
    ['a Hub id', 'vllm serve openbmb/MiniCPM-V-2_6 on 1x a10', 'minicpm-v-2.6-8b'],
    ['Ollama\'s tag', 'ollama run minicpm-v:8b on a 3060 12GB', 'minicpm-v-2.6-8b'],
    ['MiniCPM-Llama3-V-2_5', 'finetune MiniCPM-Llama3-V-2_5 with lora on 2x 3090', 'minicpm-llama3-v2.5-8b'],
  ])('%s', (_name, text, model) => {
    expect(read(text).scenario.model.id).toBe(model);
  });
});

describe('--quant N of the SAT and ChatGLM demos quantises the weights it loads', () => {
  it.each([
    ['c935 (zai-org/CogCoM#12)', loadCorpusText('c935'), 'gptq'],
    ['zai-org/CogCoM#23', 'python cli_demo_sat.py --from_pretrained /data/cogcom-chat-17b --fp16 --quant 8 --english, 8x v100-32g', 'int8'],
    ['an = between', 'python cli_demo.py --from_pretrained cogvlm-chat-17b --quant=4 on 1x 3090', 'gptq'],
  ])('%s', (_name, text, weights) => {
    expect(read(text).scenario.weights).toBe(weights);
  });
});

describe('a family word with no size is asked which of the family', () => {
  it.each([
    ['c943 (QwenLM/Qwen#94)', '老哥，Qwen用这个6G显存真的能跑吗？试了一下还是CUDA out of memory😭', /^Which Qwen\? It names a family, not one model\. I read: 1× 6 GiB GPU/],
    ['English', 'can I run qwen on a 3060 12GB?', /^Which qwen\? It names a family/],
  ])('%s', (_name, text, question) => {
    const r = resolveRequest(text, null);
    expect(r.ok ? 'read' : r.error.message).toMatch(question);
  });

  it('a message that names nothing is still asked "Which model?"', () => {
    const r = resolveRequest('can I run it on a 3060 12GB?', null);
    expect(r.ok ? 'read' : r.error.message).toMatch(/^Which model\?/);
  });
});

describe('Phi-3.5-MoE, named by its Hub id or its name', () => {
  it.each([
    ['c861 (EricLBuehler/mistral.rs#751)', loadCorpusText('c861')],
    ['a name', 'phi 3.5 moe inference on 2x 4090'],
    ['vLLM', 'vllm serve microsoft/Phi-3.5-MoE-instruct --tensor-parallel-size 2'],
  ])('%s', (_name, text) => {
    expect(read(text).scenario.model.id).toBe('phi-3.5-moe-42b-a6.6b');
  });
});
