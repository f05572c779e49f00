import { describe, expect, it } from 'vitest';
import { respond } from '../../src/core/assistant.js';

/**
 * Issue 22 item 4: filler is never listed. The name of a pasted file's format ("my yaml:", "the json
 * below", "toml") says what was pasted, as "config" and "file" do, and no setting: a stranger's
 * LLaMA-Factory YAML in prose (2026-12-03) listed "yaml" as not read.
 */
const notRead = (text: string): string => {
  const reply = respond(text, null).reply as { notices?: string[] };
  return (reply.notices ?? []).find((n) => n.startsWith('not read:')) ?? '';
};

const CONFIG = 'model_name_or_path: Qwen/Qwen2.5-7B-Instruct\nfinetuning_type: lora\ncutoff_len: 4096\nper_device_train_batch_size: 4';

describe('a pasted file named by its format is no unread word', () => {
  it.each([
    ['my yaml:', `OOM with LLaMA-Factory LoRA on 2x 4090\nmy yaml:\n\`\`\`yaml\n${CONFIG}\n\`\`\``],
    ['the YAML below', `LoRA on 2x RTX 4090 goes out of memory, the YAML below\n\`\`\`\n${CONFIG}\n\`\`\``],
    ['my config.yml', `training on 2x 4090 OOMs with my yml:\n\`\`\`\n${CONFIG}\n\`\`\``],
  ])('%s', (_name, text) => {
    expect(respond(text, null).reply.kind).toBe('estimate');
    expect(notRead(text)).not.toMatch(/"ya?ml"/i);
  });

  it('a setting word beside it is still read: "yaml" hides nothing', () => {
    const reply = respond(`qwen2.5-7b lora seq 4096 on 2x 4090, my yaml has zero3`, null).reply;
    expect(reply.kind).toBe('estimate');
    if (reply.kind === 'estimate') expect(reply.scenario.sharding).toEqual({ kind: 'zero', stage: 3 });
  });
});
