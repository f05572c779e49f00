import type { ProseRule } from '../types.js';
import { OOM_WORDS_JA, OOM_WORDS_KO } from './oom-words.js';
import { OOM_WORDS_ZH } from './question-words-zh.js';

/**
 * The user says the run ran out of memory, in their own words, without pasting the error ("it OOMs
 * around step 300", "got cuda OOM on 8 A100s", 爆显存了, 메모리 부족, メモリ不足). No setting: a topic
 * the reply answers with the out-of-memory triage (knowledge/tips.ts), whatever the verdict. Each
 * rule marks the words (a step, nothing rewritten); the reader's reconcile step hands the topic on
 * (`reported`) where it drops the help word those words were read as (reconcile/settings.ts).
 * A question about it ("will it OOM?", 会不会爆显存) or an OOM avoided ("without OOM") is no report.
 * A pasted PyTorch message is a log, read by segments/ and src/diagnose/detect instead.
 */

/** The clause before a match, back to its sentence's start (at most `reach` characters). */
function before(m: RegExpExecArray, reach = 80): string {
  const head = m.input.slice(Math.max(0, m.index - reach), m.index);
  return head.slice(Math.max(...['.', '?', '!', '\n', ';', '。', '？', '！', '；'].map((c) => head.lastIndexOf(c))) + 1);
}

/** The clause after a match, up to its sentence's end, with the mark that ends it (at most `reach` characters). */
function after(m: RegExpExecArray, reach = 40): string {
  const tail = m.input.slice(m.index + m[0].length, m.index + m[0].length + reach);
  const end = tail.search(/[.?!\n;。？！；]/);
  return end < 0 ? tail : tail.slice(0, end + 1);
}

/**
 * English: a question form that opens the clause ("will it OOM", "would llama-3-8b qlora on a T4 run
 * out of memory", "does it OOM"), or stands anywhere in one that ends in "?" ("…, will it OOM?"),
 * unless it says it does ("why does it OOM", "is it normal to still have OOM"). Not "is the config":
 * "This is the config, it OOMs" reports.
 */
const MODAL_SUBJECT = String.raw`\b(?:will|would|could|might|can|does|do|did|is|whether)\s+(?:it|this|that|i|we|you|they|(?:my|the|a|an) [\w.-]+|[\w.-]*\d[\w.-]*)\b`;
const ASKED_EN = new RegExp(MODAL_SUBJECT);
const OPENS_ASKED_EN = new RegExp(String.raw`^\s*(?:(?:and|but|so|or|then)\s+)?${MODAL_SUBJECT}`);
const SAID_ANYWAY_EN = /\b(?:why|still|again|already|keeps?|keeping)\b/;

function askedEn(m: RegExpExecArray): boolean {
  const clause = before(m);
  if (SAID_ANYWAY_EN.test(clause)) return false;
  const part = clause.slice(Math.max(clause.lastIndexOf(','), clause.lastIndexOf(':')) + 1);
  return OPENS_ASKED_EN.test(part) || (ASKED_EN.test(clause) && after(m).trimEnd().endsWith('?'));
}

/** An out-of-memory avoided or denied, said just before the words ("without OOM", "doesn't OOM", "to avoid running out of memory"). */
const AVOIDED_EN = /\b(?:avoid(?:s|ing)?|prevent(?:s|ing)?|without|no|not|never|n't|won't|reduce|fix(?:es|ing)?|solve|resolve)(?:\s+(?:an?|any|the|getting|hitting|running|into|cuda|gpu))*\s+$/;

/**
 * Chinese: 会不会 / 是否 before, or 吗 / 么 / ？ right after the words ("会爆显存吗"); 避免 / 防止 / 不会 before
 * (avoided, denied). A question mark further on asks about the report, not whether: "遇到了显存溢出的问题？"
 * (c411), "显存不够是为什么呀" (why is the memory not enough, c715).
 */
const ASKED_ZH_BEFORE = /(?:会不|是否(?:会)?|能否|会不会|避免|防止|不会|不|没有?)\s*$/;
const ASKED_ZH_AFTER = /^\s*了?\s*[吗嘛么?？]/;

/** Korean and Japanese: the question endings after the words ("부족할까요?", "不足になりますか"). */
const ASKED_KO_AFTER = /^[^,.]{0,10}?(?:까요|까\?|나요|습니까|\?)/;
const ASKED_JA_AFTER = /^[^、,。.]{0,10}?(?:ますか|でしょうか|か(?:[?？。]|\s*$)|[?？])/;

