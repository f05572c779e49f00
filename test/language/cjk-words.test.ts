import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readInThread } from '../../src/core/opening.js';
import { normalise } from '../../src/language/normalise.js';
import { TRADITIONAL_TO_SIMPLIFIED } from '../../src/language/traditional-chinese.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read, sameAs } from './reading-fixtures.js';

/**
 * Chinese, Japanese and Korean read as a colleague would (issue 22, s9 cause study): the words of a
 * setup in each script — the card counters (张 块 卡 枚 個 장 개 대), inference and serving (推論, 추론,
 * 배포, デプロイ), pre-training (预训练, 事前学習, 사전 학습), Traditional characters (顯存, 單卡, 微調) —
 * and the figures that are not the card (显存占用…15G, 需要的显存超过了7GB, 100G显存以内).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const notRead = (said: string) => said.match(/not read: ([^|]*)/)?.[1] ?? '';

describe('Traditional Chinese reads as simplified, one character for one', () => {
  it('c095: "顯卡是使用 RTX 2080 11G" is 显卡 (Facico/Chinese-Vicuna#29)', () => {
    expect(normalise(line('c095').text).text).toContain('显卡是使用 rtx 2080 11g');
  });

  it('"單卡4090 微調 llama-3-8b" reads as its simplified twin', () => {
    sameAs('單卡4090 微調 llama-3-8b', '单卡4090 微调 llama-3-8b');
    expect(read('單卡4090 微調 llama-3-8b').scenario.hardware).toMatchObject({ gpuId: 'rtx-4090', count: 1 });
  });

  it('any text keeps its length and every position (property)', () => {
    const chars = [...Object.keys(TRADITIONAL_TO_SIMPLIFIED), 'a', '4', ' ', '卡', 'の'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...chars), { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        const once = normalise(text);
        expect(once.text.length).toBe(text.length);
        expect(normalise(once.text).text).toBe(once.text);
      }),
    );
  });
});

describe('counters: count, counter and card in the orders people write them', () => {
  it('"RTX 4090 1枚でllama-3-8bをLoRAでファインチューニング、バッチ2、シーケンス長4096": one card, batch 2, seq 4096, nothing unread', () => {
    const { scenario, said } = read('RTX 4090 1枚でllama-3-8bをLoRAでファインチューニング、バッチ2、シーケンス長4096');
    expect(scenario.hardware).toMatchObject({ gpuId: 'rtx-4090', count: 1 });
    expect([scenario.microBatch, scenario.seq, scenario.mode]).toEqual([2, 4096, 'lora']);
    expect(notRead(said)).toBe('');
  });

  it('フル glued before ファインチューニング / チューニング is a full fine-tune, with or without a particle before it', () => {
    for (const words of ['をフルファインチューニングしたい', 'フルファインチューニング', 'をフルチューニング', 'で フルファインチューニング']) {
      const { scenario, said } = read(`H100 80GB x8 で Llama-3.1-70B ${words}。FSDP、seq 4096`);
      expect(scenario.mode, words).toBe('full');
      expect(notRead(said), words).toBe('');
    }
    // Without フル a fine-tune stays what the other words say (LoRA here), not a full one.
    expect(read('RTX 4090 1枚でllama-3-8bをLoRAでファインチューニング').scenario.mode).toBe('lora');
  });

  it('count + counter + card, card + count + counter, with or without a particle (property)', () => {
    const writings = [
      (n: number, c: string) => `${n}张${c}`,
      (n: number, c: string) => `${n}块${c}`,
      (n: number, c: string) => `${n}卡${c}`,
      (n: number, c: string) => `${c} ${n}张`,
      (n: number, c: string) => `${c} ${n}枚`,
      (n: number, c: string) => `${c}を${n}枚`,
      (n: number, c: string) => `${n}枚の${c}`,
      (n: number, c: string) => `${c} ${n}個で`,
      (n: number, c: string) => `${c} ${n}장`,
      (n: number, c: string) => `${c}을 ${n}장`,
      (n: number, c: string) => `${c} ${n}개`,
      (n: number, c: string) => `${c} ${n}대`,
    ];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 16 }), fc.constantFrom(...writings), fc.constantFrom('A100', 'H100', 'RTX 4090', 'L40S'), (n, write, card) => {
        expect(read(`llama-3-8b lora ${write(n, card)}`).scenario.hardware?.count).toBe(n);
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    ['GPU 2개로 llama-3-8b 학습', 2],
    ['GPU 2枚でllama-3-8bを学習', 2],
    ['VRAM 24GBのGPU 1個でllama-3-8bを推論', 1],
  ])('the word GPU then its count: %s', (text, n) => {
    expect(read(text).scenario.unnamedGpus ?? read(text).scenario.hardware?.count).toBe(n);
  });

  it('个 counts only beside a card or GPU word: "3个问题" is no count', () => {
    expect(read('llama-3-8b lora 3个问题 on 1x 4090').scenario.hardware?.count).toBe(1);
  });
});

describe('what is run: inference, serving, pre-training in each script', () => {
  it.each([
    ['顯存24G 推論 llama-3-8b', 'inference'],
    ['A100 2개로 llama-3-8b 추론', 'inference'],
    ['VRAM 24GBのGPU 1個でllama-3-8bを推論', 'inference'],
  ])('%s → %s', (text, mode) => {
    expect(read(text).scenario.mode).toBe(mode);
  });

  it.each(['llama-3-8b 배포 H100 2대', 'llama-3-8b をデプロイ H100 2枚'])('serving: %s', (text) => {
    const { scenario } = read(text);
    expect(scenario.mode).toBe('inference');
    expect(scenario.inference.engine).toBe('vllm');
  });

  it('c247: "一张H20显卡，预训练qwen3-8b模型显存溢出" is pre-training (modelscope/ms-swift)', () => {
    expect(read(line('c247').text).scenario.pretrain).toBe(true);
  });

  it.each(['预训练 llama-3-8b 8卡H100', '继续预训练 llama-3-8b 8卡H100', 'llama-3-8b 事前学習 H100 8枚', 'llama-3-8b 사전 학습을 H100 8장으로'])('%s is pre-training', (text) => {
    expect(read(text).scenario.pretrain).toBe(true);
  });

  it.each([
    ['加载预训练模型 llama-3-8b 推理 4090', 'a pretrained model is a checkpoint'],
    ['llama-3-8b 事前学習済みモデルを推論 4090', 'a pretrained model (Japanese)'],
    ['llama-2-7b 8卡A800 这个脚本等于预训练+微调了吗', 'the two stages as a pair (c627)'],
  ])('%s is no pre-training: %s', (text) => {
    expect(read(text).scenario.pretrain).toBeFalsy();
  });
});

describe('host memory, and memory that is no card', () => {
  it('c477: "我现在有内存640GB，显卡一张L40": 640 GB of host RAM, one L40', () => {
    const { scenario } = read(line('c477').text);
    expect(scenario.hostMemoryBytes).toBe(640 * 2 ** 30);
    expect(scenario.hardware).toMatchObject({ gpuId: 'l40', count: 1 });
  });

  it('c506: "内存1T" is a terabyte of host RAM, not a 1T model', () => {
    const r = resolveRequest(line('c506').text, null);
    expect(r.ok && r.scenario?.hostMemoryBytes).toBe(1024 * 2 ** 30);
  });

  it.each(['系统内存：512G，一张A100 80G 推理 llama-3-70b', '内存为512GB，一张A100 80G 推理 llama-3-70b'])('%s: 512 GB host RAM', (text) => {
    expect(read(text).scenario.hostMemoryBytes).toBe(512 * 2 ** 30);
  });

  it('a memory with its card after it is the card\'s, not host RAM: "内存50GB的3090"', () => {
    expect(read('内存50GB的3090 训练 llama-2-7b lora').scenario.hostMemoryBytes).toBeFalsy();
  });

  it('c765: "需要的显存超过了 7GB" is a bound, no 7 GB card (THUDM/ChatGLM2-6B)', () => {
    const r = resolveRequest(line('c765').text, null);
    expect(r.ok && r.scenario?.hardware).toBeFalsy();
  });

  it.each([
    '8张V100 32G QLora微调 Qwen-72B-Chat-Int4仍然OOM，我看qlora数值也就100G显存以内',
    '8张V100 32G QLora微调 Qwen-72B-Chat-Int4仍然OOM，官方说需要超过100G',
  ])('a bound is no card: %s', (text) => {
    expect(read(text).scenario.hardware).toMatchObject({ gpuId: 'v100-32g', count: 8 });
  });

  it.each(['显存占用会快速到15G，qwen2-7b 推理 a6000', '显存占用很快涨到20G，qwen2-7b 推理 a6000', 'qwen2-7b 推理 a6000，显存突然跳到19G', 'qwen2-7b 推理 a6000，期望显存占用在10GB以下', 'qwen2-7b 推理 a6000，显存为什么从15G跳到19G', 'qwen2-7b 推理 a6000，15G应该是模型的正常大小'])(
    'memory in use is no card: %s',
    (text) => {
      expect(read(text).scenario.hardware).toMatchObject({ gpuId: 'rtx-a6000', count: 1 });
    },
  );
});

describe('the cards a run was given, and each card\'s memory said apart', () => {
  it('c402: "目前机器是有四张A100 40G显卡，容器启动只指定了两张" runs on two of the four', () => {
    const l = line('c402');
    const opened = readInThread(l.thread!, null).outcome;
    const scenario = opened.ok ? opened.scenario : null;
    const r = readInThread(l.text, scenario ? { scenario, history: [] } : null).outcome;
    expect(r.ok && r.scenario?.hardware).toMatchObject({ gpuId: 'a100-40g', count: 2 });
  });

  it.each([
    ['llama-2-7b lora 有8张A100 80G，只用了4张', 4],
    ['llama-2-7b lora 机器有4张4090，我配置了3张', 3],
    ['llama-2-7b lora 服务器有8张A100 80G，只分配了两张', 2],
  ])('%s → %i cards', (text, n) => {
    expect(read(text).scenario.hardware?.count).toBe(n);
  });

  it('"用了两张A100" names its card: the count with the card, not a share', () => {
    expect(read('llama-2-7b lora 用了两张A100 80G').scenario.hardware).toMatchObject({ gpuId: 'a100-80g', count: 2 });
  });

  it('c359: "显卡是v100，有4张卡,单张是32G，我配置了3张" is three V100 32GB (the 16 GB V100 had been kept)', () => {
    expect(read('显卡是v100，有4张卡,单张是32G，我配置了3张，微调llama-13b lora').scenario.hardware).toMatchObject({ gpuId: 'v100-32g', count: 3 });
  });

  it.each(['有4张V100,显存32G，微调llama-13b lora', '有4张V100,单张是32G，微调llama-13b lora', '4张V100，每张显存是32G，微调llama-13b lora'])(
    'a card then its memory apart: %s',
    (text) => {
      expect(read(text).scenario.hardware).toMatchObject({ gpuId: 'v100-32g', count: 4 });
    },
  );

  it('c417: "80G内存，40G显存单张A100" is one A100 40GB with 80 GB of host RAM', () => {
    const l = line('c417');
    const r = resolveRequest(l.text, null);
    expect(r.ok && r.scenario?.hardware).toMatchObject({ gpuId: 'a100-40g', count: 1 });
  });
});

describe('lengths, keys and questions said in Chinese', () => {
  it('c383: "model_max_length调成8192的话就会报OOM" sets the length (QwenLM/Qwen)', () => {
    expect(read(line('c383').text).scenario.seq).toBe(8192);
  });

  it.each(['调成', '改成', '调整为', '设为'])('key %s value', (verb) => {
    expect(read(`qwen2-7b lora 4090 max_seq_length${verb}2048`).scenario.seq).toBe(2048);
  });

  it.each([
    ['qwen2-7b 推理 a10 prompt长度只有8', 8],
    ['qwen2-7b lora 4090 序列长度大约4096', 4096],
    ['qwen2-7b lora 4090 上下文长度达到了8k', 8192],
  ])('a length with "only", "about", "reaches" before its number: %s', (text, seq) => {
    expect(read(text).scenario.seq).toBe(seq);
  });

  it('c646: "最大长度大概8192左右" is the length (modelscope/ms-swift)', () => {
    expect(read(line('c646').text).scenario.seq).toBe(8192);
  });

  it.each([line('c158').text, line('c397').text, 'qwen2-7b 部署 一张4090 最大并发多少', 'qwen2-7b vllm 一张4090 能支持多少人同时使用'])('the concurrency asked is the serving batch: %s', (text) => {
    expect(read(text).scenario.question.kind).toBe('maxBatch');
  });
});

describe('tools named by their bare name', () => {
  it('fastchat names the tool only: vLLM beside it is the engine, and it is not listed unread (c397)', () => {
    const { scenario, said } = read(line('c397').text);
    expect(scenario.inference.engine).toBe('vllm');
    expect(notRead(said)).not.toMatch(/fastchat/i);
  });

  it('verl alone runs PPO, said as its default; an algorithm named wins', () => {
    const alone = resolveRequest('verl training of qwen2.5-7b on 8x h100 runs out of memory', null);
    expect(alone.ok && alone.scenario?.framework).toBe('ppo');
    expect(alone.ok && alone.assumptions.join(' ')).toMatch(/verl with no algorithm named/);
    expect(read('verl grpo qwen2.5-7b on 8x h100').scenario.framework).toBe('grpo');
  });

  it.each(['mlc_llm chat llama-2-7b q4f16_1 on rtx 3060', 'mlc-llm llama-2-7b on 1x 4090'])('MLC LLM only runs models: %s', (text) => {
    expect(read(text).scenario.mode).toBe('inference');
  });
});

describe('two values tried, and the released weights', () => {
  it('c391: "accelerate 用Zero2和Zero3都不行" sets no ZeRO stage; the note says both were tried', () => {
    const { scenario, said } = read(line('c391').text);
    expect(scenario.sharding).toMatchObject({ kind: 'ddp' });
    expect(said).toMatch(/"zero2" and "zero3": both tried/);
  });

  it.each([
    ['qwen2-7b 全参微调 4张A40，无论是fp16 或者pure_bf16 都尝试过，每次都会OOM', 'precision'],
    ['llama-3-8b 8卡A100 全参微调 zero2和zero3都不行', 'sharding'],
    ['llama-3-8b 8卡A100 lora和qlora都会OOM', 'method'],
  ])('%s: neither value is read (%s)', (text) => {
    const { said } = read(text);
    expect(said).toMatch(/both tried, neither read/);
  });

  it('one value said alone is still read: "zero3 都不行" keeps ZeRO-3', () => {
    expect(read('llama-3-8b 8卡A100 全参微调 zero3 都不行').scenario.sharding).toMatchObject({ kind: 'zero', stage: 3 });
  });

  it.each(['部署非量化的baichuan 13b，两张4090', 'baichuan2-7b 推理 4090 不做量化', 'llama-2-7b lora 不量化 4090'])('%s: no quantisation, said', (text) => {
    const { scenario, said } = read(text);
    expect(scenario.weights).toMatch(/^(?:bf16|fp16)$/);
    expect(said).toMatch(/no quantisation/);
  });

  it('a model released in FP8 keeps it: "非量化版本的DeepSeek-R1" (after c477\'s "非量化版本的满血版671B deepseek")', () => {
    expect(read('非量化版本的DeepSeek-R1 推理 8卡H200').scenario.weights).toBe('fp8');
  });
});
