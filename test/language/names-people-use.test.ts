import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read, sameShape } from './reading-fixtures.js';

/**
 * Models named the way people name them today, from real lines (cited), and the readings each
 * must give. Each case pins a cause, not a line: other sizes and spellings of the same kind too.
 */

describe("DeepSeek R1's distills", () => {
  // huggingface/open-r1#113: "I ran the Deepseek R1 8B model with Ollama on an old PC with an RTX 3050 8GB";
  // ollama/ollama#14719: "I used to be able to run the `deepseek-r1:70b` model with my pair of 3090s".
  it('R1 with a size other than 671B is the distill of that size, stated', () => {
    for (const [written, base] of [
      ['Deepseek R1 8B', 'llama-3.1-8b'],
      ['deepseek-r1:70b', 'llama-3.1-70b'],
      ['deepseek-r1:32b', 'qwen2.5-32b'],
      ['DeepSeek-R1 14B', 'qwen2.5-14b'],
      ['deepseek-r1:1.5b', 'qwen2.5-1.5b'],
    ] as const) {
      const { scenario, said } = read(`run ${written} on a 4090`);
      expect(scenario.model.id, written).toBe(base);
      expect(said).toMatch(/R1 distill of that size/);
    }
  });

  it('the distill reads as its base model, whichever way it is written', () => {
    sameShape('run deepseek-r1:32b on a 4090', 'run DeepSeek-R1-Distill-Qwen-32B with ollama on a 4090');
    sameShape('run deepseek r1 8b on a 4090', 'run llama-3.1-8b on a 4090');
  });

  // ollama/ollama#8776: "run DeekSeek R1:671B on 3X MI210" — the 671B size is R1 itself.
  it('deepseek-r1:671b is R1 itself, and "deepseek 7b" (a size DeepSeek published) stays DeepSeek', () => {
    expect(read('run deepseek-r1:671b on 8x h200').scenario.model.id).toBe('deepseek-r1');
    expect(read('run deepseek 7b on a 4090').scenario.model.name).toMatch(/DeepSeek/);
    // deepspeedai/DeepSpeed#7096: "I downloaded a Deepseek-32B-4bit model" — only a distill has 32B.
    expect(read('lora on Deepseek-32B-4bit with zero3').scenario.model.id).toBe('qwen2.5-32b');
  });
});

describe('Ollama tags', () => {
  it('a `name:size` tag is Ollama, so llama.cpp with its default Q4_K_M', () => {
    const { scenario } = read('run qwen3:8b on a 4090');
    expect(scenario.framework).toBe('llamacpp');
    expect(scenario.weights).toBe('q4_k_m');
  });

  it('beside another engine the tag is only the name', () => {
    expect(read('vllm serve qwen3:8b on a 4090').scenario.framework).not.toBe('llamacpp');
  });

  it('"pair of" counts two cards', () => {
    expect(read('run llama 3 70b int4 on my pair of 3090s').scenario.hardware?.count).toBe(2);
  });
});

describe('fine-tunes named by family and size', () => {
  // LAION-AI/Open-Assistant#2904: "Should i be able to run OA_SFT_Llama_30B_6 with 3 x RTX 3090 (72GB vram)?"
  it('an underscore name with a family and a size is the catalog model of that family and size', () => {
    sameShape('run OA_SFT_Llama_30B_6 on 3x 3090', 'run llama-30b on 3x 3090');
  });

  it('the model a question asks about wins over models listed beside it, stated', () => {
    const { scenario, said } = read('OA_SFT_Llama_30B_6 = my estimate about 68GB vram\n12B model = 40GB vram\n\nShould i be able to run OA_SFT_Llama_30B_6 with 3 x RTX 3090 (72GB vram)?');
    expect(scenario.model.id).toBe('llama-1-33b');
    expect(said).toMatch(/"12B" is another setup the message mentions/);
  });
});

