import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';
import type { EstimateReply } from '../../src/reply/types.js';

/**
 * A transformers attention key (attn_implementation, use_flash_attention_2) beside a served model: the
 * engine runs its own kernels, so the key is a transformers run's, not the server's
 * (scenario/engine-attention.ts). Drawn from c919 (InternLM/lmdeploy: an LMDeploy pipeline, and a
 * transformers load with attn_implementation='sdpa' as the comparison).
 */

const reply = (text: string): EstimateReply => {
  const { reply: r } = respond(text, null);
  if (r.kind !== 'estimate') throw new Error(`no estimate for ${text}: ${r.kind}`);
  return r;
};

describe("a served model's attention is its engine's", () => {
  it.each([
    "serve qwen2.5-7b with vllm on 1x a100, attn_implementation='sdpa'",
    'qwen2.5-7b lmdeploy serve on 1x a100\nattn_implementation="eager"',
    'sglang serve llama-3-8b on 1x h100 attn_implementation = "sdpa"',
    'vllm serve mistral-7b on 1x l4, use_flash_attention_2=False',
  ])('%j keeps flash, said', (text) => {
    const r = reply(text);
    expect(r.scenario.mode).toBe('inference');
    expect(r.scenario.attention).toBe('flash');
    expect(r.assumptions.join(' | ')).toMatch(/is a transformers setting: the served model runs the engine's own attention kernels/);
  });

  it('transformers itself running the model keeps the kernel the key names', () => {
    const r = reply("run qwen2.5-7b inference with transformers on 1x a100, attn_implementation='sdpa'");
    expect(r.scenario.inference.engine).toBe('hf');
    expect(r.scenario.attention).toBe('sdpa');
  });

  it('training keeps the key', () => {
    expect(reply("qwen2.5-7b lora on 1x a100 attn_implementation='eager'").scenario.attention).toBe('eager');
  });

  it('the real line (c919): the LMDeploy pipeline is estimated with its own kernels', () => {
    const text =
      "背景：我想量化MiniCPM-V-2_6，我在使用swift微调、合并，使用lmdeploy量化后，发现模型加载推理时显存的占用量达到大约67GB，代码如下：\n`model_path = 'OpenBMB/output/MiniCPM-V-2_6_int4'\npipe = pipeline(model_path,backend_config=TurbomindEngineConfig(tp=1),chat_template_config=ChatTemplateConfig(model_name='minicpmv'))`\n而使用transformers库，原模型MiniCPM-V-2_6加载推理只需要 16GB，代码如下：\n`model_path = 'OpenBMB/output/MiniCPM-V-2_6'\nmodel = AutoModel.from_pretrained(model_path, trust_remote_code=True,\n    attn_implementation='sdpa', torch_dtype=torch.bfloat16)\nmodel = model.eval().cuda()`\n这是为什么？\n显卡配置：NVIDIA A800\nlmdeploy：0.6.3";
    const r = reply(text);
    expect(r.scenario.attention).toBe('flash');
    expect(r.scenario.inference.server).toBe('lmdeploy');
  });
});
