import type { ProseRule } from '../types.js';

/**
 * A TOML table that is the activation-checkpointing config of a trainer, pasted as its header:
 * prime-rl's `[model.ac]` / `[trainer.model.ac]` (prime-rl src/prime_rl/trainer/config.py: `ac:
 * ActivationCheckpointConfig | None = None`, its `freq = 1` "applies activation checkpointing to every
 * freq layers"; the table present, even empty, turns it on: PrimeIntellect-ai/prime-rl, c871, c1833) and
 * torchtitan's `[activation_checkpoint]` (torchtitan/config/job_config.py ActivationCheckpoint, `mode`
 * "selective" | "full" | "none"). The header had read as a module path, its "trainer" as a framework
 * and no recompute at all. A `mode = "none"` inside the table turns it off;
 * "selective" is the per-op/per-layer selective recompute.
 */
const HEADER = /^[ \t]*\[((?:[a-z_][\w-]*\.)*)(ac|activation_checkpoint(?:ing)?)\][ \t]*$/gm;

/** The body of the table a header opens: its lines up to the next header. */
function tableBody(text: string, from: number): string {
  const rest = text.slice(from);
  const next = rest.search(/^[ \t]*\[/m);
  return next < 0 ? rest : rest.slice(0, next);
}

export const CHECKPOINT_TABLE_RULES: readonly ProseRule[] = [
  {
    id: 'prose.checkpoint-table',
    pattern: HEADER,
    when: (t) => t.includes('ac]') || t.includes('activation_checkpoint'),
    write: (m, notes) => {
      const body = tableBody(m.input, m.index + m[0].length);
      const mode = body.match(/^[ \t]*mode[ \t]*=[ \t]*["']?(\w+)/m)?.[1];
      const off = mode === 'none';
      const words = off ? 'no gc' : mode === 'selective' ? 'selective recompute' : 'gc';
      notes.push(`"[${m[1]}${m[2]}]": the trainer's activation-checkpointing table${off ? ', turned off' : mode === 'selective' ? ', selective' : ''} (read as ${words})`);
      return words.padEnd(m[0].length);
    },
    example: '[model.ac]\n\n[optim]\nlr = 2e-4',
    source: 'c871',
  },
];