describe('a contrast clause is another run', () => {
  // meta-pytorch/torchtune#830: the HF batch of 1 was the other framework's result.
  it('a setting said only in a "whereas …" clause that restates another goes with that run, stated', () => {
    const { scenario, said } = read('I was able to use batch size of 17 for llama-3-8b lora on a single A6000, whereas I could only reach batch size=1 with axolotl (with lora, and all parameters equal).');
    expect(scenario.framework).not.toBe('axolotl');
    expect(scenario.microBatch).toBe(17);
    expect(scenario.lora).not.toBeNull();
    expect(said).toMatch(/"axolotl" set aside: it goes with the other run/);
  });

  it('a contrast clause that restates nothing is read as usual', () => {
    expect(read('llama-3-8b lora on a single A6000 with batch 4, whereas with axolotl it fits').scenario.framework).toBe('axolotl');
  });
});

describe('names with common words and fine-tunes of LLaMA-1', () => {
  // oobabooga/textgen#2259: "python server.py --model chinese-alpaca-plus-13b-hf --load-in-8bit".
  it('a common word joined into a name ("-plus-") stays part of it', () => {
    sameShape('run chinese-alpaca-plus-13b-hf on a 4090', 'run llama-13b on a 4090');
  });

  // artidoro/qlora#184: "a QLoRA finetune on a 30B model [`WizardLM-30B-fp16`](https://huggingface.co/TheBloke/WizardLM-30B-fp16)".
  it('a LLaMA-1 fine-tune called 30B is LLaMA-1 33B, in prose and as a Hub id read offline', () => {
    expect(read('qlora WizardLM-30B on 2x 3090').scenario.model.id).toBe('llama-1-33b');
    expect(read('qlora https://huggingface.co/TheBloke/WizardLM-30B-fp16 on 2x 3090').scenario.model.id).toBe('llama-1-33b');
  });
});

describe('a comparison said with its sides restated', () => {
  // oobabooga/textgen#2259: "start normally with bf16 and error out when using 8-bit mode … could it be that
  // the -bf16 parameter uses less video memory than the 8-bit mode? … --load-in-8bit".
  it('the alternative said again is that side, not the run: the run is not 8-bit on both sides', () => {
    const { scenario } = read('the 13B model starts with bf16 and errors out with 8-bit mode, could the bf16 use less memory than the 8-bit? python server.py --load-in-8bit');
    expect(scenario.question.kind).toBe('compare');
    expect(scenario.weights).not.toBe('int8');
    // Quantised weights as a side make it a question about running the model.
    expect(scenario.mode).toBe('inference');
  });

  // unslothai/unsloth#… (c025): "difference between Llama 3 8b and Llama 2 7b … Llama 2 7b only consumes 10g".
  it('a model said again stays the run’s model', () => {
    const { scenario } = read('there is a huge vram difference between Llama 3 8b and Llama 2 7b when doing qlora. Llama 2 7b only consumes around 10g vram on T4.');
    expect(scenario.model.id).toBe('llama-2-7b');
  });
});

describe('R1 alone and markdown emphasis', () => {
  // sgl-project/sglang#3640: "are **three** A100 nodes sufficient for deploying R1？"
  it('"R1" standing alone is DeepSeek-R1, stated; beside a LoRA it stays a rank', () => {
    const { scenario, said } = read('how many H100 do I need to deploy R1?');
    expect(scenario.model.id).toBe('deepseek-r1');
    expect(said).toMatch(/"r1" read as deepseek-r1/);
    expect(read('llama-2-7b lora r1 on a 4090').scenario.lora?.rank).toBe(1);
  });

  it('markdown bold around a count or a card is emphasis, and "N <card> nodes" is N nodes of that card', () => {
    const nodes = read('are **three** A100 nodes enough for 70b').scenario.hardware;
    expect([nodes?.count, nodes?.perNode]).toEqual([24, 8]);
    expect(read("70b full on 2 H100 80GB nodes").scenario.hardware?.count).toBe(16);
    expect(read('7b full on **8*A100**').scenario.hardware?.count).toBe(8);
  });
});

