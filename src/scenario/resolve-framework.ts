import { ENGINE_NAMED } from '../language/vocabulary.js';
import type { ErrorReply } from '../reply/types.js';
import { DEFAULT_WORDS, LORA_DEFAULTS } from './defaults.js';
import { presetFor } from './presets.js';
import { shardingOf } from './resolve-sharding.js';
import { noMethodWords } from './resolve-mode.js';
import type { Resolution } from './resolution.js';
import type { Scenario, WeightFormat } from './schema.js';
import { isGgufFormat } from '../memory/gguf.js';
import { namesTrl, trlPreset } from './trl-preset.js';
import { verlPreset } from './verl-preset.js';
import { msSwiftPreset, runsMsSwift } from './ms-swift-preset.js';
import { RL_TRAINER_ASSUMED_WORDS } from '../memory/rl-flips.js';
import { sftFollowUp } from './sft-follow-up.js';

/** The framework step of a resolution (resolve-steps.ts): the framework named or implied, and its preset's defaults. */

export function frameworkStep(r: Resolution): ErrorReply | null {
  const error = frameworkChoice(r);
  llamafactoryStage(r);
  return error;
}

/**
 * LLaMA-Factory's reward-model stage, from reward words beside it (reconcile/rl-algorithm.ts; sized in
 * memory/reward-model.ts), held only while the thread trains with LLaMA-Factory: a follow-up to another
 * framework or to running the model leaves it, so the scenario is the one its canonical text reads back as.
 */
function llamafactoryStage(r: Resolution): void {
  if (r.patch.has('lfStage') && r.s.framework === 'llama-factory') r.s.llamafactoryStage = 'rm';
  if (r.s.framework !== 'llama-factory' || r.s.mode === 'inference') delete r.s.llamafactoryStage;
}

