import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { respond } from '../../src/core/assistant.js';
import type { Scenario } from '../../src/scenario/schema.js';

/**
 * A trainer's activation-checkpointing TOML table pasted as its header (prose/rules/checkpoint-tables.ts):
 * prime-rl's `[model.ac]` / `[trainer.model.ac]` (present, even empty, turns it on) and torchtitan's
 * `[activation_checkpoint]` with its `mode`. The header had read as a module path and no recompute at all.
 * Drawn from c871 and c1833 (PrimeIntellect-ai/prime-rl).
 */
function read(text: string): { s: Scenario; words: string[] } {
  const { reply } = respond(text, null as never);
  if (reply.kind !== 'estimate') throw new Error(`no estimate for ${text}: ${reply.kind}`);
  return { s: reply.scenario, words: reply.assumptions };
}

const RUN = 'qwen3-8b full on 4x h100\n```toml\n[model]\nname = "Qwen/Qwen3-8B"\n';

describe("a trainer's activation-checkpointing table", () => {
  it.each([
    ['[model.ac]\n\n[optim]\nlr = 1e-6\n```', 'full'],
    ['[trainer.model.ac]\nfreq = 1\n```', 'full'],
    ['  [model.ac]  \n```', 'full'],
    ['[activation_checkpoint]\nmode = "full"\n```', 'full'],
    ['[activation_checkpoint]\nmode = "none"\n```', 'none'],
    ["[activation_checkpoint]\nmode = 'selective'\nselective_ac_option = 'op'\n```", 'selective'],
  ])('%j reads as recompute %s, said', (table, recompute) => {
    const { s, words } = read(RUN + table);
    expect(s.recompute).toBe(recompute);
    expect(words.join(' | ')).toMatch(/activation-checkpointing table/);
  });

  it('a mode inside a later table is not the checkpointing table\'s', () => {
    const { s } = read(RUN + '[model.ac]\n\n[other]\nmode = "none"\n```');
    expect(s.recompute).toBe('full');
  });

  it('other tables and bracketed words are no recompute', () => {
    for (const t of ['[model.lora]\nrank = 8\n```', '[acme]\n```', '[model.acc]\n```']) expect(read(RUN + t).s.recompute, t).toBe('none');
    expect(read('qwen3-8b full on 4x h100, see [ac] in the docs').s.recompute).toBe('none');
  });

  it('property: any dotted path to an ac table turns it on', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('trainer', 'model', 'policy', 'actor'), { maxLength: 3 }), (path) => {
        const header = `[${[...path, 'ac'].join('.')}]`;
        expect(read(`${RUN}${header}\nfreq = 2\n\n[optim]\nlr = 1e-6\n\`\`\``).s.recompute).toBe('full');
      }),
      { numRuns: 12 },
    );
  });

  it('the real line (c871): the empty [model.ac] of a prime-rl train.toml', () => {
    const text =
      'Here are my configs, I am using LoRA (rank 128), 24 H100s just for train, and OOM on first step.\n\n**train.toml**\n```toml\n[model]\nname = "willcb/Qwen3-32B"\ntrust_remote_code = true\n\n[model.experimental.lora]\nrank = 128\nalpha = 256\n\n[model.ac]\n\n[optim]\nlr = 2e-4\n```';
    expect(read(text).s.recompute).toBe('full');
  });
});
