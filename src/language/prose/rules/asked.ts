import { gpuIdOf } from '../../lexicon.js';
import { sentenceStart, sentenceStop } from '../../sentence-ends.js';
import type { ProseRule } from '../types.js';

/**
 * A question is the user's words asking it (an interrogative, "which", "should I", "还是"), never a
 * mention: an error message ("incompatible data types (bfloat16 vs. float16)"), a kernel's requirement
 * ("requires A100 or H100"), a title that names what is needed ("Minimum GPU VRAM requirement").
 * The rules here tell the two apart where a comparison or a card question had been made from a mention.
 */

/** The sentence around [at, end): after the last sentence end before it, to the first after it (its end mark kept). */
export function sentenceAround(text: string, at: number, end: number): { before: string; after: string; sentence: string } {
  const start = sentenceStart(text, at);
  const stop = sentenceStop(text, end);
  return { before: text.slice(start, at), after: text.slice(end, stop), sentence: text.slice(start, stop).trim() };
}

/** Words that ask to weigh two things: a question mark, which, whether, should, better, 还是, 哪个. */
const WEIGHS = /[?？]|\b(?:which|whether|should|shall|better|faster|cheaper|recommend\w*|prefer\w*|choose|choosing|pick|vs|versus|compare\w*)\b|还是|哪个|哪种|哪一个|选/i;
/** What a kernel, a library or a model needs, said of it: "requires A100 or H100", "only supports", "needs". */
const REQUIREMENT = /\b(?:requires?|required|requiring|needs|only\s+(?:supports?|works?|runs?)|supported\s+(?:only\s+)?on|is\s+only\s+available\s+on)\b[^.?!\n]{0,40}$/i;

/**
 * Whether two values joined by "or" are said in a statement, not weighed by the user: the sentence
 * asks nothing (no question mark, no word that weighs) and either names a requirement before the pair
 * or ends in a full stop. Returns the sentence (clipped) that states it, or null where it may be asked
 * (a terse request with no full stop, "llama-3-70b lora: a100 or h100").
 */
export function pairStated(text: string, at: number, end: number): string | null {
  const { before, after, sentence } = sentenceAround(text, at, end);
  if (WEIGHS.test(before) || WEIGHS.test(after)) return null;
  if (!REQUIREMENT.test(before) && !/[.。]$/.test(sentence)) return null;
  return sentence.length > 80 ? `${sentence.slice(0, 77)}…` : sentence;
}

/** A precision or a weight format as people write it beside "vs" ("bfloat16", "fp16", "torch.float16", "half"). */
const DTYPE = String.raw`(?:torch\.)?(?:b?float(?:16|32)|[bf]p(?:16|32)|bf16|half|float|int[48]|fp8)`;

