import type { HubContext } from '../hub/types.js';
import type { ErrorReply } from '../reply/types.js';
import { checkScenario } from './checks.js';
import type { Patch } from './patch.js';
import { batchStep } from './resolve-batch.js';
import { completionStep } from './resolve-completion.js';
import { rolloutStep } from './resolve-rollout.js';
import { presetSaidStep } from './resolve-preset-said.js';
import { frameworkStep } from './resolve-framework.js';
import { hardwareStep, layerSplitStep, parallelStep } from './resolve-hardware.js';
import { kbitRecipeStep } from './resolve-kbit.js';
import { modeStep } from './resolve-mode.js';
import { archStep, modelStep } from './resolve-model.js';
import { unique } from './resolve-notes.js';
import { precisionStep } from './resolve-precision.js';
import { keptFromThreadStep, questionsStep } from './resolve-questions.js';
import { inferenceStep } from './resolve-serving.js';
import { quantisedServingStep } from './resolve-quantised-serving.js';
import { maxSeqsStep } from './resolve-max-seqs.js';
import { shardingStep } from './resolve-sharding.js';
import { layoutSaidStep } from './layout-unstated.js';
import { trainingChoicesStep } from './resolve-training.js';
import { Resolution } from './resolution.js';
import type { Scenario } from './schema.js';
import { settleDefaultMark } from './unstated.js';
import { threadLengthSaidStep, threadLengthStep } from './thread-length.js';

/**
 * The steps of a resolution in dependency order: each reads what the ones before it decided (the
 * mode before the framework's preset, the GPUs before the sharding, the GPUs and their split before
 * the global batch divided over them) and may stop the resolution with an error.
 */
const STEPS: readonly ((r: Resolution) => ErrorReply | null)[] = [
  modelStep,
  archStep,
  modeStep,
  parallelStep,
  hardwareStep,
  layerSplitStep,
  frameworkStep,
  threadLengthStep,
  precisionStep,
  trainingChoicesStep,
  shardingStep,
  kbitRecipeStep,
  batchStep,
  completionStep,
  rolloutStep,
  presetSaidStep,
  inferenceStep,
  quantisedServingStep,
  maxSeqsStep,
  questionsStep,
  keptFromThreadStep,
  threadLengthSaidStep,
  // Last: it reads the framework, mode, GPUs and degrees every step before has settled.
  layoutSaidStep,
];

/** A patch on `base` (null for a new request) → the full scenario and the defaults it assumed, or the first error. */
export function runResolution(text: string, patch: Patch, base: Scenario | null, hub: HubContext = {}): { scenario: Scenario; assumptions: string[]; perNodeDefault?: Resolution['perNodeDefault'] } | ErrorReply {
  const r = new Resolution(text, patch, base, hub);
  for (const step of STEPS) {
    const error = step(r);
    if (error) return error;
  }
  const error = checkScenario(r.s, r.patch, r.text, r.base);
  if (error) return error;
  // A default precision a later step replaced (vLLM's AWQ kernels run fp16: resolve-quantised-serving.ts)
  // is no longer the default: the mark goes, so the scenario is the one its canonical text reads back as.
  r.s = settleDefaultMark(r.s);
  // The scenario's shape is guaranteed by the steps above and checked against scenarioSchema in
  // the tests (test/scenario, test/language/tolerant.test.ts), not here: zod costs ~60 ms of
  // every cold start of the CLI (issue 11), and the request path never needs it.
  return { scenario: r.s, assumptions: unique(r.assumptions), perNodeDefault: r.perNodeDefault };
}
