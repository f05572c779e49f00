import type { ProseRule } from '../types.js';

/**
 * A package manager's or task runner's `run` subcommand: "uv run poe dev" (hongbo-miao/hongbomiao.com#28949,
 * c1868: an Unsloth fine-tune launched by `uv run`, read as running the model), "poetry run python train.py",
 * "conda run -n env python finetune.py", "npm run build". The verb starts whatever script follows, a training
 * as often as a chat; it says nothing of the intent, so it is blanked and the script or the rest of the
 * message decides. Not `docker run` (its image is often the engine that serves) nor English "just run".
 */
const RUNNERS = String.raw`uv|uvx|poetry|pdm|pipenv|hatch|rye|pixi|conda|mamba|micromamba|npm|yarn|pnpm|bun|cargo`;

export const TASK_RUNNER_RULES: readonly ProseRule[] = [
  {
    id: 'prose.task-runner-run',
    pattern: new RegExp(String.raw`(?<=(?:^|[\s$>\`(])(?:${RUNNERS})\s+)run\b(?!\s+(?:out|into)\b)`, 'gm'),
    when: (t) => t.includes('run'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'uv run poe dev',
    source: 'hongbo-miao/hongbomiao.com#28949',
  },
];
