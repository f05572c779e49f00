import { describe, expect, it } from 'vitest';
import { canonicalText } from '../../src/scenario/canonical.js';
import { loadCorpus } from '../corpus/corpus.js';
import { read, readNoticed } from './reading-fixtures.js';

/**
 * b17, huggingface/trl#1182 (corpus c667): the user runs TRL's stack_llama_2 DPO script
 * (`dpo_llama2.py`, DPOTrainer with a LoRA peft_config), named only by its link, with the models
 * loaded by `from_pretrained(…, torch_dtype=torch.float16)`. The script is weak evidence of a LoRA
 * DPO run (prose.artefact-trl-dpo-llama2, said); a 16-bit load under LoRA is mixed precision (the
 * adapters train in fp32), not pure fp16 training.
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const canonical = (text: string) => canonicalText(read(text).scenario);

describe("TRL's DPO script named by its link", () => {
  it('c667: LoRA DPO in mixed fp16, the script said', () => {
    const { s, said } = readNoticed(line('c667').text);
    expect(s.mode).toBe('lora');
    expect(s.framework).toBe('dpo');
    expect(s.recipe).toBe('mixed');
    expect(s.compute).toBe('fp16');
    expect(said).toMatch(/dpo_llama2|stack_ll/);
  });

  it.each([
    'fine-tuning llama-2-7b on 2x a100 with trl/examples/research_projects/stack_llama_2/scripts/dpo_llama2.py',
    'I run https://github.com/huggingface/trl/blob/main/examples/research_projects/stack_llama_2/scripts/dpo_llama2.py on llama-2-7b, 2x a100',
    '用 dpo_llama2.py 在两张 a100 上训练 llama-2-7b',
    'llama-2-7b on 2x a100:\n```\naccelerate launch examples/research_projects/stack_llama_2/scripts/dpo_llama2.py --output_dir=dpo\n```',
  ])('%s', (text) => {
    expect(canonical(text)).toMatch(/^llama-2-7b lora .*\bdpo\b/);
  });

  it('a method the message names wins over the script\'s', () => {
    expect(canonical('full fine-tune of llama-2-7b with dpo_llama2.py on 8x a100')).toMatch(/^llama-2-7b full\b/);
  });

  it('a 16-bit load stays pure for full training, and mixed under LoRA', () => {
    const code = (extra: string) => `mistral-7b ${extra} on 2x a100\n\`\`\`\nmodel = AutoModelForCausalLM.from_pretrained(name, torch_dtype=torch.float16)\n\`\`\``;
    expect(read(code('full fine-tune')).scenario.recipe).toBe('pure');
    expect(read(code('lora fine-tune')).scenario.recipe).toBe('mixed');
  });
});
