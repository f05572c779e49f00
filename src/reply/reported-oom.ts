import { gib } from '../memory/format.js';
import type { Verdict } from './types.js';

/**
 * The user reports an out-of-memory ("OOM on step 0", "keeps OOMing", "not enough memory" when a
 * server starts) on a setup the estimate says fits: the two disagree, and the reply says so on its
 * first screen and under the verdict instead of a bare ✓ (issue 22, item 5: a reading the user's
 * own words contradict is said, not hidden; issue 23: the verdict is the word a user acts on). What
 * fits as read leaves the cause outside what was read; where to look depends on what was run.
 */

/** What was run, for where to look: a training step, a server that preallocates its KV cache, or a model run locally. */
export type RunKind = 'training' | 'served' | 'local';

/**
 * Where a cause outside the reading usually hides, per kind of run.
 * - served: vLLM's budget is gpu_memory_utilization × the whole card, and its V1 engine refuses to
 *   start when less than that is free (vllm/v1/worker/gpu_worker.py, init_device: "Free memory on
 *   device … is less than desired GPU memory utilization"), so another process on the card is a
 *   failure the estimate cannot see; without --max-model-len the model's whole context is served;
 *   CUDA graphs are captured unless --enforce-eager.
 * - local: llama.cpp / Ollama allocate the context they are given (-c, num_ctx), not the prompt.
 */
const WHERE_TO_LOOK: Record<RunKind, string> = {
  training: 'check your longest sample against the length above, evaluation or generation inside the run, another process on the card (nvidia-smi), and any setting read wrongly above',
  served:
    'check the max-model-len it really serves (the model\'s whole context when none is given), another process on the card (vLLM\'s budget is a share of the whole card, and it will not start when that share is not free), CUDA graphs (--enforce-eager leaves them out), and any setting read wrongly above',
  local: 'check the context it really allocates (llama.cpp -c, Ollama num_ctx) and the tokens generated, another program on the card (nvidia-smi), and any setting read wrongly above',
};

function spareOf(verdict: Verdict): string {
  return verdict.headroomBytes !== null && verdict.headroomBytes > 0 ? ` with ${gib(verdict.headroomBytes)} GiB to spare` : '';
}

const fitsAsRead = (verdict: Verdict): boolean => verdict.status === 'yes' || verdict.status === 'tight';

/** The sentence under the verdict: the disagreement and where to look. Null where the estimate agrees (does not fit) or has no card. */
export function reportedOomNotice(verdict: Verdict, kind: RunKind = 'training'): string | null {
  if (!fitsAsRead(verdict)) return null;
  const spare = spareOf(verdict);
  const growth = kind === 'training' ? 'a longer sample' : 'a longer prompt';
  const how = verdict.status === 'tight' ? `only just fits${spare}, so ${growth} or fragmentation can tip it over` : `fits${spare} as I read it, so the cause is outside what I read`;
  return `You report running out of memory, but this setup ${how}: ${WHERE_TO_LOOK[kind]}.`;
}

/** The first screen's line (chat notification, terminal's second line): the disagreement in one sentence, the detail below. */
export function reportedOomFirstScreen(verdict: Verdict): string | null {
  if (!fitsAsRead(verdict)) return null;
  const spare = spareOf(verdict);
  return verdict.status === 'tight'
    ? `You report running out of memory: as I read it this only just fits${spare}, so little can tip it over (details below).`
    : `You report running out of memory, but as I read it this fits${spare}: something differs from what I read (details below).`;
}