export const ASKED_QUESTION_RULES: readonly ProseRule[] = [
  {
    // "some models fail due to incompatible data types (bfloat16 vs. float16)" (kubeai-project/kubeai#395,
    // c1163: read as the question "compare bfloat16 vs float16" over a T4 serving question), "Dtype mismatch in
    // cat: bfloat16 vs float16" (Lightning-AI/lightning-thunder#812 as its title writes it with "and"),
    // "bf16/float RuntimeError - dtype incompatibility" (kohya-ss/sd-scripts#2364): two dtypes a failure names
    // are what clashed, reported, not two precisions the user weighs. The pair is blanked, said.
    id: 'question.compare-in-failure',
    pattern: new RegExp(
      String.raw`(?<=\b(?:incompatible|incompatibility|mismatch(?:ed|es|ing)?|conflict(?:s|ing)?|inconsistent)\b[^.?!\n]{0,40}?)\(?\s*${DTYPE}\s+(?:vs\.?|versus)\s+${DTYPE}\s*\)?`,
      'g',
    ),
    when: (t) => /incompatib|mismatch|conflict|inconsistent/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim().replace(/^\(|\)$/g, '')}" is what a failure reports clashing, not a comparison you ask; not read (say "compare bf16 vs fp16" to weigh them)`);
      return ' '.repeat(m[0].length);
    },
    example: 'However, I am facing issues where some models fail due to **incompatible data types (bfloat16 vs. float16)**',
    source: 'kubeai-project/kubeai#395',
  },
  {
    // "Minimum GPU VRAM requirement for vision model inference" over "I have two RTX A4000 GPUs (16GB
    // VRAM each)" (meta-llama/llama-cookbook#815, c1090: read as "which gpu" beside the user's own cards),
    // "what is the minimum GPU memory for inference and training?" (TencentARC/CustomNet#8), "What is the
    // minimum GPU memory required for inference? I tried … an RTX 4090" (cyw-3d/SAR3D#14): the least memory
    // asked is what every estimate states, not a card to choose. "minimum gpu" alone stays "which gpu".
    id: 'question.minimum-gpu-memory',
    pattern: /\b(?:min(?:imum|imal)?|least|lowest)(?=[\s_-]+(?:gpu|cuda|graphics(?:\s+card)?)[\s_-]+(?:vram|memory|mem|ram)\b)/g,
    when: (t) => /min|least|lowest/.test(t),
    write: (m) => ' '.repeat(m[0].length),
    example: 'Minimum GPU VRAM requirement for vision model inference',
    source: 'meta-llama/llama-cookbook#815',
  },
  {
    // "14B全参数训练…需要多少显卡？假设是A100=40G." (how many cards, assuming A100 40G: QwenLM/Qwen#436, c1023,
    // read as one A100), "这个模型推理需要多少卡？" (Tencent-Hunyuan/Tencent-Hunyuan-Large#11), "需要多少个GPU":
    // the count asked, as 几张 is (prose.chinese-words). Where the user's own count follows at once ("需要多少卡，
    // 8*V100 32G 够吗", zejunwang1/LLMTuner#1, c1021), those cards are the setup asked about: left as written.
    id: 'question.how-many-cards-zh',
    // A card's name after 多少 and its counter ("需要多少个A100的GPU", "最佳配置是多少A100 GPU", deepseek-ai/DeepSeek-V3#295,
    // c2950: read as one A100, silent) is the card counted: "how many" is written before it (branch rask2).
    // The card's memory asked ("需要多少gpu内存才能运行65b", c2962; "多少显卡显存") is the memory, which every estimate states, not
    // a count of cards (branch rques1).
    pattern: /多少(?:个|张|块|台)?(?:(?:显卡|卡|gpus?|张|块)(?![时]|\s*(?:内存|显存|memory|mem|vram|ram)(?![a-z]))|\s*(?=(?:nvidia\s*)?[a-z]{1,4}[ -]?\d{2,4}))/g,
    when: (t) => t.includes('多少'),
    write: (m) => {
      const after = m.input.slice(m.index + m[0].length, m.index + m[0].length + 30);
      if (COUNT_AFTER.test(after)) return m[0];
      // A card named just after ("？假设是A100=40G") is the card counted; else the count is of GPUs. A card
      // with its own count after the question ("？我这边是 2*A800 80G") is the user's: the count asked is of GPUs.
      if (COUNTED_CARD.test(after)) return ' how many gpus ';
      return after.split(/[^a-z0-9-]+/).some((w) => w && gpuIdOf(w)) ? ' how many ' : ' how many gpus ';
    },
    example: '请问14B全参数训练如果使用你们提供的fine-tune.py脚本，需要多少显卡？假设是A100=40G.',
    source: 'QwenLM/Qwen#436',
  },
  {
    // "How many GPUs are you using? I'm using 4 GPUs (40G) under your default setting." (PKU-YuanGroup/Video-LLaVA#32,
    // c1027), "how many GPUs did you use in training the model?" (XLearning-SCU/2023-CVPR-CODE#4), "How many gpus do
    // you use for training?" (fanglaosi/Point-In-Context#1), "How many GPUs did you use to train the models?"
    // (SalesforceAIResearch/LATTE#2): the count of another's run (the authors', the maintainers'), asked to learn
    // theirs, not how many the user's setup needs; as question.gpu-of-another-run for "what GPUs did you use".
    id: 'question.count-of-another-run',
    // Also "I wonder what and how many GPUs you used for training." (Fsoft-AIC/LGD#16), "which GPUs you used to
    // pretrain it": the card or count of theirs, asked in a clause without "did".
    pattern:
      /\bhow\s+many\s+(?:gpus?|cards?|devices?|[a-z]{0,4}\d{2,4}s?)\s+(?:(?:did|do|does)\s+(?:you|they|u|the\s+authors?)\s+(?:use|used|run|train)\w*|(?:are|were)\s+(?:you|they|u)\s+(?:using|running|training)|were\s+(?:being\s+)?used)\b|\b(?:what|which)(?:\s+and\s+how\s+many)?\s+(?:kind\s+of\s+|type\s+of\s+)?(?:gpus?|cards?|graphics\s+cards?)\s+(?:you|they|the\s+authors?)\s+(?:used|trained\s+(?:it|them|on|with)|ran\s+(?:it|them|on))\b/g,
    when: (t) => /how many|what|which/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}" asks about the GPUs of another's run, not what yours needs; not read (say "how many gpus" or "which gpu" to ask that)`);
      return ' '.repeat(m[0].length);
    },
    example: "How many GPUs are you using? I'm using 4 GPUs (40G) under your default setting.",
    source: 'PKU-YuanGroup/Video-LLaVA#32',
  },
  {
    // "The number of required GPUs exceeds the total number of available GPUs in the cluster." (Xinference's error,
    // xorbitsai/inference#1183, c349), "excessive memory usage that doesn't scale with the number of GPUs."
    // (verl-project/verl#2898, c755), "the parameter number of deepseek-vl2 is smaller than deepseek-vl"
    // (deepseek-ai/DeepSeek-VL2#79, c1019): a number of GPUs said in a statement, or a number of parameters, is
    // no "how many" asked. Blanked; a count stated after it ("number of gpus: 8") is prose.number-of's.
    id: 'question.number-of-stated',
    pattern: /\bparam(?:eter)?s?\s+number\s+of\b|\b(?:the\s+)?(?:total\s+)?number\s+of(?=\s+(?:(?:required|available|used|visible)\s+)?(?:gpus?|cards?|devices?)\b(?!\s*(?:[:=]|[-–]\s*\d|is\s+\d|was\s+\d)))/g,
    when: (t) => t.includes('number of'),
    write: (m) => {
      if (/^param/.test(m[0])) return ' '.repeat(m[0].length);
      const { before, after, sentence } = sentenceAround(m.input, m.index, m.index + m[0].length);
      if (!/[.。]$/.test(sentence) || ASKS_COUNT.test(before) || ASKS_COUNT.test(after)) return m[0];
      return ' '.repeat(m[0].length);
    },
    example: 'The number of required GPUs exceeds the total number of available GPUs in the cluster.',
    source: 'xorbitsai/inference#1183',
  },
];

/** Words that ask a count in a sentence: how, what, minimum, need, enough (fact-cues.ts's, less the question mark, which the sentence's end shows). */
const ASKS_COUNT = /\b(?:how|what|which|min(?:imum|imal)?|least|fewest|need(?:ed|s)?|enough|suffic\w*)\b/i;

/** A count and its card after the question, past its end ("？我这边是 2*A800 80G", "? 我有4张4090"). */
const COUNTED_CARD = /[?？。.]\s*[^?？。.\n]{0,12}?(?:\d{1,3}|[一二两三四五六七八十]{1,2})\s*(?:[*x×]|张|块|卡|台)\s*[a-z]/i;

/** A count of cards said right after the question ("，8*V100", "，两张A100"): the user's own. */
const COUNT_AFTER = /^\s*[，,、:：]?\s*(?:\d{1,3}|[一二两三四五六七八十]{1,2})\s*(?:[*x×]|张|块|卡|台)/;