describe('cards counted in Chinese, and the RTX 6000', () => {
  // QwenLM/Qwen3-VL#2026: "Qwen3-VL 2B Instruct在8张RTX6000上使用LoRA finetune会导致OOM".
  it('a count with 张/块/台 or 卡 counts the cards, before a card name or alone', () => {
    const eight = read('Qwen3-VL 2B Instruct在8张RTX6000上使用LoRA finetune会导致OOM').scenario.hardware;
    expect([eight?.gpuId, eight?.count]).toEqual(['rtx-6000-ada', 8]);
    expect(read('两张4090跑qwen2.5 32b').scenario.hardware?.count).toBe(2);
    expect(read('8卡A100微调llama 3 70b').scenario.hardware?.count).toBe(8);
    expect(read('4张卡 推理 qwen2.5 72b').scenario.unnamedGpus).toBe(4);
    // QwenLM issue (corpus c062): "我在readme发现一张图显示…我是用了8张T4" — a picture is no card.
    expect(read('我在readme发现一张图显示4bit qlora 只需要48GB显存，我是用了8张T4 bs=1 微调llama3 70b').scenario.hardware?.count).toBe(8);
  });

  it('"RTX 6000" alone is the Ada card; "RTX PRO 6000" the Blackwell one', () => {
    expect(read('qwen3 32b lora on rtx 6000').scenario.hardware?.gpuId).toBe('rtx-6000-ada');
    expect(read('qwen3 32b lora on rtx pro 6000').scenario.hardware?.gpuId).toBe('rtx-pro-6000');
    // lmstudio-ai/lms#41 (c1230): "I have two RTX 6000 Pro" — PRO after the number is the Blackwell card too.
    expect(read('I have two RTX 6000 Pro, running qwen3 32b').scenario.hardware?.gpuId).toBe('rtx-pro-6000');
    expect(read('qwen3 32b on 2x rtx6000 pro').scenario.hardware?.gpuId).toBe('rtx-pro-6000');
  });
});

describe('recipe configs named by their method', () => {
  // huggingface/gpt-oss-recipes#23: "I am using the sft.py + Lora.yaml to fine tune gpt oss 120b."
  it('a YAML or JSON recipe named lora/qlora gives the method', () => {
    expect(read('I am using the sft.py + Lora.yaml to fine tune gpt oss 120b.').scenario.lora).not.toBeNull();
    expect(read('llamafactory-cli train examples/train_lora/llama3_lora_sft.yaml with qwen2.5 7b').scenario.lora).not.toBeNull();
    // A recipe named for full training stays full.
    expect(read('llamafactory-cli train examples/train_full/llama3_full_sft.yaml with qwen2.5 7b').scenario.lora).toBeNull();
  });
});

describe('Apple silicon', () => {
  it('a Mac or an M-series chip is said not to be modelled, once, and its memory read as one GPU', () => {
    const { scenario, said } = read('Mac Studio M2 Ultra 192GB run llama 3 70b q4');
    expect(said.match(/Apple unified memory is not modelled/g)).toHaveLength(1);
    expect(scenario.hardware?.capacityBytes).toBe(192 * 2 ** 30);
    // "mac address" is no Mac.
    expect(read('run llama 3 8b on a 4090, mac address 00:11').said).not.toMatch(/Apple/);
  });
});

describe('EXL2 bits per weight', () => {
  // The 2x3090 question of the pages search ("what can I run with 2x3090 48GB VRAM 70b exl2 4.65bpw").
  it('"4.65bpw" with ExLlamaV2 or EXL2 named is that EXL2 width, run by ExLlamaV2 (memory/exllamav2.ts)', () => {
    const { scenario } = read('exllamav2 llama 3 70b 4.65bpw on 2x3090');
    expect(scenario.framework).toBe('exllamav2');
    expect(scenario.weights).toBe('exl2');
    expect(scenario.inference.bpw).toBe(4.65);
    const suffixed = read('llama-3-70b-exl2 6.0bpw on 2x 4090').scenario;
    expect([suffixed.weights, suffixed.inference.bpw]).toEqual(['exl2', 6]);
  });

  it('a width with no ExLlamaV2 word is still the GGUF type of its bits, said', () => {
    const { scenario, said } = read('llama 3 70b 4.65bpw on 2x3090');
    expect(scenario.weights).toBe('q4_k_m');
    expect(said).toMatch(/4\.65 bits per weight read as GGUF Q4_K_M/);
  });
});

