import { gib } from '../memory/format.js';
import { servingEngine } from '../memory/serving-budget.js';
import type { Estimate } from '../memory/types.js';
import type { Scenario } from '../scenario/schema.js';
import type { Verdict } from './types.js';

/**
 * The user reports an out-of-memory ("OOM on step 0", "keeps OOMing", "not enough memory" when a
 * server starts) on a setup the estimate says fits: the two disagree, and the reply says so on its
 * first screen and under the verdict instead of a bare ✓ (issue 22, item 5: a reading the user's
 * own words contradict is said, not hidden; issue 23: the verdict is the word a user acts on). What
 * fits as read leaves the cause outside what was read; where to look depends on what was run.
 */

/**
 * What was run, for where to look: a training step, a server that preallocates its KV cache (with
 * the name of its budget's setting), or a model run locally.
 */
export type RunKind = { kind: 'training' } | { kind: 'served'; budget: string | null } | { kind: 'local' };

/**
 * What was run, from the engine the estimate planned (memory/serving-budget.ts servingEngine): a budget
 * named for the servers whose budget is a share of the whole card; TGI, lmdeploy and MII size their
 * cache from the memory free after their warm-up or load.
 */
export function runKindOf(s: Scenario, e: Estimate): RunKind {
  if (e.serving) {
    const engine = servingEngine(s);
    return { kind: 'served', budget: engine === 'sglang' ? 'mem_fraction_static' : engine === 'vllm' ? 'gpu_memory_utilization' : null };
  }
  return s.mode === 'inference' ? { kind: 'local' } : { kind: 'training' };
}

/**
 * Where a cause outside the reading usually hides, per kind of run.
 * - served: the budget (vLLM gpu_memory_utilization, SGLang mem_fraction_static; lmdeploy and MII size
 *   theirs from the free memory instead) is a share of the whole card, so memory another process holds
 *   comes out of it; vLLM's V1 engine will not start
 *   when that share is not free (vllm/v1/worker/gpu_worker.py, init_device: "Free memory on device …
 *   is less than desired GPU memory utilization"), and SGLang stops with "Not enough memory" when
 *   its share leaves no KV pool after the weights (model_runner.py profile_max_num_token). Without a
 *   length the model's whole context is served; CUDA graphs are captured unless turned off.
 * - local: llama.cpp / Ollama allocate the context they are given (-c, num_ctx), not the prompt.
 */
function whereToLook(run: RunKind): string {
  switch (run.kind) {
    case 'training':
      return 'check your longest sample against the length above, evaluation or generation inside the run, another process on the card (nvidia-smi), and any setting read wrongly above';
    case 'served':
      return `check the context length it really serves (the model's whole context when none is given), another process on the card (${
        run.budget ? `${run.budget} is a share of the whole card, so what another process holds comes out of it` : 'the server sizes its KV cache from what is free when it starts'
      }), CUDA graphs (--enforce-eager / --disable-cuda-graph leave them out), and any setting read wrongly above`;
    case 'local':
      return 'check the context it really allocates (llama.cpp -c, Ollama num_ctx) and the tokens generated, another program on the card (nvidia-smi), and any setting read wrongly above';
  }
}

function spareOf(verdict: Verdict): string {
  return verdict.headroomBytes !== null && verdict.headroomBytes > 0 ? ` with ${gib(verdict.headroomBytes)} GiB to spare` : '';
}

const fitsAsRead = (verdict: Verdict): boolean => verdict.status === 'yes' || verdict.status === 'tight';

/** The sentence under the verdict: the disagreement and where to look. Null where the estimate agrees (does not fit) or has no card. */
export function reportedOomNotice(verdict: Verdict, run: RunKind = { kind: 'training' }): string | null {
  if (!fitsAsRead(verdict)) return null;
  const spare = spareOf(verdict);
  const growth = run.kind === 'training' ? 'a longer sample' : 'a longer prompt';
  const how = verdict.status === 'tight' ? `only just fits${spare}, so ${growth} or fragmentation can tip it over` : `fits${spare} as I read it, so the cause is outside what I read`;
  return `You report running out of memory, but this setup ${how}: ${whereToLook(run)}.`;
}

/** The first screen's line (chat notification, terminal's second line): the disagreement in one sentence, the detail below. */
export function reportedOomFirstScreen(verdict: Verdict): string | null {
  if (!fitsAsRead(verdict)) return null;
  const spare = spareOf(verdict);
  return verdict.status === 'tight'
    ? `You report running out of memory: as I read it this only just fits${spare}, so little can tip it over (details below).`
    : `You report running out of memory, but as I read it this fits${spare}: something differs from what I read (details below).`;
}
