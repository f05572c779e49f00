import { gpuIdOf } from '../../lexicon.js';
import type { ProseRule } from '../types.js';
import { sentenceAround } from './asked.js';
import { ANOTHERS } from './question-cues.js';
import { LENGTH_LIMIT_REACHED } from '../../length-limit-phrases.js';

/**
 * A question about a requirement, asked and not answered as a setup (branch rques3, s47; docs/reading.md "The question
 * slot: a requirement doubted, a count of machines, a cap complained of"). Of the 9 silent misreadings of the last fresh
 * batches, 3 answered a setup where the user asked: a count the user doubts ("does a 35B really need 8 cards?",
 * 非得8卡吗, "4장은 있어야 하나요?"), a count asked in machines or nodes ("how many nodes", 多少台机器, 서버 몇 대, 何ノード), and
 * a cap complained of ("input capped at 2048 tokens", 最大长度只能2048, 4096으로 고정). Each rule is one of those causes,
 * written from invented lines first (test/language/rques3-invented.test.ts). The hardware stage has already written a
 * count with its card as `Nx <card>` ("16x h100", "2x 4090", "4x a100-80g"), so the counts read here are in that form or
 * bare ("4 gpus", "8张卡", "GPU 4개").
 */

/** A count of cards: the hardware stage's "16x h100" / "2x 4090" / "4x a100-80g", or a count with a card noun. */
const COUNT = String.raw`(?<![\w.-])(?:(\d{1,4})x\s?([a-z][\w.-]*\d[\w.-]*|\d{3,4}[\w-]*)|(\d{1,4}|one|two|three|four|five|six|eight|ten|twelve|sixteen)\s*(?:gpus?|cards?|graphics\s+cards?|accelerators?|张卡|块卡|张显卡|块显卡|卡|张|块)|(?:gpus?|그래픽\s*카드)\s*(\d{1,2})\s*(?:개|장))(?![\w.])`;

/** A need right before the count ("really require", "needs at least", "have to buy", 必须要, 非得, 真的需要). */
const NEED_BEFORE = /(?:\b(?:really|actually|truly|definitely|absolutely|seriously)\s+)?(?:\b(?:need|needs|require|requires|take|takes|must\s+(?:have|use|get|buy|rent)|(?:have|has)\s+to\s+(?:buy|rent|get|have|use)|call\s+for|calls\s+for|demand|demands)\b|必须要?|必需|非得要?|非要|需要|need|要|得)\s*(?:\b(?:at\s+least|a\s+minimum\s+of|minimum|min|like|about|around|only|all)\b\s*|至少|最少|起码)?\s*$/;
/**
 * A need right after the count: its irony ("just to run", "only to serve"), the count called the minimum ("the minimum",
 * "minimum?"), the Korean and Japanese requirement (은 있어야, 가 꼭 필요, ないと, が必要, 才能).
 */
