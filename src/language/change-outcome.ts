/**
 * A setting the user changed "from A to B" names two runs; which one the message is about is said by
 * the outcome words after the change, not by the order (s32, b67–b69 read at first sight):
 *
 * - "I change n_ctx from 4096 to 2000, then it works fine" (ggml-org/llama.cpp#1890, c2367): B is the
 *   fix that worked, A the run that failed — the one to estimate;
 * - "I have tried changing num_ctx parameters from 1024 to 20480, but no use" (HKUDS/LightRAG#1509,
 *   c2428), "…from 1024 to 4096 and got CUDA out of memory", "还是爆显存": B is the run that still fails;
 * - "reduce … from 3 to 2 in order to avoid OOM" (tatsu-lab/stanford_alpaca#280): a purpose, B is the run;
 * - no outcome word: B, the value set now, read weak and the other said.
 *
 * Pure: the caller gives the words after the change (to the end of its sentence) and gets the side.
 */
export type ChangedSide = 'from' | 'to';

export interface ChangeOutcome {
  side: ChangedSide;
  /** The outcome words that decided it; null where nothing after the change decides (then `side` is 'to', weak). */
  words: string | null;
}

/** Words that say the new value failed too, or was tried to no effect: the new value is the run. */
const STILL_FAILS = String.raw`\bstill\b|\bno\s+(?:use|luck|help|success|avail|difference|change)\b|\bnot\s+help|n['’]?t\s+(?:help|work|fix|solve|change)|\bsame\s+(?:error|issue|problem|result|oom)|\bto\s+no\s+avail|\bwithout\s+(?:success|luck)|\bin\s+vain|\b(?:oom|out\s+of\s+(?:gpu\s+)?memory|cuda\s+error|crash(?:es|ed)?|fail(?:s|ed)?|error|hangs?|stuck|killed)\b|\bto\s+(?:avoid|fix|prevent|get\s+rid\s+of|stop|reduce|save)\b|还是|仍然|依然|仍旧|照样|没用|没有用|无效|不行|没效果|爆显存|显存不足|报错|溢出|여전히|그래도|안\s*돼|안\s*됩|소용\s*없|에러|오류|터[지져]`;

/** Words that say the new value made it work: the old value is the run that failed, the one asked about. */
const NOW_WORKS = String.raw`\b(?:it\s+|everything\s+|this\s+)?(?:works?|worked|runs?|ran|loads?|loaded|starts?|started|fits?)\b(?:\s+(?:fine|now|ok|okay|well|normally|again|perfectly|great))?|\b(?:fixed|solved|resolved|fixes|solves)\b|可以了|可以跑|能跑|跑起来|跑通|正常|成功|解决|好了|没问题|就行|就可以|됩니다|돼요|됐|잘\s*(?:돌아|됩|돼)|해결|정상`;

/** Words that say a failure went away; they hold a failure word, so they are tried first ("the OOM is gone"). */
const CLEARED = String.raw`\bno\s+(?:more|longer)\b|\bno\s+(?:errors?|oom|crash(?:es)?)\b|\b(?:problem|issue|oom|error)s?\s+(?:is\s+|are\s+|was\s+)?(?:gone|solved|fixed|resolved)|\bwent\s+away|不再\S{0,4}(?:报错|爆|oom)`;

/** A negation right before a works-word turns it into a failure ("still doesn't work", "不能跑"). */
const NEGATED = /(?:\b(?:not|never|no)\b|n['’]t\b|不|没|无法|안)\s*(?:\S+\s+)?$/i;

const OUTCOME = new RegExp(String.raw`(?<cleared>${CLEARED})|(?<fails>${STILL_FAILS})|(?<works>${NOW_WORKS})`, 'gi');

/** The words after a change up to its sentence's end (a line break, ". ", "。", "!", "?"). */
export function sentenceAfter(text: string, at: number): string {
  const rest = text.slice(at, at + 160);
  const end = rest.search(/\n|[.!?](?:\s|$)|[。！？；;]/);
  return end < 0 ? rest : rest.slice(0, end);
}

/** Which side of a change "from A to B" is the run the message is about, by the first outcome word after it. */
export function changeOutcome(after: string): ChangeOutcome {
  OUTCOME.lastIndex = 0;
  for (let m = OUTCOME.exec(after); m; m = OUTCOME.exec(after)) {
    if (m.groups!['cleared']) return { side: 'from', words: m[0].trim() };
    if (m.groups!['fails']) return { side: 'to', words: m[0].trim() };
    if (NEGATED.test(after.slice(Math.max(0, m.index - 16), m.index))) return { side: 'to', words: after.slice(Math.max(0, m.index - 16), m.index + m[0].length).trim() };
    return { side: 'from', words: m[0].trim() };
  }
  return { side: 'to', words: null };
}

/** The side of a change a rule's match ends on ("… from 4096 to 2000"), by the words after it to its sentence's end. */
export function outcomeAfter(m: RegExpExecArray): ChangeOutcome {
  return changeOutcome(sentenceAfter(m.input, m.index + m[0].length));
}
