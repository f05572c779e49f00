import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read, sameShape } from './reading-fixtures.js';

/**
 * How people describe a training run, from real lines of the corpus (c241–c265, cited), each
 * with other phrasings of the same rule written here: a rule, not a line.
 */

describe('LoRA on the attention projections, said in words', () => {
  // lm-sys/FastChat#1687: "… zero3 stage and cpu offload, lora only on attention parameters".
  it('"lora only on attention parameters" puts adapters on q,k,v,o', () => {
    const { scenario } = read('finetuned falcon-40b with lora on 8*A100 80G cards, max length 1024, bf16, zero3 stage and cpu offload, lora only on attention parameters');
    expect(scenario.lora?.targets).toEqual(['q', 'k', 'v', 'o']);
  });

  it('other ways of saying it read the same, and plain "attention" words stay what they were', () => {
    sameShape('llama-3-8b lora on the attention layers on a 4090', 'llama-3-8b lora q,k,v,o on a 4090');
    sameShape('attention-only lora for mistral-7b on an a100', 'mistral-7b lora q,k,v,o on an a100');
    // No LoRA next to it: flash attention is still the attention kernel, not a target list.
    expect(read('llama-3-8b lora with flash attention on a 4090').scenario.lora?.targets).toEqual(['q', 'v']);
  });
});

describe('a count of data or passes is not a length, a batch or a GPU count', () => {
  // meta-llama/llama-cookbook#872: "My dataset context is large i.e. 330 data with each data being
  // around 16000 tokens." with the issue template's "Number of GPU: 2".
  it('"330 data … around 16000 tokens" is seq 16000, and "Number of GPU: 2" two GPUs', () => {
    const { scenario } = read(
      'I am trying to finetune llama 3.1 8B model using FSDP in multi-GPU setup. My dataset context is large i.e. 330 data with each data being around 16000 tokens.\nGPU: A100 PCIe (from runpods)\nNumber of GPU: 2',
    );
    expect(scenario.seq).toBe(16000);
    expect(scenario.hardware?.count).toBe(2);
    expect(scenario.question.kind).not.toBe('howMany');
  });

  it('samples, examples and epochs are counted, not read as settings', () => {
    expect(read('finetune llama-3-8b on 5000 samples, context 4096, on a 4090').scenario.seq).toBe(4096);
    expect(read('train mistral-7b for 3 epochs on 2x a100-80g').scenario.hardware?.count).toBe(2);
    // …and the batch beside such a count is still the batch.
    expect(read('qlora llama-3-8b with a batch size of 4 on 5000 samples on a 4090').scenario.microBatch).toBe(4);
    expect(read('llama-3-8b lora, number of GPUs = 4, a100-80g').scenario.hardware?.count).toBe(4);
    // "4 samples per GPU" is a batch, whatever word counts it.
    expect(read('qlora llama-3-8b with 4 samples per GPU on a 4090').scenario.microBatch).toBe(4);
    expect(read('full finetune mistral-7b, 2 sequences per device, zero3 on 8x a100-80g').scenario.microBatch).toBe(2);
  });
});

describe('a script named for its method', () => {
  // 01-ai/Yi#149: "I tried to fine tune Yi-6B\n bash run_sft_lora_Yi_6b.sh  with batch size=1 on two 4090 gpus".
  it('a shell script with lora in its name trains LoRA, as a .py one does', () => {
    expect(read('I tried to fine tune Yi-6B\n bash run_sft_lora_Yi_6b.sh  with batch size=1\non  computer with two 4090 gpus').scenario.mode).toBe('lora');
    expect(read('bash scripts/train_qlora.sh for llama-2-13b on a 3090').scenario.mode).toBe('qlora');
    expect(read('bash finetune_full.sh for llama-2-7b on 8x a100-80g').scenario.mode).toBe('full');
  });
});

