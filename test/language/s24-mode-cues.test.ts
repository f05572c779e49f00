import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileWords } from '../../src/language/prose/paths.js';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { corpusLineRead, read } from './reading-fixtures.js';

/**
 * What a run does (issue 22, session 24, branch rmode): a process's rank in a distributed log is no LoRA
 * rank (c1862); a generation length beside an online RL trainer is its rollouts' (c438); the KV cache
 * moved off the GPU is no optimizer offload (c1854); a package manager's `run` names no intent (c1868);
 * a script named for training with "chat" in its name trains (c359).
 */

describe('a bare `rank` beside a distributed run\'s keys is the process\'s rank (modelscope/ms-swift#5292, c1862)', () => {
  it.each([
    ['ms-swift log line', 'qwen2.5-vl-7b lora on 2x a100-80g\n[INFO:swift] rank: 0, local_rank: 0, world_size: 2, local_world_size: 2'],
    ['key=value, other order (invented)', 'llama-3-8b lora on 2x rtx-4090, world_size=2 local_rank=1 rank=1'],
    ['node_rank beside (invented)', 'llama-3-8b lora on 8x a100-80g: rank: 3 node_rank: 0'],
  ])('%s: not read as the LoRA rank', (_name, text) => {
    const r = read(text);
    expect(r.scenario.lora?.rank).toBe(8);
  });

  it('c1862 itself is answered, not refused', () => {
    const r = corpusLineRead('c1862');
    expect(r.scenario.mode).toBe('lora');
    expect(r.scenario.lora?.rank).toBe(8);
  });

  it('a bare rank 0 taken from a LoRA named elsewhere is set aside and said, not refused (invented)', () => {
    const r = resolveRequest('llama-3-8b lora on 1x rtx-4090\nrank: 0', null);
    expect(r.ok).toBe(true);
    if (!r.ok || !r.scenario) return;
    expect(r.scenario.lora?.rank).toBe(8);
  });

  it.each([
    ['mlx-lm lora_parameters', 'llama-3-8b lora on 1x rtx-4090 lora_parameters: {rank: 16, dropout: 0.05}'],
    ['beside target modules', 'the lora target modules are [q_proj, v_proj], rank=16, llama-3-8b on a 4090'],
  ])('%s: a LoRA rank is still read', (_name, text) => {
    expect(read(text).scenario.lora?.rank).toBe(16);
  });

  it('property: any process rank beside world_size never sets the LoRA rank', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 63 }), fc.integer({ min: 2, max: 64 }), fc.boolean(), (rank, world, colon) => {
        const kv = (k: string, v: number) => (colon ? `${k}: ${v}` : `${k}=${v}`);
        const text = `llama-3-8b lora on 2x a100-80g\n${kv('rank', rank)}, ${kv('world_size', world)}`;
        const r = resolveRequest(text, null);
        return r.ok && r.scenario?.lora?.rank === 8;
      }),
      { numRuns: 25 },
    );
  });
});

describe('a generation length beside PPO or GRPO is the rollouts\' (CarperAI/trlx#431, c438)', () => {
  it.each([
    ['the corpus reading', 'llama-7b ppo gen 512 on 8x a100'],
    ['grpo, max_new_tokens (invented)', 'qwen2.5-7b grpo max_new_tokens 1024 on 1x h100'],
    ['order swapped (invented)', 'gen 256 with ppo, llama-2-7b on 4x a100-80g'],
  ])('%s: training, the length said', (_name, text) => {
    const r = read(text);
    expect(r.scenario.mode).not.toBe('inference');
    expect(r.said).toMatch(/rollouts|not used/);
  });

  it('c438 reads as the PPO training run', () => {
    expect(corpusLineRead('c438').scenario.mode).toBe('full');
  });

  it('a generation length alone still runs the model (invented)', () => {
    expect(read('llama-7b gen 512 on 1x a100').scenario.mode).toBe('inference');
  });
});

