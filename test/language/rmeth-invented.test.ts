import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusLineRead, fieldMisses, runInvented } from './reading-fixtures.js';

/**
 * rmeth (s47): the method (full / LoRA / QLoRA) by its strongest evidence. Invented lines, written from the words
 * before any change (docs/reading.md "The method slot: its evidence"). Each line carries the fields it must read; near
 * misses carry the reading the mechanism must leave alone. Scored on main before the change: see the commit message.
 */
interface Want {
  /** The catalog model trained or run. */
  model?: string;
  mode?: string;
  /** The base's (or served) weight format. */
  weights?: string;
  /** Weight formats the reading must not take. */
  notWeights?: string[];
  /** Words the first screen or the assumptions must hold. */
  said?: RegExp;
}

const SIXTEEN = ['nf4', 'nf4-dq', 'gptq', 'awq', 'int8'];

export const INVENTED: Record<string, [string, Want][]> = {
  'a method word inside a path, a file or a run name is weak beside a key or a sentence': [
    ['2x A100 80G:\n```\nllamafactory-cli train --model_name_or_path meta-llama/Llama-2-13b-hf --stage sft --finetuning_type lora --output_dir out/13b-qlora --bf16\n```', { model: 'llama-2-13b', mode: 'lora', notWeights: SIXTEEN }],
    ['mistral-7b on a 4090, my axolotl config:\n```yaml\nbase_model: mistralai/Mistral-7B-v0.1\nadapter: lora\nload_in_4bit: false\nlora_r: 16\noutput_dir: ./qlora-run\n```', { model: 'mistral-7b', mode: 'lora', notWeights: SIXTEEN }],
    ['I use the axolotl config qlora.yml with adapter: lora and lora_r: 32 for llama-3-8b on one RTX A6000', { model: 'llama-3-8b', mode: 'lora', notWeights: SIXTEEN, said: /qlora/i }],
    ['```\ntorchrun --nproc_per_node 4 train.py --model_name_or_path meta-llama/Meta-Llama-3-8B --run_name full-ft-llama3 --lora_r 16 --lora_alpha 32\n```\n4x A10G', { model: 'llama-3-8b', mode: 'lora' }],
    ['输出目录是 saves/qwen2-7b/qlora，但 finetuning_type: lora，没有设置 quantization_bit，qwen2-7b 单卡4090', { model: 'qwen2-7b', mode: 'lora', notWeights: SIXTEEN }],
    ['체크포인트 폴더 이름은 ckpt_qlora 인데 실제로는 --finetuning_type lora 로 돌렸어요. llama-2-7b, A100 40GB', { model: 'llama-2-7b', mode: 'lora', notWeights: SIXTEEN }],
    ['swift sft --model Qwen/Qwen2.5-7B-Instruct --train_type lora --output_dir output/qlora-test --dataset alpaca-zh on one 3090', { model: 'qwen2.5-7b', mode: 'lora', notWeights: SIXTEEN }],
    ['wandb run "gemma-7b-qlora-v3", but the trainer has peft_config=LoraConfig(r=8) and bf16=True, no bitsandbytes; gemma-7b on 2x L4', { model: 'gemma-7b', mode: 'lora', notWeights: SIXTEEN }],
    ['```yaml\nmodel_name_or_path: Qwen/Qwen2.5-14B-Instruct\nfinetuning_type: lora\nlora_rank: 8\noutput_dir: saves/qwen2.5-14b/full_sft\n```\n2x A100 40G', { model: 'qwen2.5-14b', mode: 'lora' }],
    ['出力先は out/qlora-llama3 ですが --finetuning_type lora で学習しています。Llama-3-8B、RTX 4090', { model: 'llama-3-8b', mode: 'lora', notWeights: SIXTEEN }],
    ['running `accelerate launch sft_qlora.py` for mistral-7b on a T4', { model: 'mistral-7b', mode: 'qlora' }],
    ['--lora_rank 64 --save_path ckpts/yi-6b_qlora_r64, yi-6b, 3090', { model: 'yi-6b', mode: 'lora', notWeights: SIXTEEN }],
    // near misses: the name agrees with a key, or the key is the full method
    ['output dir qlora-out, and I load it in 4-bit with bnb: llama-2-7b lora on a T4', { model: 'llama-2-7b', mode: 'qlora' }],
    ['8x A100 80G:\n```\nllamafactory-cli train --model_name_or_path meta-llama/Meta-Llama-3-8B --finetuning_type full --output_dir saves/llama3-8b/full --deepspeed ds_z3.json\n```', { model: 'llama-3-8b', mode: 'full' }],
    ['```\npython train.py --model_name_or_path meta-llama/Llama-2-7b-hf --use_peft --load_in_4bit --output_dir ./lora-out\n```\non a 3060 12GB', { model: 'llama-2-7b', mode: 'qlora' }],
  ],
  'negated quantisation: the base is 16-bit, the method stays LoRA or full': [
    ['non-4bit finetune of llama-2-13b with lora on 2x A100 80GB', { model: 'llama-2-13b', mode: 'lora', notWeights: SIXTEEN }],
    ['LoRA without 4-bit on mistral-7b, single A100 40G', { model: 'mistral-7b', mode: 'lora', notWeights: SIXTEEN }],
    ['qwen2.5-7b lora, not quantized, on a 4090', { model: 'qwen2.5-7b', mode: 'lora', notWeights: SIXTEEN }],
    ['qwen2-7b 非4bit lora微调 A100 40G', { model: 'qwen2-7b', mode: 'lora', notWeights: SIXTEEN }],
    ['Llama-3-8B LoRA 不量化，单卡 3090', { model: 'llama-3-8b', mode: 'lora', notWeights: SIXTEEN }],
    ['不用4bit，直接lora训练 chatglm3-6b，V100 32G', { model: 'chatglm3-6b', mode: 'lora', notWeights: SIXTEEN }],
    ['양자화 없이 LoRA로 llama-3-8b 학습, RTX 4090', { model: 'llama-3-8b', mode: 'lora', notWeights: SIXTEEN }],
    ['Qwen2.5-7B を 4bitなし の LoRA で学習、A100 40GB', { model: 'qwen2.5-7b', mode: 'lora', notWeights: SIXTEEN }],
    ['OOM on an A10G:\n```python\nmodel = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-2-7b-hf", load_in_4bit=False, torch_dtype=torch.bfloat16)\nmodel = get_peft_model(model, LoraConfig(r=16))\n```', { model: 'llama-2-7b', mode: 'lora', notWeights: SIXTEEN }],
    ['```yaml\nmodel_name_or_path: Qwen/Qwen2-7B-Instruct\nstage: sft\nfinetuning_type: lora\nquantization_bit: null\nbf16: true\n```\n2x 3090', { model: 'qwen2-7b', mode: 'lora', notWeights: SIXTEEN }],
    ['lora on llama-3-8b in plain bf16, no bnb and no 4-bit, on 1x L40S', { model: 'llama-3-8b', mode: 'lora', notWeights: SIXTEEN }],
    ['without quantization: full fine-tune of phi-3-mini on 1x a100-80g', { mode: 'full', notWeights: SIXTEEN }],
    ['I turned off 4-bit loading and kept lora r=64 for llama-2-7b on an A10G', { model: 'llama-2-7b', mode: 'lora', notWeights: SIXTEEN }],
    ['unquantized base, lora rank 8, gemma-2-9b on an L4', { model: 'gemma-2-9b', mode: 'lora', notWeights: SIXTEEN }],
    ['mistral-7b lora, 8bit/4bit both off, A100 40GB', { model: 'mistral-7b', mode: 'lora', notWeights: SIXTEEN }],
    ['baichuan2-7b lora，没有量化，两张 3090', { model: 'baichuan2-7b', mode: 'lora', notWeights: SIXTEEN }],
    // near misses: another width negated, the KV cache's width, a 4-bit loader said as used
    ['qlora in 4-bit, not 8-bit, for llama-2-13b on a 3090', { model: 'llama-2-13b', mode: 'qlora' }],
    ['4-bit KV cache, llama-3-8b lora on a 4090', { model: 'llama-3-8b', mode: 'lora', notWeights: SIXTEEN }],
    ['llama-2-7b lora with load_in_4bit=True on a T4', { model: 'llama-2-7b', mode: 'qlora' }],
    ['no OOM anymore with 4-bit: qlora of mistral-7b on a 3060 12GB', { model: 'mistral-7b', mode: 'qlora' }],
  ],
  'a method named as the subject of a question or a title is the method asked about': [
    ['how does QLoRA work for llama-2-7b on a V100?', { model: 'llama-2-7b', mode: 'qlora', weights: 'nf4' }],
    ['V100如何实现QLoRA微调 chatglm3-6b', { model: 'chatglm3-6b', mode: 'qlora', weights: 'nf4' }],
    ['can I QLoRA a llama-1-33b on one V100', { mode: 'qlora', weights: 'nf4' }],
    ['QLoRA로 llama-3-8b 학습 가능? RTX 3060 12GB', { model: 'llama-3-8b', mode: 'qlora', weights: 'nf4' }],
    ['Is QLoRA possible for qwen2.5-14b on a T4? The T4 has no bf16 and no int4 acceleration', { model: 'qwen2.5-14b', mode: 'qlora', weights: 'nf4' }],
    ['V100不支持bf16和int4加速，能用QLoRA微调Qwen2-7B吗', { model: 'qwen2-7b', mode: 'qlora', weights: 'nf4' }],
    ['QLoRA fine-tuning Llama-2-13B on 2x T4 — possible?', { model: 'llama-2-13b', mode: 'qlora', weights: 'nf4' }],
    ['V100でQLoRAはできますか？Llama-3-8B', { model: 'llama-3-8b', mode: 'qlora', weights: 'nf4' }],
    ['Does qlora even make sense for mistral-7b on an A100 80GB?', { model: 'mistral-7b', mode: 'qlora', weights: 'nf4' }],
    ["What's the VRAM for qlora on yi-34b with a 4090?", { model: 'yi-34b', mode: 'qlora', weights: 'nf4' }],
    ['QLoRA on a P40 24GB for llama-2-13b? the P40 lacks fast fp16 and int4 tensor cores', { model: 'llama-2-13b', mode: 'qlora', weights: 'nf4' }],
    ['Would qlora of qwen1.5-32b squeeze into 2x 2080 Ti 22G? turing has int8/int4 but no bf16', { model: 'qwen1.5-32b', mode: 'qlora', weights: 'nf4' }],
    ['在T4上用qlora训练baichuan2-13b可行吗？T4没有bf16', { model: 'baichuan2-13b', mode: 'qlora', weights: 'nf4' }],
    // near misses: LoRA asked (not QLoRA), a GPTQ checkpoint run, LoRA on a V100
    ['can you do a lora (not qlora) of llama-3-8b on a v100?', { model: 'llama-3-8b', mode: 'lora', notWeights: SIXTEEN }],
    ['Can I run a GPTQ int4 llama-2-13b on a V100?', { model: 'llama-2-13b', mode: 'inference', weights: 'gptq' }],
    ['how does LoRA work on a V100 for qwen2-7b', { model: 'qwen2-7b', mode: 'lora', notWeights: SIXTEEN }],
  ],
  'a recipe or script name carries the method': [
    ['4x A100 80G:\n```\ntune run --nproc_per_node 4 lora_dpo_distributed --config llama3_1/8B_lora_dpo\n```', { mode: 'lora' }],
    ['tune run lora_finetune_single_device --config llama3_2/3B_lora_single_device on a 4090', { mode: 'lora' }],
    ['8x H100:\n```\ntune run --nnodes 1 --nproc_per_node 8 full_finetune_distributed --config llama3_1/70B_full\n```', { mode: 'full' }],
    ['llamafactory-cli train examples/train_qlora/llama3_lora_sft_otfq.yaml on one 3090', { mode: 'qlora' }],
    ['accelerate launch -m axolotl.cli.train examples/llama-3/qlora.yml on a 4090', { mode: 'qlora' }],
    ['swift sft --model Qwen/Qwen2.5-7B-Instruct --train_type lora --dataset AI-ModelScope/alpaca-gpt4-data-zh on an A10', { model: 'qwen2.5-7b', mode: 'lora' }],
    ['bash train_lora.sh with qwen2-7b on 2x 3090, OOM at step 1', { model: 'qwen2-7b', mode: 'lora' }],
    ['python finetune_qlora.py --model_name_or_path baichuan-inc/Baichuan2-13B-Chat on a 3090', { model: 'baichuan2-13b', mode: 'qlora' }],
    ['运行 sh run_lora_sft.sh 训练 qwen2.5-7b，单卡4090', { model: 'qwen2.5-7b', mode: 'lora' }],
    ['xtuner train qwen1_5_7b_chat_qlora_alpaca_e3 on a single 3090', { mode: 'qlora' }],
    ['`tune run lora_finetune_single_device` 로 llama-3.2-3b 학습 중인데 RTX 3080에서 OOM', { model: 'llama-3.2-3b', mode: 'lora' }],
    ['deepspeed --num_gpus 8 finetune_full.py --model_name_or_path internlm/internlm2-7b on 8x A100 40G', { model: 'internlm2-7b', mode: 'full' }],
    ['full_finetune_distributed on 8x h100 with llama-3.1-8b; I also ran it with lora_finetune_distributed and that fits', { model: 'llama-3.1-8b', mode: 'full' }],
    // near misses: a recipe only mentioned, the run's key says otherwise
    ['the repo also has a train_qlora.sh, but I use finetune.py with --lora_r 8: llama-2-7b on a 3090', { model: 'llama-2-7b', mode: 'lora', notWeights: SIXTEEN }],
    ['torchtune has lora_finetune_single_device, but I run full_finetune_single_device for llama-3.2-1b on a 4090', { model: 'llama-3.2-1b', mode: 'full' }],
  ],
  'near misses: a method in passing is not the run': [
    ['QLoRA is too slow, so I use LoRA: llama-2-7b on an A100 40GB', { model: 'llama-2-7b', mode: 'lora', notWeights: SIXTEEN }],
    ['llama-3-8b lora on 2x 4090, about 2x faster compared to the qlora run', { model: 'llama-3-8b', mode: 'lora', notWeights: SIXTEEN }],
    ['pip list:\n```\npeft        0.11.1\nqlora       0.1.0\ntorch       2.3.0\n```\nfull fine-tune of qwen2-1.5b on a 4090', { model: 'qwen2-1.5b', mode: 'full' }],
    ['llama-3-8b lora, lora_dropout 0, r 16, on a 3090', { model: 'llama-3-8b', mode: 'lora', notWeights: SIXTEEN }],
    ['qlora比lora慢太多了，所以我改用lora，qwen2-7b，A100 40G', { model: 'qwen2-7b', mode: 'lora', notWeights: SIXTEEN }],
  ],
};

