import type { Resolution } from './resolution.js';

/**
 * A GPU listing describes the machine, not the run (language/environment-report.ts reads collect_env's
 * "GPU 0,1,2,3,4,5,6,7: NVIDIA A100-SXM4-80GB" as 8× A100): a serving engine's launch command with no
 * parallel flag runs the model on one of those GPUs, whatever the machine holds. vLLM's
 * --tensor-parallel-size (EngineArgs.tensor_parallel_size = 1, vllm/engine/arg_utils.py), LMDeploy's --tp
 * (ArgumentHelper.tp, default 1, lmdeploy/cli/utils.py) and SGLang's --tp-size (ServerArgs.tp_size = 1,
 * sglang/srt/server_args.py) all default to one GPU, and none starts replicas unless asked (--dp).
 * "lmdeploy serve api_server ../Qwen2-VL-7B-Instruct --server-port 12345" under "GPU 0,1,2,3,4,5,6,7:
 * NVIDIA A100-SXM4-80GB" (InternLM/lmdeploy#2565, c1203) is one A100: read so, and said as weak with the
 * listing's count, since the reader cannot see an environment that sets the split some other way.
 * A count the run states (a tp, a launcher, CUDA_VISIBLE_DEVICES, words) is read where it is said.
 */

/**
 * The listing's line as environment-report.ts reads it: devices by index, on one line ("GPU 0,1,2,3: …") or
 * one per device ("GPU 0: …" then "GPU 1: …", read as one phrase whose words are the first line's).
 */
const LISTING = /^\s*gpu[ \t]+\d+(?:[ \t]*,[ \t]*\d+)*[ \t]*:/i;

/** A serving engine's launch command, whose split defaults to one GPU (above). */
const SERVE_COMMAND = /\blmdeploy[ \t]+serve[ \t]+(?:api_server|gradio|proxy)\b|\bvllm[ \t]+serve\b|\bvllm\.entrypoints\.(?:openai\.)?api_server\b|\bsglang\.launch_server\b|\bsglang[ \t]+serve\b/i;

export const ONE_OF_THE_LISTED = {
  id: 'scenario.one-of-the-listed-gpus',
  example: 'lmdeploy serve api_server ../Qwen2-VL-7B-Instruct --server-port 12345 … GPU 0,1,2,3,4,5,6,7: NVIDIA A100-SXM4-80GB',
  source: 'InternLM/lmdeploy#2565',
};

/** A serving command with no split on a listed machine: one of its GPUs, said with the listing's count. */
export function oneOfTheListedGpus(r: Resolution): void {
  const hw = r.s.hardware;
  if (r.s.mode !== 'inference' || !hw || hw.count <= 1) return;
  const listed = r.patch.get('gpuCount')?.item;
  if (!listed || !LISTING.test(listed.text) || r.patch.has('nodes')) return;
  if (['par.tp', 'par.pp', 'par.dp', 'par.ep', 'tgiSharded'].some((slot) => r.patch.has(slot))) return;
  if (!SERVE_COMMAND.test(r.text)) return;
  r.s.hardware = { ...hw, count: 1, perNode: 1 };
  const line = listed.text.trim().replace(/\s+/g, ' ');
  r.assume(
    `one of the ${hw.count} GPUs listed ("${line.length > 60 ? `${line.slice(0, 57)}…` : line}"): your command has no --tp, so it runs on one — read as your setup's GPU count 1; say tp ${hw.count} to split the model over them`,
  );
}