function frameworkChoice(r: Resolution): ErrorReply | null {
  // -ngl is llama.cpp's flag: a new request that says it and names no framework runs llama.cpp.
  // A GGUF file type (Q4_K_M …) is llama.cpp's format, run by llama.cpp or Ollama (built on it):
  // a new inference request naming one, and no engine, runs llama.cpp (stated). "deploy" and "host"
  // name no engine: deploying a Q6_K file is serving it with llama.cpp (llama-server, Ollama).
  // "serve" is vLLM's own verb (`vllm serve`): it keeps vLLM's layout, as a named engine does.
  const weights = r.patch.value<WeightFormat>('weights');
  const engineWord = r.patch.get<string>('engine');
  const engineNamed = engineWord !== undefined && (ENGINE_NAMED.test(engineWord.item.text) || /^serv/i.test(engineWord.item.text.trim()));
  // The format a Hub id names ("yairpatch/Qwen3-VL-30B-A3B-Instruct-GGUF", QwenLM/Qwen3-VL#1583) counts as a format written.
  const format = weights ?? r.hubWeights ?? undefined;
  const gguf = format !== undefined && isGgufFormat(format) && r.s.mode === 'inference' && !engineNamed;
  // A follow-up that names llama.cpp's format or -ngl in a thread still on the default engine (hf
  // inference) moves it to llama.cpp as a new request would (c461: the thread's title asked about
  // offloading, the reply's LocalAI YAML runs a q4_0 GGML file with gpu_layers).
  const onDefaultEngine = !r.isNew && r.s.mode === 'inference' && r.s.framework === 'hf' && r.s.inference?.engine !== 'vllm' && !engineNamed;
  // EXL2 is ExLlamaV2's own format, run by it (or TabbyAPI, on it) only, as GGUF is llama.cpp's (memory/exllamav2.ts).
  const exl2 = (weights ?? r.hubWeights) === 'exl2' && r.s.mode === 'inference' && !engineNamed;
  // ms-swift's command (`swift sft` read as the method it trains) names no framework word: it runs transformers' Trainer
  // (ms-swift-preset.ts) — in a thread's follow-up too, where the command arrives after a title (c483, modelscope/ms-swift#1859),
  // unless the thread named the trainer it runs ("grpo训练…" then `swift rlhf`, c507).
  const swiftCommand = (r.isNew || r.s.framework === 'hf') && r.s.mode !== 'inference' && runsMsSwift(r.patch.items.map((i) => i.text)) ? 'hf' : undefined;
  // A trainer named beside a GGUF file the run serves is the file's publisher, not the run's framework: Unsloth publishes
  // GGUFs ("Unsloth's Qwen3-32B-Q4_K_M.gguf" run with llama-server; Anbeeld/beellama.cpp#168, c2540: "Unsloth/Qwen3.8-27B-MTP:Q8_0"
  // beside llama-server.exe, refused as a GGUF trained). A GGUF is no trainer's load, so llama.cpp runs it, said.
  const publisher = gguf && r.isNew && !r.patch.has('train') && r.patch.value<Scenario['framework']>('framework') === 'unsloth';
  if (publisher) {
    r.assume(`"${r.patch.get<string>('framework')!.item.text.trim()}" read as who published the GGUF file, not the run's framework (say "qlora" with unsloth to fine-tune)`);
    r.patch.drop('framework');
  }
  const asked = r.patch.value<Scenario['framework']>('framework') ?? ((r.isNew || onDefaultEngine) && exl2 ? 'exllamav2' : (r.isNew || onDefaultEngine) && (r.patch.has('ngl') || gguf) ? 'llamacpp' : swiftCommand);
  if (gguf && !r.patch.has('framework') && !r.patch.has('ngl') && asked === 'llamacpp') {
    r.assume(`llama.cpp (GGUF ${format!.toUpperCase()} is its format, as Ollama runs it; say vllm or hf for another engine)`);
  }
  // An EXL2 file ("Would it HAVE to be an Exl2 model?", turboderp-org/exllamav2#35, c723) sets the engine as GGUF
  // does: the engine is the format's guess, not a word of the message, so it is said with its switch.
  if (exl2 && !r.patch.has('framework') && asked === 'exllamav2') r.assume('ExLlamaV2 (EXL2 is its format, as TabbyAPI runs it; say hf or vllm for another engine)');
  // DeepSpeed on an inference run ("mii.serve", "can deepspeed split it over two cards?") is no
  // training framework: DeepSpeed-Inference and MII are not modelled, so the run is estimated in
  // Hugging Face's layout (weights and KV cache), said (DeepSpeed-MII#435, haotian-liu/LLaVA#870).
  // A DeepSpeed training thread that turns to inference in a follow-up ("gen 256") goes the same
  // way, so a thread reaches the scenario its canonical text reads back as.
  if ((asked ?? (r.isNew ? undefined : r.s.framework)) === 'deepspeed' && r.s.mode === 'inference') {
    r.assume("DeepSpeed on an inference run: DeepSpeed-Inference is not modelled, so the Hugging Face layout (weights and KV cache) is estimated; say mii for DeepSpeed-MII's FastGen server (mii.serve), vllm for a vLLM server");
    r.s.framework = 'hf';
    return null;
  }
  // Megatron named on a run the words say runs the model ("Described in Megatron-LM, we apply column-wise model parallelism
  // … torchrun generate.py", Chillee/lit-llama#5, c3102, b92; "Megatron-style tensor parallelism for inference"): the name
  // cites its tensor-parallel split, not its training recipe, whose distributed optimizer and fp32 main grads no run of the
  // model holds. Estimated in Hugging Face's layout, said with the switch; a Megatron thread that turns to running the
  // model in a follow-up ("gen 256") goes the same way, so a thread reaches the scenario its canonical text reads back as.
  if ((asked ?? (r.isNew ? undefined : r.s.framework)) === 'megatron' && r.s.mode === 'inference') {
    r.assume(`"${r.patch.get<string>('framework')?.item.text.trim() ?? 'megatron'}" on a run of the model: Megatron's training recipe (distributed optimizer, fp32 main grads) is no part of it, so the Hugging Face layout (weights and KV cache, split by any tp you give) is estimated; say "train" if you train with Megatron`);
    r.s.framework = 'hf';
    return null;
  }
  // transformers' release belongs to no framework word: whichever trainer runs on it (transformers-versions.ts).
  const transformersRelease = r.patch.value<string>('transformersVersion');
  if (transformersRelease !== undefined) r.s.transformersVersion = transformersRelease;
  if (!asked) {
    if (r.isNew) r.assume(DEFAULT_WORDS.framework);
    // A follow-up's own SFT script in a thread on an RL trainer (sft-follow-up.ts, c2279).
    else if (sftFollowUp(r)) return null;
    // A framework that runs SP with TP (Megatron) turns it on when TP arrives in a later follow-up
    // too, so a thread reaches the scenario its canonical text reads back as.
    else if (r.patch.has('par.tp') && r.s.parallel.tp > 1 && presetFor(r.s.framework, r.s.mode, r.gpus()).sequenceParallel) r.s.parallel.sp = true;
    return null;
  }
  r.s.framework = asked;
  const unslothRelease = r.patch.value<string>('unslothVersion');
  if (unslothRelease !== undefined) r.s.unslothVersion = unslothRelease;
  const torchtuneRelease = r.patch.value<string>('torchtuneVersion');
  if (torchtuneRelease !== undefined) r.s.torchtuneVersion = torchtuneRelease;
  const llamafactoryRelease = r.patch.value<string>('llamafactoryVersion');
  if (llamafactoryRelease !== undefined) r.s.llamafactoryVersion = llamafactoryRelease;
  const tgiRelease = asked === 'tgi' ? r.patch.value<string>('tgiVersion') ?? r.s.inference.tgiVersion : undefined;
  const release = asked === 'torchtune' ? r.s.torchtuneVersion : asked === 'tgi' ? tgiRelease : asked === 'llama-factory' ? r.s.llamafactoryVersion : r.s.unslothVersion;
  // LoRA on an NF4 base is QLoRA already here (the weights step names it later): litgpt's
  // `--quantize bnb.nf4` run takes its paged AdamW.
  const nf4 = ['nf4', 'nf4-dq'].includes(r.patch.value<string>('weights') ?? '');
  // ZeRO or FSDP said (not DDP), or DeepSpeed named beside the trainer, makes the run's 16-bit weights that engine's own
  // (presets.ts shardedSaid).
  const shardingWord = r.patch.value<string>('sharding');
  const shardedSaid = r.patch.deepspeedNamed || (shardingWord !== undefined && shardingOf(shardingWord).kind !== 'ddp');
  let preset = presetFor(asked, r.s.mode === 'lora' && nf4 ? 'qlora' : r.s.mode, r.gpus(), release, r.s.model.id, shardedSaid);
  // A framework whose standard recipe is another mode (Unsloth: 4-bit QLoRA) sets it when none was stated.
  // A generic "finetune" with Unsloth is its QLoRA recipe; "full" or "lora" said is kept.
  // "use unsloth to load qwen2.5-32b" (unslothai/unsloth#1131, c565): a run word ("load", "run",
  // FastLanguageModel.from_pretrained) with no training word or training setting runs the model;
  // Unsloth's recipe is no training the user said, so the inference is kept, said with its switch.
  // A 4-bit load (`load_in_4bit = True`) is Unsloth's QLoRA setup (unslothai/unsloth#2504): its recipe stays.
  const loadedOnly = r.isNew && r.s.mode === 'inference' && r.patch.has('run') && !r.patch.has('train') && !r.patch.has('weights');
  if (preset.mode && loadedOnly && r.s.mode !== preset.mode) {
    r.intent(`inference: "${r.patch.get('run')!.item.text.trim()}" with ${asked === 'unsloth' ? 'Unsloth' : asked} names no training, so it runs the model (Hugging Face generate, which it calls); say "${preset.mode}" to fine-tune with its recipe`);
    // Its training recipe (checkpointing, loss kernel, optimizer) is no part of running the model.
    r.s.framework = 'hf';
    return null;
  }
  if (preset.mode && r.isNew && !r.patch.has('mode') && r.s.mode !== preset.mode && (!r.patch.has('train') || r.s.mode === 'full')) {
    r.s.mode = preset.mode;
    r.s.lora = preset.mode === 'lora' || preset.mode === 'qlora' ? structuredClone(LORA_DEFAULTS) : null;
    r.unassume(DEFAULT_WORDS.mode);
    // The framework's own default names the method now (its preset note says which and why).
    const train = r.patch.get('train');
    if (train) r.unassume(noMethodWords(train.item.text));
    if (preset.modeNote) r.intent(preset.modeNote);
    preset = presetFor(asked, r.s.mode, r.gpus(), release, r.s.model.id, shardedSaid);
  }
  // "trl" named, alone or beside the trainer it runs ("TRL DPO"), is transformers' Trainer, whose
  // checkpointing default TRL changed in v0.22 (trl-preset.ts).
  const bareTrl = asked === 'hf' && namesTrl(r.patch.get<string>('framework')?.item.text ?? '');
  if (r.s.mode !== 'inference' && (bareTrl || r.patch.trlNamed)) preset = trlPreset(preset, bareTrl);
  // verl's trainer runs the algorithm: its preset note says what it holds that TRL's does not (memory/rl.ts).
  if (r.s.mode !== 'inference' && r.patch.has('rlTrainer') && (asked === 'grpo' || asked === 'ppo')) {
    // The actor's Megatron parallel sizes (actor_rollout_ref.actor.megatron.*) are verl's Megatron backend; the rollout's own tensor parallel is set aside.
    const megatronBackend = ['par.tp', 'par.pp', 'par.ep'].some((key) => (r.patch.value<number>(key) ?? 1) > 1);
    preset = verlPreset(preset, asked, r.gpus(), shardingWord !== undefined || r.patch.deepspeedNamed, megatronBackend, megatronBackend ? presetFor('megatron', r.s.mode, r.gpus()) : undefined);
  }
  // ms-swift runs those trainers with gradient checkpointing on by its own default (ms-swift-preset.ts).
  const msSwift = r.s.mode !== 'inference' && runsMsSwift(r.patch.items.map((i) => i.text));
  if (msSwift) preset = msSwiftPreset(preset, asked === 'hf');
  // GRPO / PPO with no trainer named: TRL's layout is the one counted, said (issue 23, helper vrl; memory/rl-flips.ts).
  if (r.s.mode !== 'inference' && (asked === 'grpo' || asked === 'ppo') && !r.patch.trlNamed && !r.patch.has('rlTrainer') && !msSwift) r.assume(RL_TRAINER_ASSUMED_WORDS);
  Object.assign(r.s, structuredClone(preset.fields));
  for (const key of Object.keys(preset.fields)) r.presetSet.add(key);
  if (preset.sequenceParallel && r.s.parallel.tp > 1) r.s.parallel.sp = true;
  // A training framework's recipe note is no part of running the model ("Unsloth preset: full fine-tune …" beside an
  // inference read from "inference" and "run", c2092); a serving preset (TGI, llama.cpp, ExLlamaV2) says its own.
  if (preset.note && (r.s.mode !== 'inference' || preset.mode === 'inference')) r.assume(preset.note);
  r.preset = preset;
  const words = { rank: DEFAULT_WORDS.loraRank, targets: DEFAULT_WORDS.loraTargets, dropout: DEFAULT_WORDS.loraDropout } as const;
  for (const [key, value] of Object.entries(preset.lora ?? {}) as [keyof typeof words, never][]) {
    if (!r.s.lora || r.patch.has(`lora.${key}`)) continue;
    r.s.lora[key] = structuredClone(value);
    r.unassume(words[key]);
  }
  return null;
}
