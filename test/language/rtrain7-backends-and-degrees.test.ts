import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { corpusLineRead, read, refusal } from './reading-fixtures.js';

/**
 * Training frameworks under another (rtrain7, issue 22): an RL algorithm run on a Megatron backend is the
 * algorithm's run, whichever is said first; a sequence-parallel degree ("sp2", "sequence parallel 4",
 * "Ulysses 8") is the context split. Each cause: the real corpus lines, then invented variations in the
 * words people use, scored before the fix (see the commit messages).
 */

const framework = (text: string) => read(text).scenario.framework;

describe('an RL algorithm run on a Megatron backend is the algorithm\'s run', () => {
  it('c2927 (NVIDIA-NeMo/RL#2668): "megatron ep16" before the grpo recipe name reads as GRPO, tp 2, ep 16', () => {
    const { scenario: s, said } = corpusLineRead('c2927');
    expect({ fw: s.framework, tp: s.parallel.tp, ep: s.parallel.ep }).toEqual({ fw: 'grpo', tp: 2, ep: 16 });
    expect(said).toMatch(/Megatron.*backend/i);
  });

  it('c2743 (NVIDIA-NeMo/RL#3678): "the Megatron/MCore backend" and a GRPO recipe read as GRPO with tp 4 pp 2 cp 2', () => {
    const { scenario: s } = corpusLineRead('c2743');
    expect({ fw: s.framework, tp: s.parallel.tp, pp: s.parallel.pp, cp: s.parallel.cp }).toEqual({ fw: 'grpo', tp: 4, pp: 2, cp: 2 });
  });

  it.each([
    ['Megatron-LM backend for GRPO training of llama-3.1-8b on 16 A100 80GB', 'grpo'],
    ['用megatron后端跑qwen2.5-7b的GRPO，8张A800', 'grpo'],
    ['megatron grpo qwen3-4b 8xh100 OOM', 'grpo'],
    ['NeMo RL recipe with Megatron TP4 + PP2 for GRPO, qwen3-14b, 2 nodes of 8 H100', 'grpo'],
    ['Megatron-Core PPO of qwen2.5-7b, tp 2, 8x H100 80GB', 'ppo'],
    ['DPO of llama-3-8b on megatron, 8x A100 80GB', 'dpo'],
    ['qwen3-8b, MCore backend, GRPO, 8 H100s: OOM at the logprob step', 'grpo'],
    ['GRPO on qwen3-8b with the Megatron backend, 8x H100', 'grpo'],
    ['We train Qwen3-30B-A3B with GRPO; the policy runs on Megatron (ep 8) over 16 H100', 'grpo'],
  ])('%s → %s', (text, fw) => {
    expect(framework(text)).toBe(fw);
  });

  it('the Megatron backend is said, not dropped in silence', () => {
    expect(read('megatron grpo qwen3-4b 8xh100 OOM').said).toMatch(/Megatron/);
  });

  it('no algorithm: Megatron stays the framework, its preset with it', () => {
    const s = read('megatron pretrain llama-3-8b tp 2 on 8 H100').scenario;
    expect({ fw: s.framework, recipe: s.recipe }).toEqual({ fw: 'megatron', recipe: 'megatron' });
  });

  it('no refusal of the two words together', () => {
    expect(refusal('megatron grpo qwen3-4b 8xh100')).toBeNull();
  });
});

describe('a sequence-parallel degree is the context split', () => {
  it('c2930 (InternLM/xtuner#627): a config named "…_32k_sp2" reads cp 2 at seq 32k', () => {
    const { scenario: s } = corpusLineRead('c2930');
    expect({ cp: s.parallel.cp, seq: s.seq }).toEqual({ cp: 2, seq: 32768 });
  });

  it.each([
    ['internlm2-20b pretrain 32k sp2 on 8x a100', 2],
    ['internlm2-20b full fine-tune, seq 32k, sequence parallel 4, on 8x a100', 4],
    ['llama-3-8b full seq 32k with Ulysses 4 on 8x a100', 4],
    ['qwen2.5-7b sft at 64k tokens, SP=8, 8x H100', 8],
    ['qwen2.5-7b sft at 64k tokens with sequence_parallel_size=4 on 8x H100', 4],
    ['llama-3-8b 全参微调，32k上下文，序列并行 4，8张A100', 4],
    ['qwen2.5-14b full, seq 65536, ulysses sp 8, 8x h100', 8],
    ['qwen2.5-7b full on 8x h100 seq 32k sp 2', 2],
    ['llama-3-8b full, seq 32k, sequence parallelism of 4, on 8 A100 80GB', 4],
  ])('%s → cp %d', (text, cp) => {
    expect(read(text).scenario.parallel.cp).toBe(cp);
  });

  it("Megatron's sp with TP (no degree) stays sequence parallelism, no context split", () => {
    const s = read('megatron llama-3-8b tp 4 with sequence parallel on 8 H100').scenario;
    expect({ cp: s.parallel.cp, sp: s.parallel.sp, tp: s.parallel.tp }).toEqual({ cp: 1, sp: true, tp: 4 });
  });

  it('a degree reads as the item language does', () => {
    expect(canonicalText(read('internlm2-20b pretrain 32k sp2 on 8x a100').scenario)).toBe(canonicalText(read('internlm2-20b pretrain seq 32k cp 2 on 8x a100').scenario));
  });
});

describe('a setting turned off, with the verb before it or a reason between', () => {
  // c2938 (hiyouga/LlamaFactory#2606) whole still reads flash: its earlier "在启用flash attention2的情况下" (the Yi-6B run that
  // works) is kept as the first attention said, and the later off is dropped without a note (patch's first-said slot).
  it.todo('c2938 whole: the off said of this run beats the on said of the run that works');

  it.each([
    ['llama-2-7b lora on a 3090, had to switch off flash attention', 'eager'],
    ['llama-2-7b lora on a V100, I turned off flash attention 2 since the card lacks it', 'eager'],
    ['qwen-7b full on 4x a100 80g, switched off flash-attn, still OOM', 'eager'],
    ['chatglm3-6b full pretrain zero2 on 4x a100 80g, chatglm3不支持flash attention2 所以关掉了', 'eager'],
    ['llama-2-7b lora on a 3090, flash-attn2 不支持所以关掉了', 'eager'],
    ['llama-2-7b lora 3090, flash attention不兼容，就关闭了', 'eager'],
    ['llama-2-7b lora on a 3090, flash attention 2 꺼놨어요', 'eager'],
    ['llama-2-7b lora on a 3090, flash attention 2는 꺼 두었습니다', 'eager'],
  ])('%s → %s', (text, attention) => {
    expect(read(text).scenario.attention).toBe(attention);
  });

  it.each([
    ['qwen-7b full on 4x a100 80g, we turn off gradient checkpointing'],
    ['qwen-7b full on 4x a100 80g, gradient checkpointing 꺼놨어요'],
  ])('%s → no recompute', (text) => {
    expect(read(text).scenario.recompute).toBe('none');
  });

  it('flash attention turned on stays on', () => {
    expect(read('llama-2-7b lora on a 3090, turned on flash attention 2').scenario.attention).toBe('flash');
  });
});
