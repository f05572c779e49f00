import type { Item } from '../language/items.js';
import type { ErrorReply } from '../reply/types.js';
import { defaultMethodOf } from './command-default-method.js';
import { adaptersForPretraining } from './pretrain-purpose.js';
import { pretrainingProgram } from './pretraining-program.js';
import { DEFAULT_WORDS, LORA_DEFAULTS } from './defaults.js';
import { QUANTISED } from './resolve-precision.js';
import type { Resolution } from './resolution.js';
import type { Lora, Scenario, WeightFormat } from './schema.js';
import { TRAINING_ONLY_SLOTS, firstTrainingSetting, microBatchNamed } from './training-slots.js';

/** The mode step of a resolution (resolve-steps.ts): training (full, LoRA, QLoRA) or inference, and the LoRA settings. */

/** Training on quantised weights trains adapters on them: QLoRA on NF4, LoRA on any other format. */
const adaptersOn = (weights: WeightFormat): 'qlora' | 'lora' => (weights === 'nf4' || weights === 'nf4-dq' ? 'qlora' : 'lora');

/** A run verb that names no inference ("run", 跑): never "load", "deploy" or "use it for inference". */
const PLAIN_RUN = /^(?:run|runs|running|ran|跑)$/i;

/** Settings only running the model has: a generation length, the KV cache's dtype, vLLM's memory share, llama.cpp's GPU layers and build. */
const INFERENCE_ONLY_SLOTS = ['gen', 'kv', 'util', 'ngl', 'cpuMoe', 'cpuOffloadGb', 'llamacppBuild', 'bpw'];

/**
 * A run of the model named by its phase as a noun ("generation", "decoding", "prediction"): beside a training
 * word or a training-only setting, and with no engine, it is what the training run samples (an RL trainer's
 * rollouts, an evaluation's outputs), never the run: "I am trying to train the Qwen-Math-7B model … num of
 * generation = 8, per_device_train_batch_size = 1, accumulation_steps = 16" (corpus c2371, a GRPO run read
 * as inference). A verb of running ("infer", "inference", "chat with") keeps its meaning.
 */
const PHASE_NOUNS = /^(?:generations?|decoding|prediction)$/i;

/** TRL's online trainers, whose rollouts vLLM may generate (GRPOConfig / PPO use_vllm). */
const ROLLOUT_TRAINERS = new Set(['grpo', 'ppo']);
/** Frameworks that only train (a DPO or torchtune run "loads" a model to train it). */
const TRAINING_FRAMEWORKS = new Set(['dpo', 'orpo', 'grpo', 'ppo', 'reward', 'torchtune', 'axolotl', 'llama-factory', 'torchtitan', 'megatron', 'llama-recipes', 'alpaca-lora', 'longlora']);

/** "compare zero2 vs zero3", "lora vs qlora": a comparison of training settings asks about training. */
function comparesTrainingSettings(question: Item | undefined): boolean {
  if (question?.kind !== 'compare') return false;
  return [question.a, question.b].some(
    (side) => TRAINING_SIDE_KINDS.has(side.kind) || (side.kind === 'mode' && side.value !== 'inference' && side.value !== 'run') || side.kind === 'lora',
  );
}

const TRAINING_SIDE_KINDS = new Set<Item['kind']>(['optimizer', 'impl', 'sharding', 'recompute', 'loss']);

/**
 * No intent word ("run", "train", "serve" …): a training-only setting (an optimizer, ZeRO / FSDP,
 * checkpointing, accumulation, a training framework) means training; with none, the request is
 * about running the model, the question most such messages ask (DESIGN §2, issue 22 item 7:
 * "llama 3 70b on 2x a100" asks whether it runs there). The reply says which was assumed on its
 * first screen, with the one word that switches it.
 */
function intentByDefault(trainingSetting: boolean): Scenario['mode'] {
  return trainingSetting ? 'full' : 'inference';
}

/** What a training word that names no method is said as: a full fine-tune, until a framework's default names one. */
export const noMethodWords = (word: string) => `full fine-tune: "${word}" names no method (say lora or qlora to train adapters)`;

