import { findGpu, gpuById } from '../catalog/index.js';
import type { DiagnosisReply } from '../reply/types.js';
import type { Scenario } from '../scenario/schema.js';
import { segmentsOf } from '../language/segments/index.js';
import { bf16Action, FP16_MAX, FP32_BASELINE } from './explain/numerics.js';

/**
 * A question about NaN or divergence asked in words ("my loss goes NaN with fp16 on a V100",
 * "loss diverges after 2k steps bf16", "grad norm inf", or `nan` typed in a thread), as opposed
 * to a pasted log (readPaste's detectors): it gets the NaN triage first, read against what the
 * question and the thread say about precision and card (issue 24). Memory is not the problem a
 * NaN is, so the estimate is one click away, not the answer.
 */
const NAN_WORDS = /\b(?:nan|nans|inf|infs|infinity|diverg(?:e|es|ed|ing|ence))\b/gi;
const ANY_NAN_WORD = new RegExp(NAN_WORDS.source, 'i');
const BLOW_UP = /\b(?:loss|grad(?:ient)?s?|norm)\b[^.?!\n]{0,40}\b(?:spik(?:e|es|ed|ing)|explod(?:e|es|ed|ing)|blows? up|blew up)\b|(?:loss|梯度|损失)[^。？！\n]{0,10}(?:爆炸|发散)/i;
const SPIKE_WORDS = /\b(?:after|at|around|from) (?:step )?\d|\bsteps?\b|\bspik|\bexplod|\bblows? up|\bblew up|\bdiverg|\bsuddenly|\bmid[- ]?run/i;
const FROM_START = /\b(?:first step|from the start|immediately|right away|step 0|step 1)\b/i;

/**
 * What a NaN is said of, in its clause: the loss, the gradients, the logits … or the run that
 * gets one ("I keep getting NaN", "training goes nan"). A clause with the word and none of these is
 * no question about numerics: a signature ("Thank you.⏎⏎Nan", c1078), a name.
 */
const NAN_SUBJECT = /\b(?:loss(?:es)?|grad\w*|norms?|logits?|outputs?|weights?|activations?|values?|tensors?|training|train(?:s|ed)?|fp16|bf16|fp32|overflow\w*|scaler?|get|gets|got|getting|produc\w+|return\w*|becom\w+|turn\w*|go|goes|going|went|gone)\b|损失|梯度/i;

/** A NaN word that is part of a name: DeepSpeed's ZeRO-Infinity ("enable deepspeed infinity", c3562), "inf-llm" (c952), "nan_to_num". */
function inName(clause: string, at: number, end: number): boolean {
  return /(?:deepspeed|zero)[\s_-]*$/i.test(clause.slice(0, at)) || /^[-_.]\w/.test(clause.slice(end)) || /\w[-_.]$/.test(clause.slice(0, at));
}

/** A clause of the user's prose asks about NaN: a NaN word said of the loss, the gradients or the run, or a blow-up. */
function asksAboutNan(clause: string): boolean {
  if (BLOW_UP.test(clause)) return true;
  return NAN_SUBJECT.test(clause) && [...clause.matchAll(NAN_WORDS)].some((m) => !inName(clause, m.index, m.index + m[0].length));
}

/**
 * The message asks about NaN or divergence: in its own prose, never in a pasted config, log or
 * command (a config's "# detect nan or inf values" comment is no question; a NaN log is
 * readPaste's), at any length; or it is the topic alone ("nan", "nan?", "loss nan").
 */
export function isNanQuestion(text: string): boolean {
  if (/^\s*(?:\S+\s+){0,2}(?:nan|nans|inf)\s*[?？!]?\s*$/i.test(text)) return true;
  // Every message comes through here: the segments are cut only for one that has such a word at all.
  if (!ANY_NAN_WORD.test(text) && !BLOW_UP.test(text)) return false;
  return proseOf(text).split(/[.?!;\n。？！；]+/).some(asksAboutNan);
}

/** The user's own words: a pasted config's "fp16: false" or a log's "step 0" says nothing about the question. */
function proseOf(text: string): string {
  return segmentsOf(text)
    .filter((s) => s.kind === 'prose' && !s.fenced)
    .map((s) => text.slice(s.userStart, s.userEnd))
    .join('\n');
}