describe('config keys of training frameworks', () => {
  // huggingface/accelerate#3239: an accelerate FSDP config with `fsdp_activation_checkpointing: true`.
  it("accelerate's fsdp_activation_checkpointing turns recompute on (and off)", () => {
    const config = (on: boolean) => `llama-7b full on 8x l40s\ndistributed_type: FSDP\nfsdp_config:\n  fsdp_activation_checkpointing: ${on}\n  fsdp_sharding_strategy: FULL_SHARD\nmixed_precision: bf16`;
    expect(read(config(true)).scenario.recompute).not.toBe('none');
    expect(read(config(false)).scenario.recompute).toBe('none');
  });

  // hiyouga/LlamaFactory#10367: "quantization_type: nf4\ndouble_quantization: true" with LoRA.
  it("LLaMA-Factory's double_quantization is NF4 double quantisation, only in a config that quantises", () => {
    const quantised = read('model_name_or_path: Qwen/Qwen2.5-14B\nfinetuning_type: lora\nquantization_bit: 4\nquantization_type: nf4\ndouble_quantization: true');
    expect(quantised.scenario.weights).toBe('nf4-dq');
    // Its default is true, so on its own it says nothing about the weights.
    expect(read('model_name_or_path: Qwen/Qwen2.5-14B\nfinetuning_type: lora\ndouble_quantization: true').scenario.weights).not.toMatch(/nf4/);
  });

  // modelscope/ms-swift#6329: "swift pt --train_type full --torch_dtype bfloat16 … --deepspeed zero3".
  it("ms-swift's torch_dtype after --train_type full is DeepSpeed's mixed bf16, not the words \"full bf16\"", () => {
    const { scenario } = read('swift pt \\\n    --model Qwen3-8B \\\n    --train_type full \\\n    --torch_dtype bfloat16 \\\n    --deepspeed zero3 \\\n    --max_length 3000 on 1x h20');
    expect(scenario.recipe).toBe('mixed');
    expect(scenario.mode).toBe('full');
  });
});

describe("DeepSpeed's global batch", () => {
  // deepspeedai/DeepSpeed#7482: "train_batch_size": 8, "gradient_accumulation_steps": 1 and
  // `deepspeed --num_gpus=4 finetune_llama.py … --batch_size 8` on 4xA100 40G.
  it('train_batch_size with its accumulation fixes the micro-batch per GPU; the script repeating it is the same batch', () => {
    const { scenario, said } = read(
      'finetune Qwen2.5-14B with ZeRO2+offload on 4xA100 40G cards\n{"train_batch_size": 8, "bf16": {"enabled": true}, "zero_optimization": {"stage": 2, "offload_optimizer": {"device": "cpu"}}, "gradient_accumulation_steps": 1}\ndeepspeed --num_gpus=4 finetune_llama.py --model_name Qwen/Qwen2.5-14B --batch_size 8',
    );
    expect(scenario.microBatch).toBe(2);
    expect(scenario.gradAccum).toBe(1);
    expect(said).toMatch(/micro-batch 2 per GPU/);
  });

  it('other global batches divide the same way, and one that does not divide is still refused', () => {
    expect(read('llama-2-7b full zero2 gbs 64 ga 4 on 8x a100-80g').scenario.microBatch).toBe(2);
    expect(read('llama-2-7b full zero3 gbs 16 ga 2 on 8x a100-80g').scenario.microBatch).toBe(1);
    expect(resolveRequest('llama-2-7b full zero2 gbs 12 ga 4 on 8x a100-80g', null).ok).toBe(false);
  });
});

describe('a series said alone beside its member named in full', () => {
  // unslothai/unsloth#2818: "I cannot finetune Gemma-3 using Unsloth with T4 GPU" … model_id = "unsloth/gemma-3-1b-it".
  it('"Gemma-3" is the gemma-3-1b named in the code, not the series default set against it', () => {
    const { scenario, said } = read('I cannot finetune Gemma-3 using Unsloth with T4 GPU\nmodel_id = "unsloth/gemma-3-1b-it"\nload_in_4bit=True');
    expect(scenario.model.arch).toEqual(read('gemma-3-1b qlora on a t4').scenario.model.arch);
    expect(said).toMatch(/named in full/);
  });

  it('the same for other series, and a series alone still names its default size', () => {
    expect(read('I am fine-tuning Llama 3.1 on 2x a100-80g, model meta-llama/Llama-3.1-70B').scenario.model.arch.layers).toBe(80);
    expect(read('qwen2.5 lora: Qwen2.5-14B-Instruct on a 4090').scenario.model.arch).toEqual(read('qwen2.5-14b lora on a 4090').scenario.model.arch);
    expect(read('I am fine-tuning Llama 3.1 on a 4090').said).toMatch(/Llama 3\.1 — which size: 8b, 70b or 405b\? read as 8b/);
  });
});

describe("Unsloth's precision idiom", () => {
  // unslothai/unsloth#2818: "fp16=not is_bfloat16_supported(), bf16=is_bfloat16_supported()" on a T4.
  const idiom = (card: string) => `llama-3-8b qlora on ${card}\nargs = TrainingArguments(\n    fp16 = not is_bfloat16_supported(),\n    bf16 = is_bfloat16_supported(),\n)`;
  it('is autocast in the 16-bit type the card has: fp16 on a T4 or V100, bf16 on a 4090', () => {
    for (const [card, compute] of [['a t4', 'fp16'], ['a v100', 'fp16'], ['a 4090', 'bf16']] as const) {
      const { scenario } = read(idiom(card));
      expect([scenario.recipe, scenario.compute], card).toEqual(['amp', compute]);
    }
  });

  it('"amp" said without its dtype follows the card too', () => {
    expect(read('llama-3-8b qlora amp on a t4').scenario.compute).toBe('fp16');
    expect(read('llama-3-8b qlora amp on an a100').scenario.compute).toBe('bf16');
  });
});