describe('llama.cpp words in prose', () => {
  // ggml-org/llama.cpp#1866: "GPU: 2x RTX 3090 (48GB total VRAM) When trying to load a 65B ggml 4bit model, regardless
  // of how many layers I offload to GPU" — read as HF NF4, CPU offload and a how-many-GPUs question.
  it('ggml is llama.cpp, its "4bit" a GGUF type, layers offloaded to the GPU no CPU offload, "how many layers" no question', () => {
    const { scenario, said } = read('GPU: 2x RTX 3090 (48GB total VRAM) When trying to load a 65B ggml 4bit model, regardless of how many layers I offload to GPU');
    expect(scenario.framework).toBe('llamacpp');
    expect(scenario.weights).toBe('q4_k_m');
    expect(said).toMatch(/with llama\.cpp read as GGUF Q4_K_M/);
    expect(scenario.offload).toEqual({ optimizer: 'none', params: 'none' });
    expect(scenario.question.kind).toBe('none');
    // …while "offload to cpu" and "how many A100s" keep their meaning.
    expect(read('70b zero3 offload to cpu on 8x a100').scenario.offload.optimizer).toBe('cpu');
    expect(read('how many A100s for llama 3 70b full').scenario.question.kind).toBe('howMany');
  });

  // ggml-org/llama.cpp#3780: "./server -m …/llama-2-70b-chat-q6k.gguf -ngl 83 … -c 8192" on "3x P40".
  it('the Tesla P40 is a card', () => {
    expect(read('llama-2-70b q6_k gguf -ngl 83 -c 8192 on 3x P40').scenario.hardware?.gpuId).toBe('p40-24g');
  });
});

describe('lengths said before their keyword, and Llama 3.2 sizes', () => {
  // microsoft/LongRoPE#12: "how can I finetune llama2-7B with 128K seqence length by using only 8 A100 GPUS?"
  it('"128K sequence length" takes no later number: "only 8 A100 GPUS" stays the GPU count', () => {
    const { scenario } = read('how can I finetune llama2-7B with 128K sequence length by using only 8 A100 GPUS?');
    expect([scenario.seq, scenario.hardware?.count]).toEqual([131072, 8]);
    expect(read('7b lora with 4096 context length and batch 8 on 4090').scenario.seq).toBe(4096);
  });

  // huggingface/trl#2294: "OOM when finetuning Llama3.2-90B on 8xA100 80GB" — Llama 3.2 has no text-only 90B.
  it('Llama 3.2 11B and 90B are the vision models', () => {
    expect(read('OOM when finetuning Llama3.2-90B on 8xA100 80GB').scenario.model.id).toBe('llama-3.2-90b-vision');
    expect(read('llama 3.2 11b lora on a 4090').scenario.model.id).toBe('llama-3.2-11b-vision');
  });
});

describe('a model named but unknown, and cards written count-last', () => {
  // NVIDIA-NeMo/Megatron-Bridge#3463: "We are in the process of SFT the nemotron-3-super model using megatron-bridge
  // using 16 nodes of H100x8GPUs."
  it('a model name the catalog lacks is named in the refusal, with how to give its size', () => {
    const r = resolveRequest('We are in the process of SFT the nemotron-3-super model using megatron-bridge using 16 nodes of H100x8GPUs.', null);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/I don't know the model "nemotron-3-super"\. I read: [^—]*16 nodes[^—]* — give its size with it/);
    // …and with its size it reads, on 16 nodes of 8.
    expect(read('sft nemotron-3-super 120b with megatron on 16 nodes of H100x8GPUs').scenario.hardware?.count).toBe(128);
  });

  it('"A100x8", "4090 x 2" count the cards', () => {
    expect(read('70b on A100x8').scenario.hardware?.count).toBe(8);
    expect(read('llama 3 8b on a 4090 x 2').scenario.hardware?.count).toBe(2);
  });
});

