import type { Item } from '../items.js';
import { recordAside, type OwnedRuns } from './owners.js';

/**
 * A weight format named in a message is not always the format the asked-about run loads (issue 11,
 * the weights class of the sixteenth session). Three sayings name a format that the GPU never holds:
 *
 * - a GPTQ or AWQ checkpoint (its repo's suffix) chosen with text-generation-webui's llama.cpp loader:
 *   llama.cpp loads GGUF files only, so the loader is the mistake and the checkpoint's format stands
 *   ("--model=TheBloke_Llama-2-7b-Chat-GPTQ --loader=llamacpp", dusty-nv/jetson-containers#331, c1619;
 *   "TheBloke/Llama-2-13B-chat-GPTQ not loading using llama.cpp model loader", oobabooga/textgen#4003;
 *   "select the TheBloke_Chronos-Hermes-13B-SuperHOT-8K-GPTQ model … llama.cpp in the model loader",
 *   oobabooga/textgen#6650): the loader is set aside, with a note, and the format read;
 * - kt-kernel's (ktransformers') INT4 / INT8: the routed experts' copy the CPU runs with AMX
 *   (`--kt-method AMXINT4 --kt-weight-path …-INT4`, kvcache-ai/ktransformers#1678, c1605; `--kt-method AMXINT8`,
 *   #1969; `--kt-weight-path …-AMXINT4/`, #2128): the GPU holds the checkpoint's own layers in its dtype;
 * The first two are set aside with a note that names the words, so the reply says which format it read and why.
 *
 * A third is read, but weak: the format a quantisation pass makes ("awq quantize gemma2-27b-it", casper-hansen/AutoAWQ#638,
 * c3080; "quantize such large models with AutoAWQ", casper-hansen/AutoAWQ#65, c3082; "`lmdeploy lite auto_awq` to quantize",
 * InternLM/lmdeploy#1729, c3083; "I am experimenting with AWQ … To quantize the Mixtral-8x7B", casper-hansen/AutoAWQ#280,
 * c1617). The corpus reads a quantization job as the quantized model it produces (its README, batch b91, as c2175 read a
 * TensorRT-LLM FP8 quantize); the pass itself loads the 16-bit model to calibrate it, so the reply says so on its first
 * screen with the switch ("bf16") that sizes the pass. Batches b41 and b42 (c1385, c1617) had read the pass instead.
 */

export const WEIGHTS_EVIDENCE_RULES = [
  {
    id: 'reconcile.weights.loader-cannot-load',
    example: 'python3 server.py --model=TheBloke_Llama-2-7b-Chat-GPTQ --loader=llamacpp --n-gpu-layers=128',
    source: 'dusty-nv/jetson-containers#331; oobabooga/textgen#4003; oobabooga/textgen#6650',
  },
  {
    id: 'reconcile.weights.kt-cpu-experts',
    example: 'python -m sglang.launch_server --model Qwen3-235B-A22B --kt-method AMXINT4 --kt-weight-path /models/Qwen3-235B-A22B-INT4',
    source: 'kvcache-ai/ktransformers#1678; kvcache-ai/ktransformers#1969; kvcache-ai/ktransformers#2128',
  },
  {
    id: 'reconcile.weights.quantisation-target',
    example: 'did someone have any success in awq quantize gemma2-27b-it model, i have two rtx 3090 and 128g ram in my machine',
    source: 'casper-hansen/AutoAWQ#638; casper-hansen/AutoAWQ#65; InternLM/lmdeploy#1729; casper-hansen/AutoAWQ#280',
  },
] as const;

export type Weights = Extract<Item, { kind: 'weights' }>;
export const isWeights = (i: Item): i is Weights => i.kind === 'weights';

/** A checkpoint format by its own name (a repo's "-GPTQ", "AWQ"), not a width ("4bit", "int4"). */
const NAMED_FORMAT = /gptq|awq/i;
/** A llama.cpp framework said as text-generation-webui's loader choice. */
const LLAMACPP_LOADER = /llama[._-]?cpp/i;
/** A GGUF said anywhere: then llama.cpp has a file of its own to load. */
const GGUF_SAID = /gguf|ggml|\bq[2-8]_(?:k|0|1)/i;

function setAside(i: Item, note: string, notes: string[], owned: OwnedRuns | undefined, reason: string): void {
  notes.push(note);
  recordAside(owned, i, reason);
}

