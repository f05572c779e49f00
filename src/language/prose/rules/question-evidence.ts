import type { ProseRule } from '../types.js';
import { sentenceAround } from './asked.js';

/**
 * A question needs the user's own words asking it (issue 22: evidence for every fact). Three kinds of words
 * had been read as a question nobody asked, in silence (b86–b87 at first sight: the question was the most
 * common silent field), and one way of asking a count in Chinese had been missed:
 * - "which GPUs" in a clause that says what a setting does ("`CUDA_VISIBLE_DEVICES=0` specifies which GPUs to
 *   use", c2909): an embedded clause after a verb said of a thing, not an interrogative;
 * - a table's column header ("| Hardware Requirements |", c2921): it names what the cells below hold;
 * - "A vs B" in a change a list reports ("3. Clarified full precision vs quantized requirements", c2918): the
 *   work done, not two options weighed;
 * - 几 / 多少 with a card noun or a card's name ("需要几张卡", "需要多少个A100的GPU", c2950), or after the card noun
 *   in a list of what is asked ("gpu显存多大，几个", c2956): the count of cards asked.
 * Each blank is said in the reply with the words it came from.
 */

/**
 * A verb said of a thing (third person or past), just before "which/what GPUs": "specifies", "controls",
 * "tells accelerate" (one object word between). "tell me which gpu" is a request to the bot and stays asked.
 */
const STATED_BY = new RegExp(
  String.raw`\b(?:specifies|specified|controls|controlled|determines|determined|selects|selected|decides|decided|chooses|chose|picks|picked|sets|defines|defined|configures|configured|limits|limited|restricts|restricted|indicates|indicated|governs|lists|listed|shows|showed|says|tells|told|sees|saw)(?:\s+(?!me\b|us\b)[\w.-]+)?\s+$`,
);
/** Words that ask in the sentence all the same: a question mark, a request for advice, "I want to know". */
const STILL_ASKS = /[?？]|\b(?:know|wonder\w*|unsure|not\s+sure|advi[cs]e|recommend\w*|suggest\w*|should|help\s+me|tell\s+(?:me|us)|any\s+idea)\b/;

/** A card question's words in a table's cell: the requirement, the card recommended or asked. */
const HEADER_WORDS = String.raw`\b(?:(?:hardware|gpu|system|pc|computer|machine)\s+(?:requirements?|reqs?|specs?|specifications?|configurations?|recommendations?)|(?:which|what|recommended|suggested|minimum|min)\s+(?:gpus?|hardware|cards?))\b|硬件(?:要求|需求|配置)|显卡(?:要求|需求)`;

/** A line of a table: it opens with its first cell's bar (after spaces) and holds another. */
const TABLE_ROW = /^[ \t]*\|[^\n]*\|/;

/**
 * A verb of work done that opens the change's sentence or list item (after its marker, a subject, an adverb):
 * "Clarified", "Added", "We benchmarked", "I measured", "explained" after a title's colon.
 */
const REPORTED_CHANGE = new RegExp(
  String.raw`(?:^|[:;]\s*|\b(?:i|we|they|this\s+(?:pr|commit|change|patch))\s+)(?:also\s+|have\s+|has\s+|had\s+)?(?:added|clarified|updated|included|fixed|improved|documented|compared|benchmarked|measured|tested|removed|changed|explained|described|listed|noted|moved|renamed|replaced|rewrote|wrote|refactored|reorgani[sz]ed|expanded|extended|adjusted)\b`,
);
/** Words that weigh the two in the same sentence (asked.ts's WEIGHS, less "vs" and the "compared" of a report). */
const WEIGHS_STILL = /[?？]|\b(?:which|whether|should|shall|better|faster|cheaper|recommend\w*|prefer\w*|choose|choosing|pick)\b|还是|哪个|哪种|吗/;

/** A list marker or a quote mark at a line's start ("3. ", "- ", "* ", "+ ", "> "). */
const LIST_MARKER = /^\s*(?:\d{1,2}[.)]|[-*+>•])\s+/;

/** Words that ask a count in Chinese: a question mark, need, please, 吗 / 呢, 多少; or a title with no end mark. */
const ASKS_ZH = /[?？]|需要|需|要|请问|吗|呢|多少|多大/;

/**
 * A verb's completed aspect just before the count (了 / 过: "模型重复加载在了几张显卡上", loaded onto several cards, c3211; "用了几张卡"):
 * a few, in a statement of what happened, not a count asked (branch rques1).
 */
const SAID_DONE_ZH = /(?:了|过)\s*$/;

/** "No matter / however many" before the count: any count, not one asked (无论 / 不管 / 不论). */
const CONCESSIVE_ZH = /(?:无论|不管|不论)[^，,。.]{0,12}$/;