export function modeStep(r: Resolution): ErrorReply | null {
  const s = r.s;
  const previousMode = r.base?.mode ?? null;
  let asked = r.patch.value<Scenario['mode']>('mode');
  asked = adaptersForPretraining(r, asked, previousMode) ?? asked;
  // "GRPO … with vllm for generation": TRL's online trainers generate rollouts with vLLM
  // (use_vllm); the run is still the training one.
  const trainer = r.patch.value<string>('framework') ?? r.base?.framework ?? '';
  if (asked === 'inference' && r.patch.has('engine') && ROLLOUT_TRAINERS.has(trainer) && r.patch.get('mode')?.item === r.patch.get('engine')?.item) {
    asked = undefined;
    r.patch.drop('mode');
    r.patch.drop('engine');
    r.assume(`"${r.patch.get('framework')?.item.text ?? trainer}" with vLLM: vLLM generates the rollouts (TRL use_vllm), the run is training; vLLM's own memory (its GPU in server mode, vllm_gpu_memory_utilization of this one colocated) is not modelled unless you say where it runs ("rollout colocate", "rollout util 0.5", "rollout server")`);
  }
  // "GPU memory utilization=0.6" in a GRPO or PPO run (verl rollout.gpu_memory_utilization, OpenRLHF
  // vllm_gpu_memory_utilization, qiancheng0/ToolRL#53): the rollout engine's share of the card, not
  // a serving request; set aside, said, rather than read as a contradiction of the training.
  if (r.patch.has('util') && ROLLOUT_TRAINERS.has(trainer) && asked !== 'inference') {
    const said = r.patch.get('util')!.item.text;
    const share = r.patch.value<number>('util');
    r.patch.drop('util');
    r.assume(`"${said}" is the rollout engine's (vLLM) share of GPU memory in a ${trainer.toUpperCase()} run: vLLM's own memory is not modelled; say "rollout util ${share ?? 0.5}" if vLLM shares the training GPUs (co-located), "rollout server" if it has GPUs of its own`);
  }
  const phase = r.patch.get('mode')?.item.text.trim() ?? '';
  if (asked === 'inference' && r.isNew && PHASE_NOUNS.test(phase) && !r.patch.has('engine') && (r.patch.has('train') || firstTrainingSetting(r.patch))) {
    asked = undefined;
    r.patch.drop('mode');
    r.assume(`"${phase}" read as what the training run generates (its rollouts or its evaluation's samples), not a run of the model: say "inference" to run the model instead`);
  }
  // "I'm running ppo on llama-7B … increase max_new_tokens to 512" (CarperAI/trlx#431, c438): a generation length
  // beside an online RL trainer (PPO, GRPO) is its rollouts' length, which the trainer generates inside its
  // training step; it names no inference run. The run is read as training and the length said as not used.
  const rolloutGen = !asked && r.patch.has('gen') && ROLLOUT_TRAINERS.has(trainer) && !INFERENCE_ONLY_SLOTS.some((slot) => slot !== 'gen' && r.patch.has(slot));
  const inferenceOnly = rolloutGen ? undefined : INFERENCE_ONLY_SLOTS.find((slot) => r.patch.has(slot));
  const trainingSetting =
    firstTrainingSetting(r.patch) ??
    (TRAINING_FRAMEWORKS.has(r.patch.value<string>('framework') ?? '') ? 'framework' : undefined) ??
    // verl (and EasyR1, its fork) only trains: "Running EasyR1 with qwen2.5-vl-7b" runs its RL training (hiyouga/EasyR1#260, c2872).
    (r.patch.has('rlTrainer') ? 'rlTrainer' : undefined) ??
    (comparesTrainingSettings(r.patch.get('question')?.item) ? 'question' : undefined) ??
    // "with 8 nodes we can fit micro batch 2": a micro-batch said as one is a trainer's word (training-slots.ts).
    microBatchNamed(r.patch);
  let mode: Scenario['mode'];
  // A quantised checkpoint ("unsloth/llama-3-8b-bnb-4bit", "…-GPTQ") is its weights too.
  const quantised = r.patch.value<WeightFormat>('weights') ?? r.hubWeights ?? undefined;
  if (asked) {
    mode = asked;
    // A running word and a training word in one request ("qwen3.5 397b的模型，微调8卡a800（80G）够吗，推理至少
    // 需要什么显卡呢" — is 8x A800 enough to fine-tune, what does inference need: modelscope/ms-swift#8488,
    // c1292; "使用swift微调、合并 … 加载推理时显存的占用量" InternLM/lmdeploy#2875, c919; "成功把llama2 70b的推理
    // 跑起来了。想基于70b训练" linyiLYi/snake-ai#26, c448): running the model is read, as the mode word says, but
    // the training word said too makes the choice weak: it is said, with the word that switches it.
    const trainWord = r.patch.get('train')?.item.text.trim();
    if (asked === 'inference' && trainWord && r.isNew) {
      const runWord = r.patch.get('mode')?.item.text.trim();
      r.intent(`running the model${runWord ? ` ("${runWord}")` : ''}, though a training word is said too ("${trainWord}"): say "train" for the fine-tune`);
    }
  }
  else if (r.patch.has('train') && quantised && QUANTISED.includes(quantised) && quantised !== 'fp8' && (!previousMode || previousMode === 'inference')) {
    // Training on quantised weights trains adapters on them: a full fine-tune cannot.
    mode = adaptersOn(quantised);
    if (r.isNew) r.intent(`${mode === 'qlora' ? 'QLoRA' : 'LoRA'}: training on ${quantised} weights trains adapters (say "full" with 16-bit weights to train every weight)`);
  } else if (r.patch.has('train')) {
    // A program that trains a method of its own when none is named (ms-swift: LoRA), said (command-default-method.ts).
    // A thread that ran the model turns to the program's training with the program's own default (c3844: "swift sft" after
    // "V100推理internVL" had read as a full fine-tune in the thread, LoRA alone).
    const byProgram = !previousMode || previousMode === 'inference' ? defaultMethodOf([r.patch.get('train')!.item.text, r.patch.get('framework')?.item.text], r.text) : null;
    mode = byProgram?.mode ?? (!previousMode || previousMode === 'inference' ? 'full' : previousMode);
    if (byProgram) r.intent(byProgram.note);
    // "training a 13B in a 24GB GPU": a training word names no method; the full fine-tune is said.
    else if (mode === 'full' && r.isNew && !r.patch.has('mode') && !r.patch.has('sharding')) {
      r.intent(noMethodWords(r.patch.get('train')!.item.text));
    }
  }
  else if (inferenceOnly) mode = 'inference';
  else if (r.patch.has('run')) {
    // "run"/"load"/"deploy" is inference unless a training setting says otherwise.
    // …and a 4-bit or 8-bit checkpoint trains adapters on it (a DPO run on "llama-3-8b-bnb-4bit").
    const adapters = quantised && QUANTISED.includes(quantised) && quantised !== 'fp8' ? adaptersOn(quantised) : null;
    // "loaded through LLaMA-Factory" in a thread about running a model (QwenLM/Qwen3#499, c275):
    // loading is no training word, and a training framework loads models for its chat too; the
    // framework alone does not turn the thread's inference into training.
    const loadedIn = trainingSetting === 'framework' && previousMode === 'inference' && /^(?:load|加载)/i.test(r.patch.get('run')!.item.text.trim());
    // "为啥我双卡A5000会显存溢出呢 … 跑的是run_pt.sh" (why do my two A5000 run out of memory … what I run is
    // run_pt.sh) in a thread on LoRA continued pre-training (shibing624/MedicalGPT#236, c841): a plain run verb in
    // a training thread runs that training; it had turned the thread's LoRA into inference, unsaid.
    const runsTheThread = !trainingSetting && previousMode !== null && previousMode !== 'inference' && PLAIN_RUN.test(r.patch.get('run')!.item.text.trim());
    if (runsTheThread) {
      mode = previousMode;
      r.intent(`${previousMode === 'full' ? 'full fine-tune' : previousMode === 'qlora' ? 'QLoRA' : 'LoRA'} kept from the thread: "${r.patch.get('run')!.item.text.trim()}" runs the thread's training; say "inference" to run the model instead`);
    } else mode = trainingSetting && !loadedIn ? (previousMode && previousMode !== 'inference' ? previousMode : (adapters ?? 'full')) : 'inference';
    // A plain run verb says running the model only by default: in a trainer's tracker it runs the training
    // ("why do u need 2GPUs to run Qwen2.5 3B?", Jiayi-Pan/TinyZero#33, c1295, a PPO run; "8卡80G的A100，跑不动
    // qwen3-next-80B", hiyouga/LlamaFactory#9191, c1324; "跑的是run_pt.sh", shibing624/MedicalGPT#236, c841).
    // The inference it is read as is said, with the word that switches it (issue 22 item 7).
    const plainRun = r.patch.get('run')!.item.text.trim();
    if (mode === 'inference' && r.isNew && !previousMode && PLAIN_RUN.test(plainRun)) {
      r.intent(`running the model: "${plainRun}" names no training (say "train" for a fine-tune)`);
    }
    const trained = mode === 'full' ? 'full fine-tune' : mode === 'qlora' ? `QLoRA (on the ${quantised} checkpoint)` : `LoRA (on the ${quantised} checkpoint)`;
    if (trainingSetting && r.isNew) r.intent(`${trained}: "${r.patch.get('run')!.item.text}" with a training setting ("${r.patch.get(trainingSetting)!.item.text}"); say "inference" to run it instead`);
  } else if (previousMode === 'inference' && trainingSetting !== undefined && TRAINING_ONLY_SLOTS.includes(trainingSetting)) {
    // "zero3" or "gc" after "13b on 4x a100": a setting only training has turns the thread to a
    // fine-tune, as it does in a new request (intentByDefault), said with the word that switches back.
    mode = 'full';
    r.intent(`full fine-tune: "${r.patch.get(trainingSetting)!.item.text}" is a training setting; say "inference" to run the model instead`);
    // The layer split Hugging Face generate was given by default (splitForServing) is no training
    // layout: the fine-tune starts from one copy per GPU, as a new request does.
    const p = s.parallel;
    if (s.framework !== 'llamacpp' && p.tp === 1 && p.pp > 1 && p.pp === r.gpus() && !r.patch.has('par.pp')) {
      p.pp = 1;
      delete p.schedule;
    }
  } else if (previousMode) mode = previousMode;
  else {
    mode = intentByDefault(trainingSetting !== undefined);
    r.intent(mode === 'inference' ? DEFAULT_WORDS.inferenceIntent : DEFAULT_WORDS.mode);
  }
  // A thread's full fine-tune, and a follow-up that names quantised weights it trains on ("先用单卡，8bit，
  // 调一半爆显存" in a thread on tuning Baichuan 13B, LlamaFactory#920 c392; "a minimum fine tune setup for
  // train_4bit on 70b" in a thread titled "Fine-tune Llama2 models", h2oGPT#573 c1074): a full fine-tune
  // trains 16-bit weights, so the follow-up's weights say adapters, as they do in a new request. Had
  // been refused as a contradiction; read as LoRA / QLoRA, with the thread's full fine-tune said as
  // replaced and the word that keeps it.
  const named = r.patch.value<WeightFormat>('weights');
  if (!asked && previousMode === 'full' && mode === 'full' && named && QUANTISED.includes(named) && named !== 'fp8') {
    mode = adaptersOn(named);
    r.intent(
      `${mode === 'qlora' ? 'QLoRA' : 'LoRA'} in place of the thread's full fine-tune: "${r.patch.get('weights')!.item.text.trim()}" weights train adapters (say "full" with 16-bit weights to train every weight)`,
    );
  }
  // "max_tokens = 2000" or "max_new_tokens 512" beside a training run: the length its evaluation, its
  // sampler or a later step generates, not a request to run the model (PrimeIntellect-ai/prime-rl#1097,
  // c871: a LoRA GRPO run's `[sampling] max_tokens`; the eval generation of a fine-tune). The training
  // is read and the generation length said as not used; a serving setting (KV dtype, utilization,
  // -ngl) still contradicts it.
  if (rolloutGen && mode !== 'inference') {
    const said = r.patch.get('gen')!.item.text.trim();
    r.patch.drop('gen');
    r.assume(`"${said}" is the length of the ${trainer.toUpperCase()} rollouts the trainer generates in its step: the rollout's KV cache is not modelled (say "inference" to run the model instead)`);
  } else if (inferenceOnly === 'gen' && mode !== 'inference') {
    const said = r.patch.get('gen')!.item.text.trim();
    r.patch.drop('gen');
    r.assume(`"${said}" is a generation length: beside a training run it is the length its evaluation or a later step generates, not used here (say "inference" to run the model instead)`);
  }
  const refused = applyMode(r, mode, previousMode);
  // A program that only pre-trains (torchtitan) names pre-training where no method or fine-tune word is said (pretraining-program.ts).
  if (!refused) pretrainingProgram(r);
  return refused;
}