describe("DeepSpeed-Chat's LoRA flags", () => {
  // deepspeedai/DeepSpeedExamples#411: "--zero_stage 0 --lora_dim 128 --lora_module_name transformer.h. --only_optimize_lora".
  it('--lora_dim is the rank and a block path in --lora_module_name is every linear layer', () => {
    const { scenario } = read('deepspeed --num_gpus 4 main.py --model_name_or_path bigscience/bloomz-7b1 --per_device_train_batch_size 4 --max_seq_len 2048 --zero_stage 0 --lora_dim 128 --lora_module_name transformer.h. --only_optimize_lora --deepspeed');
    expect(scenario.mode).toBe('lora');
    expect(scenario.lora?.rank).toBe(128);
    expect(scenario.lora?.targets).toEqual(['q', 'k', 'v', 'o', 'gate', 'up', 'down']);
  });

  it("step 1's other spellings: decoder.layers., a projection name, and lora_dim 0 (no LoRA)", () => {
    expect(read('deepspeed main.py --model_name_or_path facebook/opt-1.3b --lora_dim 8 --only_optimize_lora --lora_module_name decoder.layers. on a 4090').scenario.lora?.rank).toBe(8);
    expect(read('deepspeed main.py --model_name_or_path meta-llama/Llama-2-7b-hf --lora_dim 16 --only_optimize_lora --lora_module_name q_proj on a 4090').scenario.lora?.targets).toEqual(['q']);
    expect(read('deepspeed main.py --model_name_or_path meta-llama/Llama-2-7b-hf --lora_dim 0 --zero_stage 3 on 8x a100-80g').scenario.mode).toBe('full');
  });
});

describe('Huawei Ascend NPUs beside a GPU', () => {
  // hiyouga/LlamaFactory#4133: "qwen1.5_7B使用Zero-2方式在8张A100(40G)和64张910A(32G)上SFT，报OOM".
  it('the 910A NPUs are set aside, said, and the A100s are the setup (not a contradiction, not 64 GPUs)', () => {
    const { scenario, said } = read('qwen1.5_7B使用Zero-2方式在8张A100(40G)和64张910A(32G)上SFT，报OOM');
    expect(scenario.hardware).toMatchObject({ gpuId: 'a100-40g', count: 8 });
    expect(said).toMatch(/Ascend NPUs are not modelled/);
  });

  it('alone they are that many devices of their published memory (rhw2: src/catalog/other-devices.ts), and "910" in other words is left as it was', () => {
    const alone = read('8卡910B 全参微调 qwen2.5-7b');
    expect(alone.scenario.hardware).toMatchObject({ count: 8, gpuId: null, capacityBytes: 64 * 2 ** 30 });
    expect(alone.said).toMatch(/Ascend NPUs are not modelled/);
    expect(read('qwen2.5-7b lora on Ascend 910B2 and 2x a100-80g').scenario.hardware?.count).toBe(2);
    expect(read('llama-2-7b inference seq 910 on a 4090').scenario.seq).toBe(910);
  });
});

describe('a series sized in words, named alone', () => {
  // A known gap of the corpus work: "bert" alone was a grammar error ("I expected a model size").
  it('"fine-tune bert" is BERT-base, stated with the other size', () => {
    const { scenario, said } = read('fine-tune bert on a 3060');
    expect(scenario.model.arch).toEqual(read('bert-base-uncased full on a 3060').scenario.model.arch);
    expect(said).toMatch(/bert — which size: base or large\? read as base/);
  });

  it('"BERT large" and the Hub name keep their size, and a series sized in billions keeps its 7–9B default', () => {
    expect(read('bert large full finetune on a v100').scenario.model.arch).toEqual(read('bert-large-uncased full on a v100').scenario.model.arch);
    expect(read('finetune BERT with batch size 32 on a T4').scenario.microBatch).toBe(32);
    expect(read('I am fine-tuning Llama 3.1 on a 4090').scenario.model.arch).toEqual(read('llama-3.1-8b full on a 4090').scenario.model.arch);
  });
});

