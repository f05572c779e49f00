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
 * - the format a quantisation pass makes ("I am experimenting with AWQ … To quantize the Mixtral-8x7B",
 *   casper-hansen/AutoAWQ#280, c1617; "When I quant this model … oom … i quant it using GPTQ",
 *   casper-hansen/AutoAWQ#93, c1385; "When I try to quantize llama7b and llama13b on A100 40GB, I got OOM … AWQ and GPTQ",
 *   qwopqwop200/AutoQuant#2): the pass loads the 16-bit model to calibrate it, so the format is its output.
 * Each is set aside with a note that names the words, so the reply says which format it read and why.
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
    example: 'I am experimenting with AWQ and different models. To quantize the MistralAI/Mixtral-8x7B-Instruct-v0.1, is there a recommended GPU/VRAM configuration?',
    source: 'casper-hansen/AutoAWQ#280; casper-hansen/AutoAWQ#93; qwopqwop200/AutoQuant#2',
  },
] as const;

type Weights = Extract<Item, { kind: 'weights' }>;
const isWeights = (i: Item): i is Weights => i.kind === 'weights';

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
 * The message asks about quantising a model: "to quantize", "when I quant", "quantizing", "quant oom";
 * never "after quantizing" or "quantized" (a checkpoint already made, which is then run).
 */
const QUANTISES = /(?<!\bafter )\b(?:(?:to|when (?:i|we)|i|we|trying to|try to|tried to) quant(?:i[sz]e)?|quanti[sz]ing|quant oom)\b/i;
const QUANT_FORMATS = new Set(['gptq', 'awq', 'int8', 'nf4', 'nf4-dq']);

export function quantisationTargets(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!/quant/i.test(text) || !QUANTISES.test(text)) return items;
  // A quantised checkpoint the run names ("TheBloke/…-GPTQ") is a model to load, not a pass's output.
  const targets = items.filter((i): i is Weights => isWeights(i) && QUANT_FORMATS.has(i.value) && /^[\s(（]*(?:gptq|awq|int[48]|[48][\s-]?bit)\b/i.test(i.text));
  for (const w of targets) {
    setAside(
      w,
      `"${w.text.trim()}" set aside as your setup's weight format: the message quantises the model, and a quantisation pass (AutoAWQ, AutoGPTQ) loads it in 16 bits to calibrate it; ${w.value} is what it makes (say "run ${w.value}" to estimate the quantised model)`,
      notes,
      owned,
      'the format a quantisation makes',
    );
  }
  return targets.length ? items.filter((i) => !targets.includes(i as Weights)) : items;
}