const NEED_AFTER = /^\s*(?:(?:just|only|simply)\s+to\s+(?:run|serve|load|train|fine-?tune|finetune|host|do|infer|use)\b|(?:is|are)?\s*(?:the\s+)?(?:bare\s+)?(?:minimum|min)\b|(?:at\s+)?minimum\b|(?:은|는|이|가|을|를|도)?\s*(?:꼭\s*|반드시\s*|최소\s*)?(?:있어야|필요|필수|써야|사용해야)|(?:が|は|も)?\s*(?:ないと|無いと|なければ|必要|いる[?？]|要る|必須)|才(?:能|可以|行|够))/;
/** The sentence doubts or asks: a question mark, "really", "is it true", "is that right", "seriously", "can't believe", 吗, 是不是, 真的, 하나요, ですか. */
const DOUBT = /[?？]|\b(?:really|actually|is\s+it\s+true|is\s+that\s+(?:right|true|correct|so)|right\s*$|seriously|can'?t\s+believe|wow|just\s+to|only\s+to|do\s+(?:i|we|you)|does\s+(?:it|this|that)|would|will|must\s+i|am\s+i|question)\b|吗|么|是不是|真的|非得|非要|难道|나요|까|인가요|ですか|か[?？。]?$|無理|无理|本当/;
/** A stop inside a sentence: a full stop not in a number ("qwen2.5"), 。, !, ?, a line end. */
const STOP = /\.(?!\d)|[。!！?？\n]/g;

/** Said of a run known, not doubted: "since it needs", "I know it needs", "as the docs say", a past report ("used to need", "使用了vllm后，要两张A100才能跑起来", c549). */
const KNOWN = /\b(?:since|because|as|given|know|knew|heard\s+that|used\s+to|already|previously|before)\b[^,.;!?]{0,40}$|既然|因为|以前|了[^。.!?？吗]{0,12}$/;
/** The user's own hardware in the message ("I have", "we've got", "my 4090s", "on my", 我有, 手上, 제, 私の). */
const OWNED = /\b(?:i|we)\s+(?:have(?!\s+to)|got|own|run|ran|use|am\s+using|are\s+using)\b|\b(?:i|we)'ve\s+got\b|\b(?:my|our)\s+(?:\d|[a-z]{0,4}\d{2,4}|gpus?|cards?)|我(?:有|们有|手上|手里|用)|手头|现有|(?:^|\s)(?:제|내)\s|저는[^?]*있|私の|手元/;
/** The first person needing it ("I need 8 cards", 我要 / 我需要): a want, not a doubt, unless asked ("do I need"). */
const FIRST_NEED = /(?:(?<!\b(?:do|would|will|should|must|shall)\s+)\b(?:i|we)\s+(?:need|require|must)|我(?:们)?(?:需要|要))\s*(?:\b(?:at\s+least|about|around)\s+)?$/;

/** A card counted with its memory only ("one 24GB card", "2 80gb gpus"): hardware stated too. */
const CARD_WITH_MEMORY = /(?<![\w.])(?:\d{1,3}|one|two|a|an|single)\s+\d{1,3}\s*(?:gb|g)\s+(?:cards?|gpus?)\b/;

/** The card id of a count's card words ("h100", "4090", "a100-80g"), or null for a bare card noun. */
function cardId(words: string | undefined): string | null {
  if (!words) return null;
  // As written first: an "s" may be the card's own ("l40s"), or a plural ("h100s").
  for (const w of [words, words.replace(/s$/, '')]) {
    const id = gpuIdOf(w) ?? gpuIdOf(w.replace(/-\d+g$/, ''));
    if (id) return id;
  }
  return null;
}

/** A doubted count written as the question: "how many <card>" (or "how many gpus"), the count said in a note. */
function doubtedCount(m: RegExpExecArray, notes: string[]): string {
  const text = m.input;
  const at = m.index;
  const end = at + m[0].length;
  const { before, after } = sentenceAround(text, at, end);
  // The doubt is asked in the count's own sentence, cut at every stop (a full stop the chat stage wrote with no space
  // after it, "达到了160g.这个…吗", c549, no longer joins the next sentence's question to a report).
  const from = Math.max(...[...before.matchAll(STOP)].map((s) => s.index + s[0].length), 0);
  const to = after.search(STOP);
  const sentence = (before.slice(from) + m[0] + (to < 0 ? after : after.slice(0, to + 1))).trim();
  const needed = NEED_BEFORE.test(before) || NEED_AFTER.test(after);
  if (!needed || !DOUBT.test(sentence) || KNOWN.test(before) || FIRST_NEED.test(before)) return m[0];
  if (OWNED.test(text) || ANOTHERS.test(sentence)) return m[0];
  // Another count of cards the message states outside this one is the setup asked about ("on 4x L40S, since 70b needs …").
  const rest = text.slice(0, at) + ' '.repeat(m[0].length) + text.slice(end);
  if (new RegExp(COUNT).test(rest) || CARD_WITH_MEMORY.test(rest)) return m[0];
  const count = m[1] ?? m[3] ?? m[4]!;
  const card = m[2];
  const id = cardId(card);
  if (card && !id) return m[0];
  const asked = id ? `how many ${gpuIdOf(card!) ? card : card!.replace(/s$/, '')}` : 'how many gpus';
  notes.push(`you asked whether it needs ${count}${card ? ` ${card}` : ' cards'} ("${sentence.length > 70 ? `${sentence.slice(0, 67)}…` : sentence}"): read as the question "${asked}" (the fewest that fit), not a setup of ${count} — say "on ${count}x ${card ?? 'gpus'}" if you have them`);
  return ` ${asked} `.padEnd(m[0].length);
}
/**
 * A count asked in machines, nodes, servers, hosts or boxes: "how many nodes", "minimum number of machines", "node
 * count", "how many 8xH100 boxes", "how many nodes each having 8 H100s" (c126: the card a node holds is the card counted), 多少台机器 / 几个节点 / 几台…服务器, 서버 몇 대 / 노드 몇 개, 何ノード / サーバーが何台.
 */
const MACHINE_EN = String.raw`(?:nodes?|servers?|machines?|hosts?|boxes|box|instances?|dgx(?:\s+(?:nodes?|boxes|systems?))?|pods?)`;
const MACHINE_COUNT = new RegExp(
  [
    String.raw`\bhow\s+many\s+(?:more\s+)?(?:\d{1,2}\s*x\s*[a-z]{0,4}\d{2,4}[\w-]*\s+|\d{1,2}\s+nodes\s+of\s+[a-z]{0,4}\d{2,4}[\w-]*\s+|\d{1,2}\s*-?\s*gpu\s+)?${MACHINE_EN}\b(?:\s*,?\s*(?:each|every\s+one)?\s*(?:having|with|of|holding)\s+\d{1,2}x\s?[a-z]{0,4}\d{2,4}[\w-]*)?`,
    String.raw`(?:\b(?:minimum|min|smallest|least|total)\s+)?\b(?:number|count|#)\s+of\s+${MACHINE_EN}\b|\b(?:node|server|machine|host)\s+count\b`,
    String.raw`(?:多少|几)\s*(?:台|个)?\s*(?:\d{1,2}x\s?[a-z]{0,4}\d{2,4}[\w-]*\s*|\d{1,2}\s*卡\s*(?:[a-z]{0,4}\d{2,4}[\w-]*)?\s*)?(?:机器|服务器|节点|主机|node)`,
    String.raw`(?:서버|노드|머신|장비)\s*(?:가|를|는|이)?\s*(?:최소\s*)?(?:몇\s*(?:대|개)|how\s+many\s+gpus)|몇\s*(?:대|개)(?:의)?\s*(?:서버|노드|머신)`,
    String.raw`何\s*(?:ノード|台のサーバー|台のマシン)|(?:サーバー?|マシン|ノード)\s*(?:が|は|を)?\s*(?:最低\s*)?何\s*(?:台|個|ノード)`,
  ].join('|'),
  'g',
);
/** The need or the question in the sentence: "would take", "do we need", "required", "minimum", ?, 需要, 필요, 必要. */
const MACHINE_ASKED = /[?？]|几|多少|要|몇|何|\b(?:need|needs|needed|require|required|requires|take|takes|minimum|min|least|necessary|how)\b|需要|need|至少|最少|才能|필요|가능|해요|나요|까|必要|いる|要る|ですか/;
/** Not a count needed: a rate per node, what a tool supports or scales to, another's run. */
const MACHINE_NOT = /\bper\s+(?:node|server|machine|host)\b|\b(?:support|supports|supported|scale|scales)\b|每个?节点|每台/;

function machinesAsked(m: RegExpExecArray, notes: string[]): string {
  const { sentence } = sentenceAround(m.input, m.index, m.index + m[0].length);
  if (!MACHINE_ASKED.test(sentence) || MACHINE_NOT.test(sentence) || ANOTHERS.test(sentence)) return m[0];
  // The cards a machine holds, as written in the phrase ("8xH100 boxes", "8-gpu nodes", 几台8卡A100服务器), and its card.
  const perNode = /(\d{1,2})\s*(?:x|卡|-?\s*gpu|\s+nodes\s+of)/.exec(m[0])?.[1];
  const card = /(?:\dx\s?|nodes\s+of\s+|卡\s*)([a-z]{0,4}\d{2,4}[\w-]*)/.exec(m[0])?.[1];
  const id = card ? cardId(card) : null;
  const asked = id ? `how many ${card}` : 'how many gpus';
  notes.push(
    perNode
      ? `you asked how many machines ("${m[0].trim()}"): answered in cards, ${perNode} to a machine as you wrote — the machines are the cards ÷ ${perNode}`
      : `you asked how many machines ("${m[0].trim()}"): answered in cards, a node taken as 8 cards (assumed; say how many cards your nodes hold) — the nodes are the cards ÷ 8`,
  );
  return ` ${asked} `.padEnd(m[0].length);
}

/**
 * A cap complained of: a length the engine holds the user to ("input capped at 2048 tokens", "max length stuck at
 * 4096", "truncating my prompts to 2048", "can't go beyond 8192", 只能2048, 被截断到1024, 4096으로 고정, 4096に制限).
 */
const CAP_EN = String.raw`\b(?:(?:hard[\s-]?)?(?:capped|limited|restricted|clamped|fixed|locked|stuck|truncat(?:ed|es|ing|e)|cut\s+off|maxe[sd]\s+out|tops?\s+out|topped\s+out)(?:\s+[\w_-]+){0,3}?\s+(?:at|to)|caps?\s+(?:[\w_.-]+\s+){0,2}?(?:at\s+)?|(?:can'?t|cannot|won'?t|doesn'?t|does\s+not|will\s+not)\s+(?:(?:i|we|it|you)\s+)?(?:go|get|set\s+it|raise\s+it|increase\s+it|push\s+it)\s+(?:beyond|above|past|over|higher\s+than|more\s+than)|(?:refuses?|rejects?)\s+(?:anything\s+|any\s+\w+\s+)?(?:over|above|beyond|longer\s+than|more\s+than)|only\s+(?:allows?|accepts?|lets\s+me\s+(?:use|set))(?:\s+up\s+to)?)`;
const LEN_VALUE = String.raw`\s*(\d{1,3}(?:,\d{3})+|\d{2,7}|\d{1,4}(?:\.\d)?\s*k)\b`;
const CAP = new RegExp(
  [
    String.raw`${CAP_EN}${LEN_VALUE}(?:\s*(?:input\s+|prompt\s+)?tokens?\b)?`,
    String.raw`(?:只能|最多只能|被?限制(?:在|为|到|成)|被?截断(?:到|为|在|成)|被?固定(?:在|为|成|到)|卡在)\s*(?:到|为|在)?${LEN_VALUE}`,
    String.raw`${LEN_VALUE}\s*(?:으로|로|에서|까지만|에)\s*(?:고정|제한|막혀|막힘|잘려|잘림|잘립)|${LEN_VALUE}\s*(?:に|で|まで)\s*(?:制限|固定|頭打ち|しか|切り捨て)`,
  ].join('|'),
  'g',
);
/** A length noun in the sentence (or the tokens after the value): what is capped is a length. */
const LENGTH_WORD = /\b(?:context|ctx|length|len|max_model_len|max_seq_len|n_ctx|num_ctx|max_length|seq|sequence|prompts?|input|tokens?|window)\b|上下文|长度|序列|token|컨텍스트|길이|시퀀스|토큰|コンテキスト|[長长]さ|最大[長长]|トークン|context/;
/** A complaint or a question in the sentence: why, can't, whatever I set, even though, keeps, seems, ?, 为什么, 왜, なぜ. */
const COMPLAINT = /[?？]|\b(?:why|can'?t|cannot|won'?t|whatever|no\s+matter|even\s+though|although|keeps?|stuck|seems?|how\s+(?:do|can|to)|any\s+way|is\s+there|refuses?|rejects?|only)\b|为什么|为啥|怎么|如何|只能|一直|无法|不能|吗|왜|어떻게|나요|까|고정|なぜ|どうして|できない|しか|制限される/;
/** The user caps it on purpose: "I capped", "we set", "to save memory", 我把 / 设成, 로 설정 — a setting, read by the length rules. */
const ON_PURPOSE = /(?<!\b(?:whatever|what|matter|how)\s+)\b(?:i|we)\s+(?:\w+\s+)?(?:capped|limited|set|restricted|truncated|fixed|cut)\b|\bto\s+(?:save|reduce|fit|avoid|keep|speed)\b|我把|我们把|设成|设置为|设为|로\s*설정|に設定/;

function capComplained(m: RegExpExecArray, notes: string[]): string {
  const { sentence } = sentenceAround(m.input, m.index, m.index + m[0].length);
  if (!LENGTH_WORD.test(sentence) || !COMPLAINT.test(sentence) || ON_PURPOSE.test(sentence) || ANOTHERS.test(sentence)) return m[0];
  // A length said as where the run stops ("can't get over 8k", "tops out at 4k", 最多只能) is reconcile.length-limit-reached's
  // (rseq4, rseq10): the same question with its own words, and a length asked beside it ("how about 16k?") kept as the seq.
  if (LENGTH_LIMIT_REACHED.pattern.test(sentence)) return m[0];
  const value = (m[1] ?? m[2] ?? m[3] ?? m[4])!.trim();
  notes.push(`"${m[0].trim()}" is the limit your engine holds you to now, not the length you run: read as the question "max seq" (the longest context that fits your setup), with ${value} said as the current cap — the model's own window is neither`);
  return ' max seq '.padEnd(m[0].length);
}

export const REQUIREMENT_QUESTION_RULES: readonly ProseRule[] = [
  {
    // "does a 35B really need 8 cards?", "8 H100 just to serve deepseek-v3, seriously?", "是不是必须要4张A100", "非得8卡吗",
    // "H100 2장은 있어야 하나요?", "A100が4枚ないと無理ですか": a count the user doubts, asked with a need, is the needs question;
    // the count is said, never set. Weak: the doubt is read from the sentence's words.
    id: 'question.requirement-doubted',
    pattern: new RegExp(COUNT, 'g'),
    when: (t) => /need|requir|take|must|have\s+to|has\s+to|call|demand|just|only|simply|minimum|min\b|必须|必需|非得|非要|需要|要|得|있어야|필요|필수|써야|ないと|無いと|なければ|必要|いる|要る|必須|才/.test(t),
    write: doubtedCount,
    example: 'does a 35B really need 8 cards?',
    weak: true,
  },
  {
    // "how many nodes would a full 70B continued-pretrain take at minimum", "至少需要多少台机器", "서버 몇 대", "何ノード": the
    // count of machines asked is the needs question in cards, a node's cards said (8 where nothing else says, assumed).
    id: 'question.machines-asked',
    pattern: MACHINE_COUNT,
    when: (t) => /node|server|machine|host|box|instance|dgx|pod|机器|服务器|节点|主机|서버|노드|머신|장비|ノード|サーバ|マシン/.test(t),
    write: machinesAsked,
    example: 'how many nodes would a full 70B continued-pretrain take at minimum',
    weak: true,
  },
  {
    // "why is the input capped at 2048 tokens when the model supports 32k? I can't change it", "max length stuck at 4096
    // whatever I set", "为什么最大长度只能2048", "컨텍스트가 4096으로 고정": the user asks how long a context they can run; the
    // capped number is the engine's limit now (said), not their length. Weak: the question is read from a complaint,
    // not asked in words, so the reply says it on the first screen.
    id: 'question.cap-complained',
    pattern: CAP,
    when: (t) => /cap|limit|restrict|clamp|fix|lock|stuck|truncat|cut\s+off|max|top|can'?t|cannot|won'?t|doesn|does\s+not|will\s+not|refuse|reject|only|只能|限制|截断|固定|卡在|고정|제한|막혀|막힘|잘려|잘림|잘립|制限|固定|頭打ち|しか|切り捨て/.test(t),
    write: capComplained,
    example: "why is the input capped at 2048 tokens when the model supports 32k? I can't change it",
    weak: true,
  },
];
