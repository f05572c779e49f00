import { IGNORE, isFalse, isTrue, numberOf, say, unquote, type Handler, type KeyReading } from './values.js';

/** Handlers many keys share: a number said with its word, a switch, a GPU count, a serving key. */

/**
 * An integer type's largest value (2^31−1, 2^32−1, 2^63−1, 2^64−1) or transformers' VERY_LARGE_INTEGER
 * (int(1e30), a tokenizer's model_max_length when none is set) is the way a config says "no limit":
 * "max_len: 2147483647" (InfLLM's config, thunlp/InfLLM via Qwen's issue, c952: refused as out of
 * range), "max_batch_total_tokens: Some(4294967295)" (TGI's Args, c042). Never a setting to size.
 */
const NO_LIMIT = [2 ** 31 - 1, 2 ** 32 - 1, 2 ** 63 - 1, 2 ** 64 - 1];
export const isNoLimit = (n: number): boolean => NO_LIMIT.includes(n) || n >= 1e18;

/**
 * A length key given a list of lengths is a sweep, one run each (fms-hf-tuning's test preset "max_seq_length: [512,
 * 1014]", openshift-psap/topsail#519, c2837: unread, so the reply used a default): the longest run is the one that
 * fits or not, so its length is read, weak, and the others said.
 */
function longestOfSweep(v: string): { value: number; count: number } | null {
  const list = /^\[([^\]]*)\]$/.exec(unquote(v).trim());
  if (!list) return null;
  const values = list[1]!.split(',').map((item) => numberOf(item.trim()));
  if (values.length < 2 || !values.every((n) => Number.isFinite(n) && n > 0)) return null;
  return { value: Math.max(...values), count: values.length };
}

/** A number-valued key read as `<word> N`; "auto" and non-numbers are ignored; a "no limit" sentinel is set aside, said. */
export const numeric =
  (word: string): Handler =>
  (v, ctx) => {
    if (word === 'seq') {
      const longest = longestOfSweep(v);
      if (longest !== null) return { say: `seq ${longest.value}`, note: `${ctx?.pair ?? `${ctx?.current ?? 'length'}: ${v}`} lists ${longest.count} lengths, one run each: the longest, ${longest.value}, is read, as it takes the most memory (say seq N for another)`, weak: true };
    }
    const n = numberOf(v);
    if (Number.isFinite(n) && isNoLimit(n)) return { ignore: true, note: `${ctx?.pair ?? `${ctx?.current ?? word} ${n}`} is the largest integer, a way of saying "no limit": not read as your ${word === 'seq' ? 'length' : word} (say ${word} N for yours)` };
    return Number.isFinite(n) ? say(`${word} ${n}`) : IGNORE;
  };

/**
 * A share of the card's memory (`gpu_memory_utilization`, `--mem-fraction-static`, `--cuda-memory-fraction`),
 * written as a fraction or as a percentage: "I set gpu_memory_utilization to 95%" (rserve8's variations of
 * vllm-project/vllm#4821, c317) is 0.95, where the percentage had left the key unread. A percentage over 100
 * is no share and is left to `numeric`'s own refusal.
 */
export const fraction =
  (word: string): Handler =>
  (v, ctx) => {
    const percent = /^(\d{1,3}(?:\.\d+)?)\s*%$/.exec(unquote(v).replace(/%.*$/, '%'));
    if (percent && Number(percent[1]) > 0 && Number(percent[1]) <= 100) return say(`${word} ${Number(percent[1]) / 100}`);
    return numeric(word)(v, ctx);
  };

/**
 * A card or a model size after a switch's colon ("70b qlora: A6000 vs 4090?") is prose, not the
 * switch's value: no switch takes one, so the text is left for the prose reader.
 */
const PROSE_VALUE = /^(?:[a-z]{0,4}\d{3,5}[a-z]{0,4}|\d+(?:\.\d+)?[bm])$/;