describe('llama.cpp and Ollama options, DeepSpeed ruled out', () => {
  it('-ctk/-ctv q8_0 is an 8-bit KV cache, q4_0 a 4-bit one (ggml block_q4_0), each said', () => {
    const q8 = read('./llama-server -m Qwen3-30B-A3B-Q4_K_M.gguf -c 32768 -ngl 99 --flash-attn -ctk q8_0 -ctv q8_0 on a 3090');
    expect([q8.scenario.inference.kvDtype, q8.scenario.weights]).toEqual(['fp8', 'q4_k_m']);
    expect(q8.said).toMatch(/K cache q8_0 sized as an 8-bit cache/);
    const q4 = read('llama-server -m qwen2.5-32b-q4_k_m.gguf -c 32768 --cache-type-k q4_0 --cache-type-v q4_0 on a 3090');
    expect(q4.scenario.inference.kvDtype).toBe('int4');
    expect(q4.said).toMatch(/K cache q4_0: 4 bits and a 16-bit scale per 32 values/);
    const q41 = read('llama-server -m qwen2.5-32b-q4_k_m.gguf -c 32768 --cache-type-k q4_1 on a 3090');
    expect(q41.said).toMatch(/q4_1 \(a quantised KV cache below 8 bits\) is not modelled/);
  });

  // ollama/ollama#11744: "GPT-OSS 120b: num_batch = 256 num_gpu = 25 num_ctx = 32678" on 2x 4090 + 4070.
  it("Ollama's num_ctx is its context and num_gpu its layers on the GPU; a script's NUM_GPU still counts GPUs", () => {
    const { scenario } = read('Have 3 GPU: 2x 4090 RTX 1x 4070 RTX GPT-OSS 120b: num_batch = 256 num_gpu = 25 num_ctx = 32678');
    expect([scenario.framework, scenario.seq, scenario.inference.gpuLayers]).toEqual(['llamacpp', 32678, 25]);
    expect(read('NUM_GPU=8 train 7b').scenario.unnamedGpus).toBe(8);
  });

  // hiyouga/LlamaFactory#3524: '"unsloth" is not suitalbe for deepspeed zero3, then I choose using the fsdp' … --bf16.
  it('DeepSpeed named only to rule it out does not make --bf16 DeepSpeed\'s', () => {
    const { said } = read('"unsloth" is not suitalbe for deepspeed zero3, so I use fsdp: llamafactory-cli train --model_name_or_path llama-2-70b --finetuning_type full --bf16 --num_processes 64');
    expect(said).not.toMatch(/under DeepSpeed/);
  });

  it('a flag value stops at Chinese text ("--gpu-memory-utilization 0.3是24G")', () => {
    expect(read('命令：vllm serve Qwen/Qwen2.5-VL-3B-Instruct --gpu-memory-utilization 0.3，80G的显卡--gpu-memory-utilization 0.3是24G').scenario.inference.gpuMemoryUtilization).toBe(0.3);
  });
});

describe('checkpoint names', () => {
  // artidoro/qlora#184: a QLoRA run on "WizardLM-30B-fp16" with bnb_4bit_compute_dtype=torch.bfloat16.
  it('a float dtype in a checkpoint name is its storage, not the run\'s precision', () => {
    const { scenario } = read('qlora WizardLM-30B-fp16 on 2x 3090');
    expect([scenario.model.id, scenario.compute]).toEqual(['llama-1-33b', 'bf16']);
  });

  // ggml-org/llama.cpp#2496: "./main -m ./models/7B/ggml-model-q4_0.bin -n 128" — llama.cpp's README layout of
  // Meta's original LLaMA download (folders 7B, 13B, 30B, 65B).
  it('llama.cpp\'s generic ggml-model file in a bare size folder is LLaMA-1 of that size', () => {
    expect(read('3090 with CUDA (24GB GRAM): ./main -m ./models/7B/ggml-model-q4_0.bin -n 128').scenario.model.id).toBe('llama-1-7b');
    expect(read('./main -m ./models/30B/ggml-model-q4_0.bin').scenario.model.id).toBe('llama-1-33b');
  });
});

