import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { loadCorpus } from '../corpus/corpus.js';
import { noticesInThread } from './reading-fixtures.js';

/**
 * A message that names a full fine-tune and LoRA side by side, as alternatives or both ("sft和lora",
 * "(full fine-tuning/LoRA)"), leaves the reading one of the two: the method it kept is weak, said
 * once on the first screen with the pair and the other method as the switch (bench:rules found
 * c934 silent: LoRA kept, full wanted).
 */

const methodNotice = (notices: readonly string[]) => notices.filter((n) => n.startsWith('method '));
const line = (id: string) => loadCorpus().find((l) => l.id === id)!;


describe('a method read where the message names two', () => {
  it('c934 (LlamaChinese/Llama-Chinese#278): "跑70B的sft和lora都报内存不足" is said with "lora" as the switch (a fine-tune read)', () => {
    const c = line('c934');
    // Since reconcile.tried-methods (rmode): the pair is tried runs, a fine-tune of every weight is read, LoRA the switch.
    expect(methodNotice(noticesInThread(c.text, c.thread))).toEqual(['method full fine-tune — from "sft和lora"? say "lora" if you mean that one']);
  });

  it('c642 (OpenRLHF): "(full fine-tuning/LoRA)?" is said with "lora" as the switch', () => {
    expect(methodNotice(noticesInThread(line('c642').text))).toEqual(['method full fine-tune — from "full fine-tuning/LoRA"? say "lora" if you mean that one']);
  });

  it.each([
    ['qwen-7b 全量和lora微调分别需要多少显存', '全量和lora'],
    ['full finetune or qlora for mistral-7b on a 3090?', 'full finetune or qlora'],
    ['qwen-7b 全量微调还是lora，4090够吗', '全量微调还是lora'],
    ['llama-2-13b on 4x 4090: LoRA or full fine-tune?', 'LoRA or full fine-tune'],
    ['llama-2-13b on 4x 4090, full fine-tuning and LoRA both OOM', 'full fine-tuning and LoRA'],
    ['70B SFT/LoRA on 8x A100 80G', 'SFT/LoRA'],
  ])('%j says the method from %j', (text, pair) => {
    const said = methodNotice(noticesInThread(text));
    expect(said).toHaveLength(1);
    expect(said[0]).toContain(`from "${pair}"?`);
  });

  it.each([
    'llama-3-8b lora on a 4090\noutput_dir: saves/llama3-8b/lora/sft',
    'full fine-tune llama-2-7b on 8x a100',
    'lora fine-tune llama-2-7b on a 4090, sft stage',
    'sft llama-2-7b with lora on a 4090',
  ])('one method, or a path that names both, says nothing: %j', (text) => {
    expect(methodNotice(resolveRequest(text, null).ok ? noticesInThread(text) : [])).toEqual([]);
  });
});
