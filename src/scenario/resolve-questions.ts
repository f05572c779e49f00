import type { Item } from '../language/items.js';
import { parseRequest } from '../language/parse.js';
import { holdsSentenceEnd } from '../language/sentence-ends.js';
import type { ErrorReply } from '../reply/types.js';
import type { Resolution } from './resolution.js';
import type { Scenario } from './schema.js';

/** The last steps of a resolution (resolve-steps.ts): the question asked, and what a follow-up kept from its thread. */

/**
 * A follow-up that names another model and other GPUs reads like a new setup, yet the thread's
 * length, batch and engine switches still apply to it: the reply says which it kept.
 */
export function keptFromThreadStep(r: Resolution): null {
  const s = r.s;
  if (r.isNew || !r.patch.has('model') || !(r.patch.has('gpuType') || r.patch.has('gpuCount'))) return null;
  const kept = [
    !r.patch.has('seq') && s.seq !== 2048 ? `seq ${s.seq}` : null,
    !r.patch.has('mbs') && s.microBatch !== 1 ? `micro-batch ${s.microBatch}` : null,
    !r.patch.has('eager') && s.mode === 'inference' && s.inference.enforceEager ? 'enforce eager' : null,
  ].filter((k): k is string => k !== null);
  if (kept.length) r.assume(`kept from the thread: ${kept.join(', ')} (say them again to change them)`);
  return null;
}

/** "A6000 vs 4090": the sides name the cards, so "no GPU named" would not be true. */
export function comparesCards(r: Resolution): boolean {
  const question = r.patch.value<Scenario['question']>('question');
  return question?.kind === 'compare' && sideNames(question.a, ['hardware']);
}

export function questionsStep(r: Resolution): ErrorReply | null {
  const s = r.s;
  const question = r.patch.value<Scenario['question']>('question');
  // "I want to ask about minimum gpus to do this. My hardware is 8 * A100 80GB" (01-ai/Yi#349's thread, c413),
  // "How many GPUs are needed to train a 7B model" over "use 8*H800(80g) train qwen2-vl-7B, but OOM" (c898),
  // "不太清楚需要用多少GPU资源" beside "4张4090" (c1268), "how many A100 GPUs are required" over "three A800-80G
  // cards" (c1012): a count of cards the same message states is the setup the count question is asked of;
  // the estimate on those cards answers it (does it fit, or how far off). Said, as the thread's count does below.
  if (question?.kind === 'howMany' && countStatedApart(r)) {
    r.assume(`"how many ${question.gpuId ?? 'GPUs'}" is read as asking whether your stated cards fit, so those are estimated (say "how many gpus" alone to count)`);
    s.question = { kind: 'none' };
  } else if (question?.kind === 'whichGpu' && cardNamedApart(r)) {
    // "what are the system requirements for finetuning MiniCPM-Llama3-V-2_5" over "Total Number of GPUS : 4 /
    // Total GB available per GPU : 24GB" on a g5.12xlarge (OpenBMB/MiniCPM-V, c1501), "run this reference app on
    // GTX 4070 Ti?" beside "my system configuration" (NVIDIA/TensorRT-LLM, c1342), "This is the minimum GPU
    // requirement" beside "4x A6000" (c786): the card the message names is the user's, and answers "which GPU"
    // as a follow-up's card does below. Said.
    r.assume('"which GPU" is read as asking whether your named cards fit, so those are estimated (say "which gpu" alone to rank cards)');
    s.question = { kind: 'none' };
  } else if (question) {
    s.question = question;
    // "how much compute would I need to do DPO on a 7B?" (question-needs.ts): no card named, so the count is of the
    // solver's default card (plan/how-many.ts), said with its switch, never counted in silence.
    if (question.kind === 'howMany' && !question.gpuId && !s.hardware?.gpuId) r.assume('no card named: the GPUs are counted as H100 80GB (say "how many A100" to count another card)');
  }
  // "how many A100s …?" then "32 GPUs of 80 GB": a GPU count answers the how-many question.
  else if (s.question.kind === 'howMany' && (r.patch.has('gpuCount') || r.patch.has('nodes'))) s.question = { kind: 'none' };
  // "what is the minimum GPU compute requirement …?" then "I only have A100 40G GPUs and I'm facing OOM"
  // (huggingface/open-r1#100, c785); "7B Fine-tuning GPU requirements" then "I have only one RTX 3090 card"
  // (meta-llama/llama-cookbook#100): a card the follow-up names is the user's, and answers the thread's
  // "which GPU" — ranking cards would set the user's own aside in silence.
  else if (s.question.kind === 'whichGpu' && r.patch.has('gpuType')) {
    r.assume('the thread asked which GPU; this message names yours, so it is the card estimated (say "which gpu" to rank cards again)');
    s.question = { kind: 'none' };
  }
  // "difference between Llama 3 8b and Llama 2 7b" then "llama 3 8b will consume around 20g on a 4090":
  // a follow-up that names one model answers for that model; the comparison of models ends, said.
  else if (s.question.kind === 'compare' && r.patch.has('model') && !r.isNew && sideNames(s.question.a, MODEL_KINDS)) {
    r.assume(`the comparison "${s.question.a} vs ${s.question.b}" ends here: this message names one model (say "compare" again for both)`);
    s.question = { kind: 'none' };
  }
  s.help = [...r.patch.help];
  const chart = r.patch.value<Scenario['chart']>('chart');
  if (chart) s.chart = chart;
  return null;
}

/**
 * The message states a count of cards outside the sentence that asks how many (one "，" apart, "我有 4 张 A100 80G，…how many
 * gpus？", it may ask whether those fit or how many more: left the weak question fact-doubts.ts makes it): "how many nodes each having 8
 * H100s do I need" (c126) counts nodes of the cards it states, and stays the question.
 */
function countStatedApart(r: Resolution): boolean {
  const asked = r.patch.get('question')?.item;
  const count = r.patch.get('gpuCount')?.item ?? r.patch.get('nodes')?.item;
  if (!asked || !count || /node|machine|server|节点|机器/i.test(asked.text)) return false;
  return apart(r, count);
}

/**
 * A Chinese question closed by its particle and a comma: "需要多少张A100（80G）吗，32卡oom了" (hiyouga/EasyR1, c1804: how
 * many are needed?, 32 cards ran out of memory). 吗 ends the question as "?" would; the clause after it states.
 */
const QUESTION_PARTICLE_END = /[吗呢嘛][)）]?\s*[，,]/;

/** A sentence's end between the question and the item (language/sentence-ends.ts: not the dot in "qwen2.5"). */
function apart(r: Resolution, item: { at: number; end: number }): boolean {
  const asked = r.patch.get('question')?.item;
  if (!asked) return false;
  const between = item.end <= asked.at ? r.patch.text.slice(item.end, asked.at) : r.patch.text.slice(asked.end, item.at);
  return holdsSentenceEnd(between) || QUESTION_PARTICLE_END.test(between);
}

/** The message names a card by its type (not a memory alone: "8*24G" asks which card of that memory, c167) outside the sentence that asks "which GPU". */
function cardNamedApart(r: Resolution): boolean {
  const card = r.patch.get<{ gpuId: string | null }>('gpuType');
  return !!card?.value.gpuId && apart(r, card.item);
}

/** A comparison side that names a thing of these kinds: a model ("llama 3 8b", "13b"), a card ("a6000"). */
function sideNames(side: string, kinds: readonly Item['kind'][]): boolean {
  const read = parseRequest(side);
  return read.ok && read.items.some((i) => kinds.includes(i.kind));
}
const MODEL_KINDS: readonly Item['kind'][] = ['model', 'size', 'hub'];