/** The mode read, checked against the serving settings left, and its LoRA settings. */
function applyMode(r: Resolution, mode: Scenario['mode'], previousMode: Scenario['mode'] | null): ErrorReply | null {
  const s = r.s;
  const inferenceOnly = INFERENCE_ONLY_SLOTS.find((slot) => r.patch.has(slot));
  if (inferenceOnly && mode !== 'inference') {
    return r.err(inferenceOnly, `"${r.patch.get(inferenceOnly)!.item.text}" applies to inference; it contradicts "${r.patch.get('mode')?.item.text ?? mode}".`);
  }
  s.mode = mode;
  s.pretrain = r.patch.has('mode') ? r.patch.value<boolean>('pretrain') === true : mode === 'full' && s.pretrain;
  if (mode === 'lora' || mode === 'qlora') {
    const kept = previousMode === 'lora' || previousMode === 'qlora' ? s.lora : null;
    // A field-by-field copy (its one array too): structuredClone was 1% of the request path.
    const from = kept ?? LORA_DEFAULTS;
    const lora: Lora = { ...from, targets: [...from.targets] };
    const rank = r.patch.value<number>('lora.rank');
    const targets = r.patch.value<Lora['targets']>('lora.targets');
    const dropout = r.patch.value<number>('lora.dropout');
    const alpha = r.patch.value<number>('lora.alpha');
    if (rank !== undefined) lora.rank = rank;
    if (targets !== undefined) lora.targets = [...targets];
    if (dropout !== undefined) lora.dropout = dropout;
    if (alpha !== undefined) lora.alpha = alpha;
    if (!kept) {
      if (rank === undefined) r.assume(DEFAULT_WORDS.loraRank);
      if (targets === undefined) r.assume(DEFAULT_WORDS.loraTargets);
      if (dropout === undefined) r.assume(DEFAULT_WORDS.loraDropout);
    }
    s.lora = lora;
  } else {
    s.lora = null;
  }
  return null;
}
