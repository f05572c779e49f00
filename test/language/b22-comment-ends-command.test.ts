import { describe, expect, it } from 'vitest';
import { resolveRequest } from '../../src/scenario/resolve.js';
import { read } from './reading-fixtures.js';

/**
 * A commented-out line inside a backslash-continued command ends the command (shell-script.ts,
 * code.shell-flags-after-comment): the flags after it never reach the program.
 */

/** liziniu/GEM#4 (corpus c808), the script as posted, cut to its command. */
const GEM_4 = `I want to fine tune a 7B model with single H200 (140GB) but still encouter OOM.
\`\`\`
deepspeed train.py \\
    --deepspeed scripts/zero3.json \\
    --per_device_train_batch_size 1 \\
    --gradient_accumulation_steps 1 \\
    # --evaluation_strategy "epoch" \\
    --save_strategy "no" \\
    --gradient_checkpointing True \\
    --bf16 True \\
    # --max_train_micro_batch_size_per_gpu 64 \\
    # --fp16 True \\
    2>&1 | tee $OUTPUT_DIR/training.log
\`\`\``;

describe('a comment inside a continued command ends it', () => {
  it('reads only the flags before the comment (GEM#4)', () => {
    const { scenario } = read(GEM_4);
    expect(scenario.recompute).toBe('none');
    expect(scenario.microBatch).toBe(1);
    expect(scenario.sharding).toMatchObject({ kind: "zero", stage: 3 });
  });

  it('says which flags never reach the program', () => {
    const r = resolveRequest(GEM_4, null);
    const said = r.ok ? [...r.assumptions, ...r.notices].join(' | ') : '';
    expect(said).toMatch(/"# --evaluation_strategy "epoch" \\" ends the command .* the 3 flags after it \(--save_strategy … --bf16\) never reach the program/);
  });

  it('keeps the flags when the line is not commented out (invented)', () => {
    const { scenario } = read(GEM_4.replace('    # --evaluation_strategy "epoch" \\\n', ''));
    expect(scenario.recompute).not.toBe('none');
  });

  it('reads a flag above the comment and drops the one below it (invented)', () => {
    const text = `full fine-tune of llama-2-7b on 1x a100-80g
torchrun train.py \\
  --per_device_train_batch_size 4 \\
  #--per_device_train_batch_size 8 \\
  --gradient_checkpointing`;
    const { scenario } = read(text);
    expect(scenario.microBatch).toBe(4);
    expect(scenario.recompute).toBe('none');
  });

  it('keeps a command that starts after the comment (invented)', () => {
    const text = `full fine-tune of llama-2-7b on 1x a100-80g
export X=1 \\
# a note
python train.py --per_device_train_batch_size 4 --gradient_checkpointing`;
    const { scenario } = read(text);
    expect(scenario.microBatch).toBe(4);
    expect(scenario.recompute).not.toBe('none');
  });
});
