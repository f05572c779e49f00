import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * Issue 22 (branch rquant1): the weights' format said by a switch, a dtype key, a loader's width or a
 * quantisation code in the model's name. Each had gone unread (the run sized in 16 bits, silently) or read as
 * another format. A format taken on a weak cue (a flag whose meaning depends on the release, a tool's
 * default compression) is weak, so the reply says where it came from.
 * Real lines: c2742 (EleutherAI/elk#238), c2702 (huggingface/text-generation-inference#247), c2834
 * (deepspeedai/DeepSpeed#2662), c2776 (johnsmith0031/alpaca_lora_4bit#146), c2809 (mlc-ai/mlc-llm#3270),
 * c2803 (FMInference/FlexLLMGen#4), c2741 (TheTom/llama-cpp-turboquant#90). The variations are invented. 4-bit
 * integer weights in groups (MLC, FlexGen) are sized as 4-bit GPTQ, the item language's int4.
 */

function weights(text: string): { format: string; weak: boolean } {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}: ${r.ok ? 'help' : r.error.message}`);
  const f = (r.trace ?? []).find((t) => t.fact === 'weights' && t.at !== null);
  return { format: r.scenario.weights, weak: f?.weak ?? false };
}

describe('a bare switch or a dtype key names the weights', () => {
  it.each([
    // elk's `--int8` (c2742) and the same switch in other scripts and words.
    ['python generate.py --model huggyllama/llama-13b --int8 on one RTX 3090', 'int8'],
    ['elk elicit meta-llama/Llama-2-70b-hf imdb --num_gpus 4 --gpus_per_model 4 --int8', 'int8'],
    ['用 --int8 加载 llama-65b，两张 A100 40G，能跑吗', 'int8'],
    // DeepSpeed-Inference's `--dtype int8` / `dtype=torch.int8` (c2834).
    ['deepspeed --num_gpus 1 inference-test.py --ds_inference --name facebook/opt-13b --dtype int8 on a V100 32GB', 'int8'],
    ['gpt-j-6b on a T4: model = deepspeed.init_inference(model, mp_size=1, dtype=torch.int8, replace_with_kernel_inject=True)', 'int8'],
    // A GPTQ loader's width beside its group size (c2776): GPTQ, not bitsandbytes' NF4.
    ['model, tokenizer = load_llama_model_4bit_low_ram(config_path, model_path, groupsize=128, seqlen=2048, bits=4)  llama 13b on a 3090', 'gptq'],
    ['python llama_inference.py decapoda-research/llama-7b-hf --wbits 4 --groupsize 128 --load llama7b-4bit-128g.pt on a 3060', 'gptq'],
    // The 4-bit switch of the same scripts, a precision key that names an integer width, HQQ's width.
    ['python chat.py --model llama-2-13b --int4 on a 4060 Ti 16GB', 'gptq'],
    ['python run.py --model mistral-7b --precision int8 on a T4', 'int8'],
    // ExecuTorch's export mode, its Llama tutorial's 8da4w (c2810's "default quantization parameters").
    ['python -m executorch.examples.models.llama.export_llama --model llama3_2 --quantization_mode 8da4w --group_size 32 -kv, running Llama-3.2-3B on a phone with 12GB', 'gptq'],
    ['export_llama --checkpoint llama-2-7b-chat -qmode 8da4w --group_size 128 -d fp32, the app on a Galaxy S23 with 8GB runs llama-2-7b', 'gptq'],
    ['model = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-2-13b-hf", quantization_config=HqqConfig(nbits=4, group_size=64)) on a T4', 'gptq'],
  ])('%j → %s', (text, format) => {
    const read = weights(text);
    expect(read.format).toBe(format);
    expect(read.weak).toBe(false);
  });

  it.each([
    // TGI before 0.9: a bare `--quantize` was bitsandbytes' 8-bit (c2702); today it takes a value, so the release decides: weak.
    ['text-generation-launcher --model-id bigscience/bloom-7b1 --quantize --num-shard 1 on an A10G', 'int8'],
    ['docker run --gpus all ghcr.io/huggingface/text-generation-inference:0.6 --model-id OpenAssistant/oasst-sft-1-pythia-12b --quantize on an A10G 24GB', 'int8'],
    // FlexGen's compression is its group-wise 4-bit quantisation (c2803): the tool's default, said.
    ['How fast can I run OPT-66B if I use FlexGen with compression on a 4090?', 'gptq'],
  ])('weak: %j → %s', (text, format) => {
    const read = weights(text);
    expect(read.format).toBe(format);
    expect(read.weak).toBe(true);
  });
});

describe('a quantisation code in or beside the model name', () => {
  it.each([
    // MLC-LLM's codes written apart from the name (c2809's "(q4f16_0)").
    ['Llama-3-8B-Instruct (q4f16_1) crashes the MLC Chat app on my 8GB phone', 'gptq'],
    ['Phi-3-mini q4f16_1 on MLC LLM, Android phone with 6GB', 'gptq'],
    ['mlc_llm chat HF://mlc-ai/Qwen2.5-7B-Instruct-q4f16_1-MLC on a 3060 12GB', 'gptq'],
    // FlexGen's own switch for it.
    ['python -m flexgen.flex_opt --model facebook/opt-30b --percent 100 0 100 0 100 0 --compress-weight on a T4', 'gptq'],
    // The GGUF the command loads, not a cache type set by -ctk / -ctv beside it.
    ['llama-server -m models/mistral-7b-instruct.Q4_K_M.gguf -ngl 99 -ctk q8_0 -ctv q8_0 -c 32768 on 1x 3060 12GB', 'q4_k_m'],
  ])('%j → %s', (text, format) => {
    expect(weights(text).format).toBe(format);
  });
});