export type Precision = 'fp16' | 'bf16' | null;

/** The precision the question's prose names, else the setup's (stated or the thread's). */
function precisionOf(text: string, scenario: Scenario | null): Precision {
  if (/\bfp16\b|\bhalf\b|\bfloat16\b/i.test(text)) return 'fp16';
  if (/\bbf16\b|\bbfloat16\b/i.test(text)) return 'bf16';
  return scenario?.compute === 'fp16' ? 'fp16' : scenario?.compute === 'bf16' ? 'bf16' : null;
}

/** The card the question's prose names ("on a V100"), one or two words at a time, else the setup's. */
function cardOf(text: string, scenario: Scenario | null): string | null {
  const words = text.split(/[\s,;:()]+/).filter((w) => w !== '');
  for (let i = 0; i < words.length; i++) {
    const gpu = findGpu(`${words[i]}${words[i + 1] ?? ''}`) ?? findGpu(words[i]!);
    if (gpu) return gpu.id;
  }
  return scenario?.hardware?.gpuId ?? null;
}

/**
 * The NaN triage for a question, against `setup` (the thread's scenario or one the message
 * states) when there is one: `memoryRequest` is then the request whose estimate a button shows.
 */
export function nanTriage(text: string, setup: { scenario: Scenario; request: string } | null): DiagnosisReply {
  const scenario = setup?.scenario ?? null;
  const prose = proseOf(text);
  const precision = precisionOf(prose, scenario);
  const gpuId = cardOf(prose, scenario);
  const card = gpuId ? gpuById(gpuId) : null;
  const spike = SPIKE_WORDS.test(prose) && !FROM_START.test(prose);
  const start = spike
    ? 'A blow-up mid-run: lower the learning rate (or lengthen warm-up), clip gradients at 1.0, and find the batch that triggered it.'
    : 'From the first step: check the data (labels outside the vocabulary, every label masked, empty inputs) and that the weights loaded without missing keys.';
  // No log was pasted, so there is no evidence to list: what was read goes in the source line.
  const evidence: string[] = [];
  const read = [precision ?? 'precision not said', ...(card ? [`${card.name}${card.bf16 ? '' : ' (no bf16)'}`] : [])].join(', ');
  const paste = 'Paste the training log lines (loss, grad_norm, loss scale) and I will read them.';
  const memory = setup ? [] : ['For a memory estimate as well, name the model and the setup (e.g. "13b lora fp16 on a V100").'];
  if (precision === 'fp16') {
    return triage('nan-fp16', `A NaN under fp16 is most likely overflow: fp16's largest value is ${FP16_MAX}, and the loss scaler should catch it.`, evidence, [
      bf16Action(gpuId),
      'Staying on fp16: keep the loss scaler on and log scaler.get_scale(); a scale that keeps halving confirms overflow. Clip gradients at 1.0.',
      start,
      FP32_BASELINE,
      paste,
      ...memory,
    ], setup, read);
  }
  if (precision === 'bf16') {
    return triage('nan-bf16', 'A NaN or diverging loss under bf16 is not a range problem (bf16 has fp32\'s range): look at the learning rate, clipping and the data.', evidence, [
      start,
      'Clip gradients at 1.0 (max_grad_norm) and lower the learning rate; check the warm-up.',
      'Look for log(0), division by a zero norm, and labels outside the vocabulary.',
      FP32_BASELINE,
      paste,
      ...memory,
    ], setup, read);
  }
  return triage('nan-unknown', 'A NaN loss is most likely fp16 overflow under fp16, and the learning rate, clipping or the data under bf16.', evidence, [
    'Which precision is it? Under fp16, move to bf16 if the card has it; under bf16, clip gradients at 1.0 and lower the learning rate.',
    start,
    FP32_BASELINE,
    paste,
    ...memory,
  ], setup, read);
}

function triage(cause: string, headline: string, evidence: string[], actions: string[], setup: { request: string } | null, read: string): DiagnosisReply {
  return {
    kind: 'diagnosis',
    cause,
    source: `your question about NaN / divergence (${read})`,
    headline,
    evidence,
    actions,
    levers: [],
    comparison: null,
    readable: true,
    ...(setup ? { memoryRequest: setup.request } : {}),
  };
}