describe('the KV cache moved off the GPU is no optimizer offload (ggml-org/llama.cpp#6729, c1854)', () => {
  it.each([
    ['title', 'Offload kv to smaller GPU. 70b q4_k_m on 2x rtx-3090'],
    ['kv cache offloading to cpu (invented)', 'llama-3-70b q4_k_m on 2x rtx-3090 with KV cache offloading to CPU'],
    ['offload the kv cache (invented)', 'can I offload the KV-cache? llama-3-70b q4_k_m, 2x rtx-3090'],
    ['without kv offloading (invented)', 'llama-3-70b q4_k_m loads on 2x rtx-3090 without kv offloading'],
    ['the bare word again after it (invented)', 'kv offload: llama-3-70b q4_k_m on 2x rtx-3090; would offloading help?'],
  ])('%s: no offload and no training read', (_name, text) => {
    const r = read(text);
    expect(r.scenario.mode).toBe('inference');
    expect(r.scenario.offload).toMatchObject({ optimizer: 'none', params: 'none' });
  });

  it('c1854 is read as running the model', () => {
    expect(corpusLineRead('c1854').scenario.mode).toBe('inference');
  });

  it.each([
    ['zero2 offload', '70b full zero2 offload on 8x a100'],
    ['offload beside a kv word elsewhere', 'llama-3-8b full zero2 with offload optimizer on 8x a100-80g, kv heads 8'],
  ])('%s: the optimizer offload is still read (invented)', (_name, text) => {
    expect(read(text).scenario.offload.optimizer).toBe('cpu');
  });
});

describe('a package manager\'s `run` names no intent (hongbo-miao/hongbomiao.com#28949, c1868)', () => {
  it.each([
    ['uv run', 'uv run python finetune_qwen.py qwen2.5-7b on 1x a100'],
    ['poetry run', 'poetry run python sft.py llama-3-8b on 1x rtx-4090'],
    ['conda run', 'conda run -n train python train.py --model llama-3-8b on 1x a100'],
    ['pdm run, zero3 (invented)', 'pdm run accelerate launch x.py: llama-3-8b zero3 on 4x a100'],
  ])('%s: the script decides (training)', (_name, text) => {
    expect(read(text).scenario.mode).not.toBe('inference');
  });

  it('a plain run still runs the model', () => {
    expect(read('run llama-3-8b on 1x rtx-4090').scenario.mode).toBe('inference');
  });

  it('c1868 (Unsloth\'s banner after `uv run poe dev`) is not read as running the model', () => {
    expect(corpusLineRead('c1868').scenario.mode).not.toBe('inference');
  });
});

describe('a script named for training trains, whatever it trains (Facico/Chinese-Vicuna#202, c359)', () => {
  it.each([
    ['finetune_chat.py', 'train'],
    ['chat_finetune.py', 'train'],
    ['train_generation.py', 'train'],
    ['sft_chat.sh', 'train'],
    ['chat.py', 'inference'],
    ['generate.py', 'inference'],
    ['inference_finetuned.py', 'inference'],
    ['predict_after_train.py', 'inference'],
  ])('%s reads as %s', (name, word) => {
    expect(fileWords(name).trim()).toBe(word);
  });

  it('c359: the LoRA on 8-bit weights it runs', () => {
    const r = corpusLineRead('c359');
    expect(r.scenario.mode).toBe('lora');
    expect(r.scenario.weights).toBe('int8');
  });
});

describe('PEFT\'s and bitsandbytes\' version lines name no method (hiyouga/LlamaFactory#5051, c1749)', () => {
  it('c1749: the full fine-tune its YAML sets', () => {
    expect(corpusLineRead('c1749').scenario.mode).toBe('full');
  });

  it('property: any order, bullets or pins of the lines leave a full fine-tune full', () => {
    const line = fc.constantFrom('- PEFT version: 0.12.0', 'peft==0.10.0', 'peft                     0.7.1.dev0', '- Bitsandbytes version: 0.43.3', 'bitsandbytes 0.41.1', '* `peft` version: 0.15.0');
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 3 }), fc.boolean(), (lines, listFirst) => {
        const prose = 'Training llama-3-8b with finetuning_type: full on 1x a100-80g runs out of memory.';
        const text = listFirst ? `${lines.join('\n')}\n\n${prose}` : `${prose}\n\n${lines.join('\n')}`;
        return read(text).scenario.mode === 'full';
      }),
      { numRuns: 20 },
    );
  });

  it('a LoRA said in the message is still read (invented)', () => {
    expect(read('- PEFT version: 0.12.0\n\nLoRA fine-tune of llama-3-8b on 1x rtx-4090').scenario.mode).toBe('lora');
  });
});