/**
 * So is a word that opens a sentence ("qwen3.5 27b qlora: is 24gb enough", "QLoRA: how much VRAM do I need?",
 * "qlora: what batch fits"): a question word, a verb, a pronoun or an article is no switch's value, and
 * blanking it with the switch had lost the method the user named (read as running the model).
 */
const SENTENCE_WORD = /^(?:is|are|was|were|am|be|how|what|which|why|when|where|who|can|could|does|do|did|will|would|should|shall|may|might|must|i|i'm|im|my|we|our|you|it|its|it's|this|that|these|there|the|a|an|any|some|not|no|but|and|or|so|then|with|without|on|in|at|for|from|to|works?|worked|fails?|failed|runs?|ran|gets?|got|oom|ooms|需要|能|可以|是)$/;

/**
 * "add --use_lora parameter", "the --q_lora flag": the word after a switch in prose names the switch
 * itself, it is no value, and the switch is on (OptimalScale/LMFlow#213, c896; "添加了“--use_lora”",
 * Yuliang-Liu/Monkey#41).
 */
const SWITCH_NOUN = /^(?:parameters?|params?|flags?|options?|arguments?|args?|switch(?:es)?|参数|选项)$/i;

export const flag =
  (on: string, off: string | null = null): Handler =>
  (v) => {
    if (isTrue(v) || SWITCH_NOUN.test(unquote(v))) return say(on);
    if (isFalse(v)) return off ? say(off) : IGNORE;
    return PROSE_VALUE.test(unquote(v)) || SENTENCE_WORD.test(unquote(v)) ? null : IGNORE;
  };

/**
 * One GPU from a config ("devices: 1", "CUDA_VISIBLE_DEVICES=0") is what an estimate assumes when
 * no card is named (memory per GPU): as a count with no card it would only ask "Which GPU?".
 */
const ONE_GPU: KeyReading = { ignore: true, note: 'one GPU, as the config says' };
export const gpus = (n: number): KeyReading => (n === 1 ? ONE_GPU : say(`${n} gpus`));

/**
 * A launcher's count (`CUDA_VISIBLE_DEVICES=0`, `--nproc_per_node 1`, `--num_gpus 1`) is the run's,
 * one device included: beside a machine's larger count said in prose ("4张2080Ti … 指定单卡运行",
 * shuxueslpi/chatGLM-6B-QLoRA#29) it says how many of the cards the run holds (reconcile/cards.ts).
 */
export const launcherGpus = (n: number): KeyReading => say(`${n} gpus`);

export const gpuList: Handler = (v) => {
  const ids = unquote(v).split(/[,\s+]+/).filter((x) => /^\d+$/.test(x));
  return ids.length ? launcherGpus(ids.length) : IGNORE;
};

/**
 * llama.cpp's --device list ("--device CUDA2,CUDA1", ggml-org/llama.cpp#13085, c862 on a machine of three
 * RTX 3090): the devices the model is spread over, counted as a launcher's GPUs; "none" or a single
 * backend name without its number names no count.
 */
export const deviceList: Handler = (v) => {
  const ids = unquote(v).split(/[,\s+]+/).filter(Boolean);
  return ids.every((x) => /^(?:cuda|rocm|vulkan|sycl|metal)\d+$/i.test(x)) ? launcherGpus(ids.length) : IGNORE;
};

/** A launcher's process count: one process per GPU. */
export const launcherCount: Handler = (v) => {
  const n = numberOf(v);
  return Number.isInteger(n) && n > 0 ? launcherGpus(n) : IGNORE;
};

export const count =
  (word: string): Handler =>
  (v) => {
    const n = numberOf(v);
    if (!Number.isInteger(n) || n <= 0) return IGNORE;
    return word === 'gpus' ? gpus(n) : say(`${n} ${word}`);
  };

/** A key only serving engines have (vLLM, TGI) also says the run is served. */
export const serving =
  (handler: Handler): Handler =>
  (v, ctx) => {
    const r = handler(v, ctx);
    if (r === null) return null;
    return 'say' in r ? { ...r, say: `serve ${r.say}` } : { say: 'serve', ...(r.note ? { note: r.note } : {}) };
  };