describe('machines of several cards', () => {
  // sgl-project/sglang#3344 and its Chinese twin #3341: "Using 2 H100*8 machines to deploy deepseek-R1 671 B,
  // can the context length consistently support up to 128k?" / "用 2台 H100*8 部署 deepseek-R1 671 B，context length 可以一直支持到 128k吗".
  it('"2 H100*8 machines" and "2台 H100*8" are two nodes of eight', () => {
    for (const text of [
      'Using 2 H100*8 machines to deploy deepseek-R1 671 B, can the context length consistently support up to 128k?',
      '用 2台 H100*8 部署 deepseek-R1 671 B，context length 可以一直支持到 128k吗',
    ]) {
      const { scenario } = read(text);
      expect([scenario.hardware?.count, scenario.hardware?.perNode, scenario.seq], text).toEqual([16, 8, 131072]);
    }
    // 台 before a card alone counts the cards.
    expect(read('2台4090跑qwen 32b').scenario.hardware?.count).toBe(2);
  });
});

describe('an Ollama tag before a card', () => {
  it('"llama3.1:8b on my gtx 1660 super 6gb": the card\'s memory is no `ollama ps` row', () => {
    expect(read('llama3.1:8b on my gtx 1660 super 6gb').scenario.hardware?.capacityBytes).toBe(6 * 2 ** 30);
  });
});

