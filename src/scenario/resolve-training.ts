import { exampleRecomputeWords } from '../memory/example-recompute.js';
import { hfDefaultAttention } from '../memory/attention-kernel.js';
import { LLAMAFACTORY_PT_PACKED_WORDS, batchShape, llamafactoryPretrainPacks } from '../memory/overhead.js';
import type { ErrorReply } from '../reply/types.js';
import { kernelOfNewModel } from './carried-kernel.js';
import { DEFAULT_WORDS } from './defaults.js';
import type { Resolution } from './resolution.js';
import type { Scenario } from './schema.js';

/** The training-choices step of a resolution (resolve-steps.ts): optimizer, recompute, attention, loss and offload. */

export function trainingChoicesStep(r: Resolution): ErrorReply | null {
  const s = r.s;
  const training = s.mode !== 'inference';
  const pick = <K extends keyof Scenario>(slot: string, key: K, words: string | null) => {
    const v = r.patch.value<Scenario[K]>(slot);
    if (v !== undefined) s[key] = v;
    else if (r.isNew && training && words && !r.presetSet.has(key)) r.assume(words);
  };
  pick('optimizer', 'optimizer', DEFAULT_WORDS.optimizer);
  pick('impl', 'optimizerImpl', s.optimizer.includes('adam') ? DEFAULT_WORDS.optimizerImpl : null);
  // A framework whose default depends on its release says which (TRL: off before v0.22, trl-preset.ts).
  pick('recompute', 'recompute', r.preset?.recomputeWords ?? DEFAULT_WORDS.recompute);
  // Checkpointing a preset took from the framework's examples, not its program's default: said, so a fit can be tried without it.
  const exampleGc = r.isNew && !r.patch.has('recompute') && r.presetSet.has('recompute') ? exampleRecomputeWords(s) : null;
  if (exampleGc) r.assume(exampleGc);
  // transformers' own default kernel where it is not flash (Gemma 2: eager; Falcon-7B: SDPA's math kernel).
  // (HF generate takes the same default in resolve-serving.ts, once the engine is known.)
  // A follow-up that names a model whose own code has only eager attention takes it ("3b model with
  // lora", then a command loading bloom_3b, c405): no kernel the thread said can run there. Any other
  // model keeps the thread's kernel.
  const freshModel = r.isNew || (r.patch.has('model') && s.model.arch.eagerOnly === true);
  const kernel = freshModel && training && !r.patch.has('attention') && !r.presetSet.has('attention') ? hfDefaultAttention(s, s.inference.engine) : null;
  if (kernel) {
    s.attention = kernel.attention;
    r.assume(kernel.words);
  } else pick('attention', 'attention', DEFAULT_WORDS.attention);
  // A served run's kernel waits for its engine (resolve-serving.ts).
  if (training) kernelOfNewModel(r);
  // A reward model's score head has no vocabulary logits to take a loss over (memory/reward-model.ts): no loss default to say.
  pick('loss', 'loss', s.framework === 'reward' ? null : DEFAULT_WORDS.loss);
  // The allocator's variable-length slack rests on the batch shape (memory/overhead.ts): say which was assumed.
  if (r.isNew && training && !r.patch.has('batches') && !r.patch.has('allocator')) {
    r.assume(batchShape(s) === 'packed' ? (llamafactoryPretrainPacks(s) ? LLAMAFACTORY_PT_PACKED_WORDS : DEFAULT_WORDS.batchesPacked) : DEFAULT_WORDS.batchesPadded);
  }
  inferenceLayerOffload(r, training);
  const opt = r.patch.value<'none' | 'cpu' | 'nvme'>('offload.optimizer');
  const params = r.patch.value<'none' | 'cpu' | 'nvme'>('offload.params');
  if (opt !== undefined) s.offload.optimizer = opt;
  if (params !== undefined) s.offload.params = params;
  if (r.isNew && training && opt === undefined && params === undefined) r.assume(DEFAULT_WORDS.offload);
  return null;
}

/**
 * An offload word that names no training state ("CPU offloading", "layer-by-layer offloading",
 * "offloading") in a message whose run is read as inference: a model that is only run has no
 * optimizer state, so the word means its layers kept in host RAM (accelerate's device_map="auto"
 * with CPU offload, OpenVINO's HETERO device), which is not counted. Dropped and said, with the
 * switch, instead of counted as a trainer's optimizer offload. Drawn from LLaVA-7B "tricks (e.g.,
 * CPU offloading, ...)" on a T4 (c1347) and OpenArc's "no layer-by-layer offloading" (c1644); no
 * inference reading of the corpus carries an offload. A mode read as training keeps it: a request
 * whose only training word is the offload is read as training already (resolve-mode.ts).
 */
const BARE_OFFLOAD = /^(?:(?:cpu|ram|host|gpu|layer(?:[- ]by[- ]layer|[- ]wise)?|weights?|model)[\s-]+)?offload(?:s|ed|ing)?(?:\s+to\s+(?:the\s+)?(?:cpu|ram))?$/i;

function inferenceLayerOffload(r: Resolution, training: boolean): void {
  const opt = r.patch.get('offload.optimizer');
  if (training || !opt || r.patch.has('offload.params')) return;
  const words = opt.item.text.trim();
  if (!BARE_OFFLOAD.test(words)) return;
  r.patch.drop('offload.optimizer');
  r.assume(`"${words}" with the model run, not trained: no optimizer to offload; layers kept in host RAM (device_map / CPU offload) are not counted — say "train" if it trains`);
}
