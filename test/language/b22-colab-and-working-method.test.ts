import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read } from './reading-fixtures.js';

/** eosphoros-ai/DB-GPT-Hub#151 (corpus c822), the message as posted (screenshots left out). */
const DBGPT_151 = `When I fine-tuned the codellama-7b-instruct-hf under the LoRA mode (nothing changed in train_sft.sh) in my Colab Environment with Tesla V100 GPU 16G, and 51GB CPU memory, the following bug occurs: 

However, if I change it to the QLoRA mode, the running process becomes normal.  

Could you please help me to test it under your A100 environment @wangzaistone ? Let us confirm whether it is a real bug~`;

describe('a card named beside Colab is the card (prose.colab-free)', () => {
  it('reads the V100 of DB-GPT-Hub#151, not Colab\'s T4', () => {
    expect(read(DBGPT_151).scenario.hardware?.gpuId).toBe('v100-16g');
  });

  it.each([
    ['mistral-7b finetune causes oom on a100 gpu on colab', 'a100-80g'],
    ['lora llama-2-7b on colab with an l4', 'l4'],
    ['qlora llama-2-7b on a free colab', 't4'],
  ])('%s', (text, gpu) => {
    expect(read(text).scenario.hardware?.gpuId).toBe(gpu);
  });
});

describe('a card named beside Colab is stated, not guessed (prose.colab-beside-card)', () => {
  const cardFact = (text: string) => {
    const r = resolveRequest(text, null);
    if (!r.ok) throw new Error(`not read: ${text}`);
    return (r.trace ?? []).find((t) => t.fact === 'card');
  };
  it.each(['finetuning gemma-2-9b with unsloth qlora on a colab T4, max_seq_length 8192', 'qlora llama-2-7b on colab with a t4 gpu', 'lora mistral-7b in my google colab notebook, L4'])('%s: the card is no weak fact', (text) => {
    expect(cardFact(text)?.weak ?? false).toBe(false);
    expect(cardFact(text)?.rules ?? []).not.toContain('prose.colab-free');
  });
  it('a free Colab with no card named is still one T4, said as guessed', () => {
    expect(cardFact('qlora llama-2-7b on a free colab')?.weak).toBe(true);
  });
});

describe('a method said to run normally is the other run (workingRuns)', () => {
  it('reads the failing LoRA of DB-GPT-Hub#151, not the QLoRA that runs', () => {
    const { scenario } = read(DBGPT_151);
    expect(scenario.mode).toBe('lora');
  });

  it('reads QLoRA when it is the one that fails (invented)', () => {
    const text = 'Fine-tuning llama-2-7b under the QLoRA mode on 1x t4, the following error occurs. If I change it to the LoRA mode, the process runs normally.';
    expect(read(text).scenario.mode).toBe('qlora');
  });

  it('keeps one method said alone', () => {
    expect(read('llama-2-7b qlora on 1x t4, the following bug occurs').scenario.mode).toBe('qlora');
  });
});

/** c715 (a ChatGLM3 thread on xtuner), as posted. */
const C715 =
  '求助关于显存的问题，我用xtuner的qlora配置用24G的显存是可以执行微调的，但是我希望尝试不量化的lora微调就是把关于量化的配置删掉后显示lora微调的显存不够是为什么呀，我采用chatglm3的官方lora微调24G是够的呀，后来我尝试利用双卡微调也是显示不够，是不是双卡不能叠加GPU而是只能加快速度呀，求助前辈们应该如何进行不量化的lora呢';

describe('可以执行 (can run) says a run works', () => {
  it('reads the LoRA c715 asks about, not the QLoRA that runs', () => {
    expect(read(`chatglm3-6b ${C715}`).scenario.mode).toBe('lora');
  });

  it('reads QLoRA when the LoRA is the one that runs (invented)', () => {
    expect(read('chatglm3-6b 用lora配置24G显存是可以运行的，但是qlora微调显示显存不够，怎么办').scenario.mode).toBe('qlora');
  });
});