describe('LoRA targets said in pieces are one set (huggingface/trl#5200, c1837)', () => {
  it('c1837: the seven projections in any order are all linear layers, as the reading says', () => {
    expect(corpusLineRead('c1837').scenario.lora?.targets).toEqual(['q', 'k', 'v', 'o', 'gate', 'up', 'down']);
  });

  it('property: any order of the module list reads the same targets', () => {
    const modules = ['q_proj', 'k_proj', 'v_proj', 'o_proj', 'gate_proj', 'up_proj', 'down_proj'];
    fc.assert(
      fc.property(fc.shuffledSubarray(modules, { minLength: 2 }), (list) => {
        const text = `peft_config = LoraConfig(r=16, target_modules=[${list.map((m) => `'${m}'`).join(', ')}])\nllama-3-8b on 1x rtx-4090`;
        const sorted = modules.filter((m) => list.includes(m)).map((m) => m.replace('_proj', ''));
        return JSON.stringify(read(text).scenario.lora?.targets) === JSON.stringify(sorted);
      }),
      { numRuns: 20 },
    );
  });
});

describe('LoRA targets in words (jsboige/CoursIA#10361, c1407)', () => {
  it.each([
    ['on all linear layers (was refused)', 'llama-3-8b lora r16 alpha 32 on all linear layers, 1x rtx-4090', 'all'],
    ['every linear layer', 'llama-3-8b lora on every linear layer, 1x rtx-4090', 'all'],
    ['7 modules', 'LoRA r=8, 7 modules, qwen2.5-0.5b on 1x rtx-3070', 'all'],
    ['all 7 linear modules', 'llama-3-8b lora on all 7 linear modules, 1x rtx-4090', 'all'],
    ['attention and MLP', 'llama-3-8b lora applied to all the attention and MLP projections, 1x rtx-4090', 'all'],
    ['attention only', 'llama-3-8b lora on all attention layers, 1x rtx-4090', 'attention'],
  ])('%s', (_name, text, which) => {
    const targets = read(text).scenario.lora?.targets;
    expect(targets).toEqual(which === 'all' ? ['q', 'k', 'v', 'o', 'gate', 'up', 'down'] : ['q', 'k', 'v', 'o']);
  });

  it('c1407 reads QLoRA r8 on all linear layers', () => {
    const s = corpusLineRead('c1407').scenario;
    expect(s.mode).toBe('qlora');
    expect(s.lora?.targets).toHaveLength(7);
  });

  it('a count of modules other than 7 is no target set (invented)', () => {
    expect(read('llama-3-8b lora on 1x rtx-4090, 4 modules').scenario.lora?.targets).toEqual(['q', 'v']);
  });
});

describe('a training done before the run asked about (issue 22 item 7: "after fine-tuning, inference…")', () => {
  it.each([
    ['after fine-tuning … with lora, inference', 'after fine-tuning llama-3-8b with lora, inference on 1x rtx-4090 runs out of memory'],
    ['I fine-tuned …, now serving', 'I fine-tuned qwen2.5-7b, now serving it with vllm on 1x a10g OOMs'],
    ['After training …, generate', 'After training llama-3-8b, generate with it on 1x rtx-4090'],
    ['微调后的 … 推理', '微调后的qwen2.5-7b推理时显存不够, 1张4090'],
    ['训练好的 … 部署', '训练好的qwen2.5-7b部署到1张4090上OOM'],
  ])('%s: running the model, the training said', (_name, text) => {
    const r = read(text);
    expect(r.scenario.mode).toBe('inference');
    expect(r.said).toMatch(/a training done before the run asked about/);
  });

  it.each([
    ['no running word after it', 'after fine-tuning llama-3-8b lora on 1x rtx-4090 it OOMs'],
    ['I fine-tuned … and it OOMs', 'I fine-tuned llama-3-8b with lora on 1x rtx-4090 and it OOMs'],
  ])('%s: still the training (invented)', (_name, text) => {
    expect(read(text).scenario.mode).toBe('lora');
  });
});