/** The fields a line's reading gets wrong ([] when it reads as its spec says). */
export function misses(text: string, want: Want): string[] {
  return fieldMisses(text, (s, check, out, said) => {
    check('model', s.model.id, want.model);
    check('mode', s.mode, want.mode);
    check('weights', s.weights, want.weights);
    if (want.notWeights?.includes(s.weights)) out.push(`weights ${s.weights} (not wanted)`);
    if (want.said && !want.said.test(said)) out.push(`not said: ${want.said}`);
  });
}

/**
 * Invented lines the change leaves misread, each with why: they fail today (it.fails), and the test says so when a
 * later change reads them.
 */
export const KNOWN_MISSES: ReadonlyMap<string, string> = new Map([
  ['wandb run "gemma-7b-qlora-v3", but the trainer has peft_config=LoraConfig(r=8) and bf16=True, no bitsandbytes; gemma-7b on 2x L4', 'the method reads LoRA now; the model is lost to the run\'s quoted name (the name slot, not the method)'],
  ['出力先は out/qlora-llama3 ですが --finetuning_type lora で学習しています。Llama-3-8B、RTX 4090', 'refused: the output folder "out/qlora-llama3" is taken for a Hub id to fetch (the name slot, not the method)'],
  ['without quantization: full fine-tune of phi-3-mini on 1x a100-80g', '"quantization: full" is read as a config key and its value, the prose line taken for a key (segments), so the training word goes'],
  ['4-bit KV cache, llama-3-8b lora on a 4090', 'refused: a 4-bit KV cache is read as inference-only and contradicts LoRA (the KV-cache slot)'],
  ['can you do a lora (not qlora) of llama-3-8b on a v100?', '"not qlora" is read as the adapter removed, and the removal takes the LoRA with it (reconcile/removed-method.ts reads any adapter word)'],
  ['llamafactory-cli train examples/train_qlora/llama3_lora_sft_otfq.yaml on one 3090', 'asks for the model: "llama3" in the example\'s name names no size, and the train_qlora folder is not yet read as the recipe that runs'],
  ['torchtune has lora_finetune_single_device, but I run full_finetune_single_device for llama-3.2-1b on a 4090', 'two recipe names, one only mentioned: no rule yet weighs "X has …, but I run Y" between two names'],
  ['QLoRA is too slow, so I use LoRA: llama-2-7b on an A100 40GB', 'a method judged and left ("too slow, so I use") is not yet an owner cue; the QLoRA makes every adapter QLoRA (reconcile/settings.ts loras)'],
  ['llama-3-8b lora on 2x 4090, about 2x faster compared to the qlora run', '"compared to the qlora run" is not yet set aside as another run'],
  ['pip list:\n```\npeft        0.11.1\nqlora       0.1.0\ntorch       2.3.0\n```\nfull fine-tune of qwen2-1.5b on a 4090', 'a pip list in a fence is not segmented as a log, so its qlora package is read as the method'],
]);

runInvented(INVENTED, KNOWN_MISSES, misses);

describe('released lines of the same causes', () => {
  it('c3412: "V100不是不支持bf16嘛" is the card\'s support, the torch_dtype=torch.bfloat16 key the run\'s: bf16 stays', () => {
    expect(corpusLineRead('c3412').scenario.weights).toBe('bf16');
  });
});


describe('properties', () => {
  it('a negated width, in any of its spellings, never reads a 4-bit base', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('non-4bit', 'non 4-bit', 'w/o 4bit', 'turned off 4-bit loading', '8bit/4bit both off', '非4bit', '不用4bit', '4bitなし', '4bit 없이', '양자화 없이'),
        fc.constantFrom('llama-2-7b', 'qwen2-7b', 'mistral-7b'),
        (negated, model) => {
          const r = resolveRequest(`${model} lora ${negated}, on one a100-80g`, null);
          return r.ok && r.scenario?.mode === 'lora' && !['nf4', 'nf4-dq', 'int8', 'gptq', 'awq'].includes(r.scenario.weights);
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe('count', () => {
  it('≥ 12 lines per mechanism', () => {
    for (const lines of Object.values(INVENTED).slice(0, 4)) expect(lines.length).toBeGreaterThanOrEqual(12);
  });
});