describe('Colab', () => {
  // unslothai/unsloth#682: "Environment: Google Colab T4 GPU"; people write "on a free colab".
  it('a free Colab is one T4 16GB, said; Colab Pro is not guessed', () => {
    const { scenario, said } = read('I want to finetune llama-3.1-8B-instruct on a free colab');
    expect(scenario.hardware?.gpuId).toBe('t4');
    expect(said).toMatch(/read as one T4 16GB \(Colab's free GPU\)/);
    expect(() => read('llama 7b on colab pro')).toThrow();
  });
});

describe('a series named with a size it has no member of, and a size before a versioned family', () => {
  // specpicks / r/LocalLLaMA style: "Mistral Small 22B at q4_K_M on rtx 3060" read as Mistral-7B with the 22B set aside.
  it('"Mistral Small 22B" is Mistral Small 2409 (a catalog model since rcat2), not the series\' 7B', () => {
    const { scenario, said } = read('Mistral Small 22B at q4_K_M on rtx 3060');
    expect(scenario.model.id).toBe('mistral-small-22b');
    expect(said).not.toMatch(/names no size/);
  });

  it('"70B Llama2" and "7B Qwen2.5" are those catalog models', () => {
    expect(read('how many GPUs for 70B Llama2').scenario.model.id).toBe('llama-2-70b');
    expect(read('finetune 7B Qwen2.5 on a 4090').scenario.model.id).toBe('qwen2.5-7b');
  });
});

describe('Phi-3.5-mini', () => {
  it('reads as Phi-3-mini, whose config it keeps', () => {
    expect(read('Phi-3.5-mini-instruct inference on a T4').scenario.model.id).toBe('phi-3-mini');
    expect(read('lora phi 3.5 mini on a 3060').scenario.model.id).toBe('phi-3-mini');
  });
});

describe('how many, asked in Chinese', () => {
  it('"需要几张A100", "需要多少张H20" ask how many cards', () => {
    expect(read('qwen2-72b推理需要几张A100').scenario.question).toEqual({ kind: 'howMany', gpuId: 'a100-80g' });
    expect(read('部署deepseek-r1需要多少张H20').scenario.question.kind).toBe('howMany');
  });
});

describe('the same thing said twice: a size beside a catalog model that names none, a width beside its format', () => {
  // pytorch/torchtitan#1558: "I tried running DeepSeek v3 671B with 512 GPUs"; written with the
  // Hub's hyphen ("DeepSeek-V3 671B") it was a contradiction of two models.
  it('restates the model: "DeepSeek-V3 671B", "Kimi K2 1T", "the 671B DeepSeek-V3"', () => {
    for (const [written, id] of [
      ['DeepSeek-V3 671B', 'deepseek-v3'],
      ['the 671B DeepSeek-V3', 'deepseek-v3'],
      ['Kimi K2 1T', 'kimi-k2'],
      ['Mixtral-8x7B 47B', 'mixtral-8x7b'],
    ] as const) {
      expect(read(`serve ${written} fp8 on 8x h200`).scenario.model.id, written).toBe(id);
    }
  });

  it('a weight width said beside its format restates it: "int4 awq", "gptq 4bit"', () => {
    expect(read('llama 3.1 70b int4 awq vllm 2x4090').scenario.weights).toBe('awq');
    expect(read('gptq 4bit llama 2 13b on a 3060 12gb').scenario.weights).toBe('gptq');
    const two = resolveRequest('awq gptq 7b', null);
    expect(two.ok).toBe(false);
  });

  it('a size that is not the model\'s stays a contradiction naming both', () => {
    for (const written of ['DeepSeek-V3 7B', 'llama-3-8b 70b', 'Kimi K2 32B']) {
      const outcome = resolveRequest(`serve ${written} on 8x h200`, null);
      expect(outcome.ok, written).toBe(false);
      if (!outcome.ok) expect(outcome.error.message, written).toMatch(/contradict/);
    }
  });
});

describe('later releases that keep an earlier architecture', () => {
  // vllm-project/vllm#40592: "My device is 8xH20(96G)" serving DeepSeek-V3.2 (was "Which model?").
  it('DeepSeek-V3.1-Terminus and V3.2 are DeepSeek-V3\'s shape; GLM-4.6 is GLM-4.5\'s', () => {
    for (const [written, id] of [
      ['DeepSeek-V3.2', 'deepseek-v3'],
      ['deepseek-ai/DeepSeek-V3.2-Exp', 'deepseek-v3'],
      ['deepseek-v3.1-terminus', 'deepseek-v3'],
      ['GLM-4.6', 'glm-4.5'],
    ] as const) {
      expect(read(`vllm serve ${written} on 8xH20(96G)`).scenario.model.id, written).toBe(id);
    }
  });

  it('their -FP8 checkpoints keep FP8 weights', () => {
    for (const written of ['zai-org/GLM-4.6-FP8', 'GLM-4.5-FP8', 'glm-4.5-air-fp8', 'meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8']) {
      expect(read(`vllm serve ${written} on 8x H100`).scenario.weights, written).toBe('fp8');
    }
  });
});

describe('a context window in a checkpoint name', () => {
  // microsoft/Phi-3-mini-128k-instruct, Qwen2.5-7B-Instruct-1M, 01-ai/Yi-34B-200K: the window the
  // checkpoint was trained for names no other model ("phi-3-mini-128k" was a grammar error).
  it('is dropped from the name, and read as the length only with "full context"', () => {
    expect(read('phi-3-mini-128k on a 6gb laptop gpu').scenario.model.id).toBe('phi-3-mini');
    expect(read('Phi-3-mini-128k-instruct on a 3060').scenario.seq).toBe(2048);
    expect(read('serve qwen2.5-7b-instruct-128k at full context on an h100').scenario.seq).toBe(128 * 1024);
  });
});

describe("an optimizer's joined name is the optimizer, whatever ends the sentence", () => {
  // A stranger's QLoRA post: "max_seq_length=2048 and paged_adamw_8bit. Training starts…" had read the
  // "_8bit" as an 8-bit base, turning QLoRA (NF4) into LoRA on int8 without a word.
  it.each(['paged_adamw_8bit.', 'paged_adamw_8bit,', 'paged_adamw_8bit'])('"… and %s Training starts" keeps QLoRA on NF4', (written) => {
    const { scenario } = read(`qlora mistral 7b on my RTX 3060 (12GB), max_seq_length=2048 and ${written} Training starts`);
    expect(scenario.optimizer).toBe('paged-adamw-8bit');
    expect(scenario.weights).toBe('nf4');
  });
});