describe('GPUs counted in all, then spread over nodes', () => {
  // Written here (the corpus' "2 nodes (16xA100 80G)" is the same setup the other way round):
  // "on 16 H100s over 2 nodes" lost the count and the context after it (1 GPU, seq 2048).
  it('"16 H100s over 2 nodes" is 2 nodes of 8 H100s, and what follows is still read', () => {
    const { scenario } = read('SFT of gemma-3-27b with FSDP on 16 H100s over 2 nodes, context 16k');
    expect(scenario.hardware).toMatchObject({ gpuId: 'h100-80g', count: 16 });
    expect(scenario.seq).toBe(16384);
    sameShape('qwen2.5-72b full on 24 h800 across 4 nodes', 'qwen2.5-72b full on 4 nodes of 6x h800');
    sameShape('full finetune llama-3-70b on 32 a100 80gb gpus across 4 nodes', 'full finetune llama-3-70b on 4 nodes of 8x a100-80g');
  });

  it('with no card named the count stands alone, and one node is just the count', () => {
    sameShape('qwen2.5-7b full zero3 on 16 GPUs across 2 nodes', 'qwen2.5-7b full zero3 on 2 nodes of 8 gpus');
    sameShape('qwen2.5-7b lora on 8 gpus in 1 node', 'qwen2.5-7b lora on 8 gpus');
  });
});

describe('an optimizer named by its HF `optim` value in prose', () => {
  // Written here after a probe: "QLoRA … paged_adamw_8bit" read "_8bit" as 8-bit weights, so
  // QLoRA became LoRA on int8 (the same names are in c055's and c244's configs as keys).
  it('"paged_adamw_8bit" in a sentence is the paged 8-bit AdamW, and QLoRA stays QLoRA on NF4', () => {
    const { scenario } = read('QLoRA on Llama-3.1-70B with 1x H100 80GB, max_seq_len 4096, per-device batch 2, grad accum 16, paged_adamw_8bit');
    expect(scenario.mode).toBe('qlora');
    expect(scenario.weights).toBe('nf4');
    expect(scenario.optimizer).toBe(read('llama-3.1-70b qlora paged adamw 8bit on 1x h100').scenario.optimizer);
  });

  it('adamw_8bit, "optim paged_adamw_8bit" and adamw_torch_fused read as those optimizers, and load_in_8bit is still the weights', () => {
    sameShape('qlora llama-3-8b on a 4090 with adamw_8bit', 'qlora llama-3-8b adamw 8bit on a 4090');
    sameShape('qlora llama-3-8b on a 4090, optim paged_adamw_8bit', 'qlora llama-3-8b paged adamw 8bit on a 4090');
    sameShape('full finetune llama-3-8b with adamw_torch_fused on h100', 'full finetune llama-3-8b fused adamw on h100');
    expect(read('lora llama-3-8b load_in_8bit on a 4090 with paged_adamw_32bit').scenario.weights).toBe('int8');
  });
});

describe("torchtune's version with an underscore", () => {
  // Written here after a probe: "--config llama3_2/1B_lora_single_device" read a "1B" of no family
  // (22 layers, a 32000 vocabulary) and "qwen2_5/7B" Qwen2; the corpus' c047/c048 use "llama3_1/70B".
  it('llama3_1, llama3_2 and qwen2_5 config folders are Llama 3.1, Llama 3.2 and Qwen2.5', () => {
    for (const [config, id] of [
      ['llama3_1/8B_lora', 'llama-3.1-8b'],
      ['llama3_2/1B_lora_single_device', 'llama-3.2-1b'],
      ['llama3_2/3B_full', 'llama-3.2-3b'],
      ['qwen2_5/7B_lora_single_device', 'qwen2.5-7b'],
      ['llama3_1/70B_full', 'llama-3.1-70b'],
    ] as const) {
      expect(read(`tune run lora_finetune_single_device --config ${config} on a 4090`).scenario.model.id, config).toBe(id);
    }
  });

  it('a builder name keeps its underscores (torchtune.models.llama3_1.lora_llama3_1_8b)', () => {
    expect(read('model:\n  _component_: torchtune.models.llama3_1.lora_llama3_1_8b\n  lora_rank: 16\non 2x 4090').scenario.model.id).toBe('llama-3.1-8b');
  });
});

describe('"how much GPU memory" in Chinese', () => {
  // Written here after a probe: "qwen2.5-72b qlora 需要多少显存" was refused for the unread "多少".
  it('is the question the estimate answers, however it is ordered', () => {
    expect(read('qwen2.5-72b qlora 需要多少显存').scenario.mode).toBe('qlora');
    expect(read('微调qwen2.5-7b需要多少显存').scenario.model.id).toBe('qwen2.5-7b');
    expect(read('全参微调72b显存要多少').scenario.mode).toBe('full');
  });
});