/**
 * The memory a report names: "memory", "VRAM", "GPU memory", "cuda memory", and the KV cache a server
 * preallocates ("not enough KV cache", "insufficient KV cache memory": vLLM's start-up refusal in the
 * user's words, vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory).
 */
const MEMORY = String.raw`(?:(?:gpu\s+|cuda\s+|device\s+|video\s+)?(?:v?ram|memory)|kv[ -]?cache(?:\s+memory)?)`;

export const OOM_REPORT_RULES: readonly ProseRule[] = [
  {
    // "Training starts fine but OOMs around step 300" (an unsloth report), "got cuda OOM on 8 A100s"
    // (CarperAI/trlx#431), "I keep running out of memory", "ran out of VRAM after 200 steps"; a
    // server or a loader that says so in other words: "fails with not enough memory", "insufficient
    // GPU memory", "the VRAM is not enough" (never "not enough memory bandwidth").
    id: 'reported.oom',
    pattern: new RegExp(
      String.raw`\b(?:(?:cuda[ -]?)?(?:oom(?:s|ed|'d|ing)?|(?:ran|run|runs|running|go|goes|going|went)\s+out\s+of\s+${MEMORY}|out\s+of\s+${MEMORY})|(?:not\s+enough|insufficient)\s+${MEMORY}|(?:v?ram|memory|kv[ -]?cache)\s+(?:(?:is|was)\s+(?:not\s+enough|insufficient)|(?:isn't|wasn't)\s+enough))\b(?!\s*(?:bandwidth|speed|throughput|clock|controller))`,
      'g',
    ),
    when: (t) => t.includes('oom') || t.includes('out of') || t.includes('enough') || t.includes('insufficient'),
    marks: (m) => !AVOIDED_EN.test(before(m)) && !askedEn(m),
    write: (m) => m[0],
    example: 'got cuda OOM on 8 A100s',
    source: 'CarperAI/trlx#431',
  },
  {
    // "8卡 A100 40G，7B的FT，仍然CUDA oom" (still CUDA OOM, corpus c-line of training.ts), "两张3090，爆显存了",
    // "8台机器都会OOM" (all eight machines OOM, hardware.ts's example), "均报OOM" (both report OOM).
    id: 'reported.oom-zh',
    pattern: new RegExp(String.raw`${OOM_WORDS_ZH}|(?:仍然|还是|依然|一直|又|就|总是|均|都|会|报|出现|遇到|发生|提示|导致)\s*(?:了)?\s*(?:报\s*)?(?:cuda\s*)?(?:oom|out of memory)|(?:cuda\s*)?(?:oom|out of memory)(?=\s*了)`, 'g'),
    when: (t) => /显存|缓存|cache|oom|out of memory/.test(t),
    marks: (m) => !ASKED_ZH_BEFORE.test(before(m)) && !ASKED_ZH_AFTER.test(after(m)),
    write: (m) => m[0],
    example: '只是替换了模型路径和数据路径。尝试使用1卡和8卡V100， 均报OOM。',
  },
  {
    // "RTX 4090 두 장인데 메모리 부족 에러가 납니다" (two 4090s, and I get an out-of-memory error), "OOM이 발생합니다".
    id: 'reported.oom-ko',
    pattern: new RegExp(String.raw`${OOM_WORDS_KO}|oom\s*(?=이|가|에러|오류|발생)`, 'g'),
    when: (t) => /부족|초과|oom/.test(t),
    marks: (m) => !ASKED_KO_AFTER.test(after(m)),
    write: (m) => m[0],
    example: 'RTX 4090 두 장인데 메모리 부족 에러가 납니다',
  },
  {
    // "4090で学習するとメモリ不足になります" (training on a 4090 runs out of memory), "VRAMが足りない", "OOMになる".
    id: 'reported.oom-ja',
    pattern: new RegExp(String.raw`${OOM_WORDS_JA}|oom\s*(?=に|が|エラー|を起こ|で落ち)`, 'g'),
    when: (t) => /不足|足りな|oom/.test(t),
    marks: (m) => !ASKED_JA_AFTER.test(after(m)),
    write: (m) => m[0],
    example: 'llama-2-7b lora 4090で学習するとメモリ不足になります',
  },
];

/** The topic a marking rule's step reports ("reported.oom-zh" → "oom"); null for any other rule. */
export function reportedTopic(rule: string): 'oom' | null {
  return /^reported\.oom(?:-|$)/.test(rule) ? 'oom' : null;
}