export const EVIDENCE_QUESTION_RULES: readonly ProseRule[] = [
  {
    // "- `CUDA_VISIBLE_DEVICES=0` specifies which GPUs to use (in this case, GPUs 0 )" (open-thought/reasoning-gym#381,
    // c2909: read as the card question over a GRPO run on one GPU, silent), "device_map tells accelerate which GPUs
    // to place the layers on", "the launcher decides which GPU each rank gets": the words after a verb said of a
    // thing name what it does. Blanked, said; "I want to know which GPU to buy" and "tell me which gpu" still ask.
    id: 'question.which-in-statement',
    pattern: /\b(?:which|what)(?=\s+(?:gpus?|graphics\s+cards?|cards?|devices?)\b)/g,
    when: (t) => /which|what/.test(t),
    write: (m, notes) => {
      const { before, sentence } = sentenceAround(m.input, m.index, m.index + m[0].length);
      if (!STATED_BY.test(before) || STILL_ASKS.test(sentence)) return m[0];
      const verb = /([\w.-]+(?:\s+[\w.-]+)?)\s+$/.exec(before)?.[1] ?? '';
      notes.push(`"${verb} ${m[0]} …" says what a setting does, not a card you ask for; no question read (say "which gpu" to ask)`);
      return ' '.repeat(m[0].length);
    },
    example: '- `CUDA_VISIBLE_DEVICES=0` specifies which GPUs to use (in this case, GPUs 0 )',
    source: 'open-thought/reasoning-gym#381',
  },
  {
    // "| Model Descriptor | HuggingFace Repo | Context Length | Hardware Requirements |" over the row "| Llama-2-70b | … |
    // 3 GPUs, each >= 48GB VRAM |" (meta-llama/llama-models#94, c2921: read as the card question, silent): a table's
    // column header names what its cells hold. Blanked, said; the row's own values are read as before.
    id: 'question.table-header',
    pattern: new RegExp(HEADER_WORDS, 'g'),
    when: (t) => t.includes('|'),
    write: (m, notes) => {
      const lineStart = m.input.lastIndexOf('\n', m.index) + 1;
      const lineEnd = m.input.indexOf('\n', m.index);
      const row = m.input.slice(lineStart, lineEnd < 0 ? m.input.length : lineEnd);
      if (!TABLE_ROW.test(row)) return m[0];
      notes.push(`"${m[0]}" is a table's column header, not a question you ask; no question read (say "which gpu" to ask)`);
      return ' '.repeat(m[0].length);
    },
    example: '| Model Descriptor | HuggingFace Repo | Context Length | Hardware Requirements |',
    source: 'meta-llama/llama-models#94',
  },
  {
    // "3. Clarified full precision vs quantized requirements (Float16/BF16 ≈19 GB, INT4 ≈5 GB)" (google-deepmind/
    // gemma#403, c2918: read "compare full precision vs bf16", silent), "- Updated the A100 vs H100 table", "We
    // benchmarked lora vs qlora": the work a change or a user reports, not two options the user weighs. As
    // question.compare-in-change-title does for a title: "vs" and the other side are blanked, said.
    id: 'question.compare-in-change-list',
    pattern: /\b(?:vs\.?|versus)[ \t]+(?:the[ \t]+)?[\w.+-]+/g,
    when: (t) => /\bvs\b|versus/.test(t),
    write: (m, notes) => {
      const { before, sentence } = sentenceAround(m.input, m.index, m.index + m[0].length);
      if (!REPORTED_CHANGE.test(before.replace(LIST_MARKER, '').trimStart()) || WEIGHS_STILL.test(sentence)) return m[0];
      notes.push(`"${m[0].trim()}" is in a change or a result you report, not a comparison you ask; the other side not read (say "compare A vs B" to weigh them)`);
      return ' '.repeat(m[0].length);
    },
    example: '3. Clarified full precision vs quantized requirements (Float16/BF16 ≈19 GB, INT4 ≈5 GB)',
    source: 'google-deepmind/gemma#403',
  },
  {
    // "需要几张卡", "需要几个gpu", "要几块显卡" (how many cards does it need): 几 and a counter before the card noun ask
    // the count, as 多少张 does (question.how-many-cards-zh); only 几张 before a card's name was read (phrasing.ts).
    // "用了几张卡跑，都 oom 了" (used a few cards) says a few, in a statement, and "无论使用几张卡都报oom" (however many cards I
    // use, it OOMs: c2423, OpenBMB MiniCPM-V) says any count: left as written.
    id: 'question.how-many-cards-ji-zh',
    // A card's name after the counter ("需要几个H100") is the card counted: "how many" is written before it.
    pattern: /几\s*(?:个|张|块|片)?\s*(?:(?:显卡|gpus?|卡)(?![时]|\s*(?:内存|显存|memory|mem|vram|ram)(?![a-z]))|(?=(?:nvidia\s*)?[a-z]{1,4}[ -]?\d{2,4}))/g,
    when: (t) => t.includes('几'),
    write: (m) => {
      const { before, sentence } = sentenceAround(m.input, m.index, m.index + m[0].length);
      if (!ASKS_ZH.test(sentence) || CONCESSIVE_ZH.test(before) || SAID_DONE_ZH.test(before)) return m[0];
      return /[a-z卡]$/.test(m[0]) ? ' how many gpus ' : ' how many ';
    },
    example: '全量微调13b需要几张卡？',
  },
  {
    // "gpu显存多大，几个。" (how much GPU memory, how many: zjunlp/KnowLM#10, c2956, read as "which gpu" from the title's
    // 什么硬件), "显存多大，几张？", "gpu几个？": the count asked after the card noun or its memory, in a list of asks.
    id: 'question.count-after-card-zh',
    pattern: /(?<=(?:gpus?|显卡|显存|卡)(?:多大|多少)?[，,、]?\s*)几(?:个|张|块)(?=\s*(?:[。？?，,、.!！\n]|$))/g,
    when: (t) => t.includes('几'),
    write: () => ' how many gpus ',
    example: '全量微调或预训练13b需要什么硬件需求\n\ngpu显存多大，几个。',
    source: 'zjunlp/KnowLM#10',
  },
];
