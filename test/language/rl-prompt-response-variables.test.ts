import { describe, expect, it } from 'vitest';
import { corpusText } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * An RL script's prompt and response lengths set as its variables (verl's example scripts:
 * `PROMPT_LENGTH=512`, `RESPONSE_LENGTH=1024`, then `data.max_prompt_length=$PROMPT_LENGTH`): the
 * sequence is their sum, as for `max_prompt_length` + `max_response_length` (config-keys/batch.ts).
 * Its `BATCH_SIZE` beside the rollout count (`ROLLOUT_N`) counts prompts a step samples, not sequences
 * of a global batch (config-keys/rollout-batch.ts). Drawn from c2043 (verl-project/verl#3159).
 */
const fence = '```';

describe("an RL script's prompt and response variables are its sequence", () => {
  it('c2043: PROMPT_LENGTH=512 + RESPONSE_LENGTH=1024 is seq 1536; BATCH_SIZE=8 beside ROLLOUT_N=5 is no global batch', () => {
    const { scenario } = read(corpusText('c2043'));
    expect(scenario.seq).toBe(1536);
    expect(scenario.microBatch).toBe(1);
    expect(scenario.gradAccum).toBe(1);
  });

  it.each([
    [`grpo lora r16 qwen2.5-7b on 8 gpus\n${fence}bash\nPROMPT_LENGTH=1024\nRESPONSE_LENGTH=2048\nMICRO_BATCH_SIZE=2\n${fence}`, 3072],
    [`GRPO full finetune of Qwen2.5-1.5B on 4x A100 80GB\n${fence}sh\nexport RESPONSE_LENGTH=4096\nexport PROMPT_LENGTH=512\n${fence}`, 4608],
    [`ppo llama-3-8b on 8x H100\n${fence}yaml\nmax_prompt_len: 256\nmax_response_len: 768\n${fence}`, 1024],
  ])('%s', (text, seq) => expect(read(text).scenario.seq).toBe(seq));

  it('one of the two alone sets no sequence from a sum', () => {
    expect(read(`grpo lora qwen2.5-7b seq 4096 on 8 gpus\n${fence}bash\nPROMPT_LENGTH=1024\n${fence}`).scenario.seq).toBe(4096);
  });
});