/** llama.cpp chosen as the loader of a GPTQ / AWQ checkpoint: the loader is set aside, the format stands. */
export function loaderCannotLoad(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!/\bloader\b/i.test(text) || GGUF_SAID.test(text)) return items;
  // Said as a weights item ("-Chat-GPTQ" after a name) or by a Hub repo whose name gives it ("TheBloke/Llama-2-13B-chat-GPTQ").
  const format = items
    .map((i) => (isWeights(i) ? { text: i.text, value: i.value } : i.kind === 'hub' ? { text: i.text, value: i.offline?.weights ?? '' } : null))
    .find((f) => f !== null && (f.value === 'gptq' || f.value === 'awq') && NAMED_FORMAT.test(f.text));
  if (!format) return items;
  const loaders = items.filter((i) => i.kind === 'framework' && i.value === 'llamacpp' && LLAMACPP_LOADER.test(i.text));
  if (!loaders.length) return items;
  // The loader's own flags go with it ("--n-gpu-layers=128": llama.cpp's layers on the GPU).
  const flags: Item[] = items.filter((i) => i.kind === 'ngl');
  for (const l of [...loaders, ...flags]) {
    setAside(
      l,
      `"${l.text.trim()}" set aside as your setup's ${l.kind === 'ngl' ? 'GPU layers' : 'framework'}: llama.cpp loads GGUF files only, and "${format.text.trim()}" names a ${format.value.toUpperCase()} checkpoint; read as those ${format.value} weights (a GGUF file of the model is what llama.cpp would run)`,
      notes,
      owned,
      'a loader that cannot load the checkpoint',
    );
  }
  return items.filter((i) => !loaders.includes(i) && !flags.includes(i));
}

/** kt-kernel / ktransformers flags: the AMX INT4 / INT8 they name is the CPU experts' copy. */
const KT = /--kt-(?:method|weight-path)\b|\bkt-kernel\b|\bktransformers\b/i;
const INT_WIDTH = /^[\s(（-]*(?:amx)?int[48][\s)）]*$/i;

export function ktCpuExperts(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!KT.test(text)) return items;
  const cpu = items.filter((i): i is Weights => isWeights(i) && (i.value === 'int8' || i.value === 'gptq') && INT_WIDTH.test(i.text));
  for (const w of cpu) {
    setAside(
      w,
      `"${w.text.trim()}" set aside as your setup's weight format: with kt-kernel (ktransformers) the routed experts run on the CPU from an AMX INT4/INT8 copy (--kt-weight-path); the GPU holds the checkpoint's own layers in its dtype`,
      notes,
      owned,
      "the CPU experts' format",
    );
  }
  return cpu.length ? items.filter((i) => !cpu.includes(i as Weights)) : items;
}

/**
 * The message asks about quantising a model: "to quantize", "when I quant", "quantizing", "awq quantize", "quant oom";
 * never "after quantizing" or "quantized" (a checkpoint already made, which is then run).
 */
const QUANTISES = /(?<!\bafter )\b(?:(?:to|when (?:i|we)|i|we|trying to|try to|tried to|awq|gptq) quant(?:i[sz]e)?|quanti[sz]ing|quant oom)\b/i;
const QUANT_FORMATS = new Set(['gptq', 'awq', 'int8', 'nf4', 'nf4-dq']);
/** A format said by its name, its width, or the tool that makes it ("AutoAWQ", "AWQModifier", "auto_gptq"), never a checkpoint's name. */
const QUANT_FORMAT_WORDS = /^[\s(（]*(?:(?:auto[-_ ]?)?(?:gptq|awq)(?:[-_ ]?modifier)?|int[48]|[48][\s-]?bit)\b/i;

/** The quantised model a quantisation job makes is read, weak: the pass's own 16-bit load is said with its switch. */
export function quantisationTargets(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!/quant/i.test(text) || !QUANTISES.test(text)) return items;
  // A quantised checkpoint the run names ("TheBloke/…-GPTQ") is a model to load, not a pass's output: never weak here.
  const targets = items.filter((i): i is Weights => isWeights(i) && QUANT_FORMAT_WORDS.test(i.text) && QUANT_FORMATS.has(i.value));
  for (const w of targets) {
    const note = `"${w.text.trim()}" read as the ${w.value} model the message's quantisation makes; the pass itself loads the model in 16 bits to calibrate it (AutoAWQ, AutoGPTQ, llm-compressor): say "bf16" to size the pass`;
    if (!notes.includes(note)) notes.push(note);
    owned?.doubts.push({ at: w.at, end: w.end, note });
  }
  return items;
}
