import { describe, expect, it } from 'vitest';
import { judge } from '../../bench/language.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { PLANNED_SETTINGS_RULE } from '../../src/language/reconcile/planned-settings.js';
import { loadCorpus } from '../corpus/corpus.js';

/**
 * Session 32 (rframe10): a setting said as a plan or as a remedy asked about is not the run's
 * (reconcile/planned-settings.ts): "I will try fsdp" after the run that OOMs (corpus c2432, read as
 * FSDP), "maybe zero3 next", "would cpu offload help?", "打算下次试试 zero3", "다음엔 fsdp 써볼 예정".
 * Invented variations of the phenomenon, scored before the rule: 7 of 17 right (the controls, N*, 6 of 6);
 * after it 17 of 17 (controls 6 of 6). "zero2或者zero3都OOM" names two tries (tried-alternatives.ts). A plan whose
 * own clause names the run ("I'll try fsdp to fine-tune llama-2-70b on 8x A100") is the run asked about and stays.
 */

const read = (id: string, text: string, reading: string) => judge({ id, text, source: 'invented', reading, intent: 'stated' });

describe('a setting planned or asked about as a remedy is set aside, said', () => {
  it('names its rule', () => {
    expect(PLANNED_SETTINGS_RULE.source).toMatch(/c2432/);
  });

  it.each([
    ["A1", "I use a 3b pretrained model and 80G A800 for finetuning. I will try fsdp next, thanks", "3b full on 1x a800-80g"],
    ["A2", "Full finetuning llama-2-7b on 2x A100 40GB with DDP gets OOM. Should I use deepspeed zero3?", "llama-2-7b full ddp on 2x a100-40g"],
    ["A3", "qwen2.5-7b full fine-tune on 4x 4090 with zero2 OOMs, maybe zero3 next?", "qwen2.5-7b full zero2 on 4x rtx-4090"],
    ["A4", "qwen2-7b 全参微调，4张A100 80G，zero2 爆显存了，或者用 fsdp 可以吗？", "qwen2-7b full zero2 on 4x a100-80g"],
    ["A5", "train mistral-7b with lora on one 3090 instead of full fine-tuning", "mistral-7b lora on 1x rtx-3090"],
    ["A6", "fine-tuning llama-3-8b on 2x 3090 runs out of memory, planning to switch to fsdp later", "llama-3-8b full on 2x rtx-3090"],
    ["A7", "Training llama-2-13b with deepspeed zero2 on 8x V100 32G. Would cpu offload help?", "llama-2-13b full zero2 on 8x v100-32g"],
    ["A8", "llama-3-8b 풀 파인튜닝, A100 80G 4장인데 OOM 나요. 다음엔 fsdp 써볼 예정입니다", "llama-3-8b full on 4x a100-80g"],
    ["A9", "accelerate launch train.py: full finetune of qwen2.5-1.5b on 1x 4090 goes OOM; thinking about trying gradient checkpointing", "qwen2.5-1.5b full on 1x rtx-4090"],
    ["A10", "per_device_train_batch_size: 4\ngradient_accumulation_steps: 8\n\nOOM when training llama-2-13b on 4x A100 40G. Should I enable cpu offload?", "llama-2-13b full mbs 4 ga 8 on 4x a100-40g"],
    ["A11", "Examples:\n- Single GPU QLoRA: qlora-single.yaml\n- Multi GPU QLoRA with FSDP: qlora-fsdp.yaml\n\nI run the single GPU qlora one for llama-3-8b on one 4090 and get OOM", "llama-3-8b qlora on 1x rtx-4090"],
    ["A12", "我在2张3090上用lora微调qwen2.5-7b，显存不够，打算下次试试 zero3", "qwen2.5-7b lora on 2x rtx-3090"],
    ["A13", "mistral-7b lora on 1x 4090 OOMs at seq 4096. Would 8-bit adam help?", "mistral-7b lora seq 4096 on 1x rtx-4090"],
    ["A14", "qwen2.5-14b full finetune on 8x A100 40G with zero2 goes OOM; what about zero3 with cpu offload?", "qwen2.5-14b full zero2 on 8x a100-40g"],
    ["A15", "llama-2-7b sft on 4x V100 32G runs out of memory, next time I'll try lora", "llama-2-7b full on 4x v100-32g"],
    ["A16", "```\ndeepspeed --num_gpus 4 train.py --model_name_or_path meta-llama/Llama-2-13b-hf --per_device_train_batch_size 2\n```\nOOM on 4x A100 40G. I'm going to try fsdp instead.", "llama-2-13b full deepspeed mbs 2 on 4x a100-40g"],
    ["N1", "I'll try fsdp to fine-tune llama-2-70b on 8x A100 80G, will it fit?", "llama-2-70b full fsdp on 8x a100-80g"],
    ["N2", "I plan to use qlora on llama-2-13b with one 3090", "llama-2-13b qlora on 1x rtx-3090"],
    ["N3", "offload helped a bit but llama-2-13b full still OOMs on 2x 3090 with zero3 offload", "llama-2-13b full zero3 offload on 2x rtx-3090"],
    ["N4", "maybe because zero3 shards the params, llama-2-7b full on 4x a100 uses less memory", "llama-2-7b full zero3 on 4x a100"],
    ["N5", "I will use deepspeed zero2 for full finetuning qwen2.5-7b on 4x 4090", "qwen2.5-7b full zero2 on 4x rtx-4090"],
    ["N7", "qwen2-7b 全参微调，4张A100 80G，zero2或者zero3都OOM", "qwen2-7b full on 4x a100-80g"],
    ["A17", "qwen2-7b 全参微调，4张A100 80G 爆显存，要不要开 offload？", "qwen2-7b full on 4x a100-80g"],
  ])('%s: %j reads as %j', (id, text, reading) => {
    const r = read(id, text, reading);
    expect(r.verdict, r.detail).toBe('right');
  });

  it('c2432: "I will try fsdp" is said as set aside, with its words', () => {
    const c2432 = loadCorpus().find((l) => l.id === 'c2432')!;
    const r = resolveRequest(c2432.text, null);
    if (!r.ok || !r.scenario) throw new Error('not read');
    expect(r.scenario.sharding.kind).not.toBe('fsdp');
    expect(r.assumptions.join(' | ')).toContain('"fsdp" set aside: said as a plan or a remedy you ask about ("I will try")');
  });

  // A message the grammar takes whole (an imperative "run", no prose around it) asks about a remedy too; a follow-up
  // that is only the remedy keeps it (the thread's run is the one it changes).
  it.each([
    ['run llama-3-8b on a 4090, would cpu offloading help?', 'llama-3-8b inference on 1x rtx-4090'],
    ['finetune qwen2.5-7b lora on 1x t4, would gc help?', 'qwen2.5-7b lora on 1x t4'],
  ])('the grammar-read %j reads as %j', (text, reading) => {
    const r = read('strict', text, reading);
    expect(r.verdict, r.detail).toBe('right');
  });
});
