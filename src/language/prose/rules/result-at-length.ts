import type { ProseRule } from '../types.js';

/**
 * A measured result said with the context it was measured at: "`dual4.yml`: **6.77× concurrency at 262K**, 76 code
 * TPS per stream, ~23.5 GB/card" (noonghunna/club-3090#44, c2473). The multiplier is how many full-context requests
 * the KV cache held at once, a measurement, never a batch the user sets ("concurrency" is a batch word, so the
 * number after "at" had been taken as a micro-batch of 262,144 and set aside); the length after "at" / "@" is the
 * context the server ran at, the run's length. The same in other words: "throughput 1500 tok/s at 128k", "25 TPS
 * @ 8k", "~22 GB/card at 32K", "在 128K 下并发可达 5.6 倍", "32K 컨텍스트에서 동시성 9.3배". The result is
 * blanked and said; the length is written as "seq L" for the length rules to read.
 */
const LEN = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*([km])?`;
const TIMES = String.raw`\d+(?:\.\d+)?\s*[x×倍배]`;
const CONCURRENCY = String.raw`(?:(?:max(?:imum)?|peak|effective)\s+)?concurren(?:cy|t\s+(?:requests|streams|sequences|users))`;
const AT_LEN = String.raw`\s*(?:at|@)\s*${LEN}(?![\w.%])(?:\s*(?:context|ctx|tokens?)\b)?`;
/** What a run measured: a speed, a memory per card. */
const MEASURED = String.raw`(?:tok(?:en)?s?\s*\/\s*s(?:ec)?|t\/s|tps|tokens?\s+per\s+second|g(?:i)?b\s*(?:\/|per\s+)(?:card|gpu))(?:\s+per\s+(?:stream|request|user))?`;

/** The item language's length: "262k" stays a k-number (numbers.ts reads 262K as 262,144), digits lose their commas. */
function length(digits: string, unit: string | undefined): string {
  const n = digits.replace(/,/g, '');
  const u = (unit ?? '').toLowerCase();
  return u === 'm' ? `${Math.round(Number(n) * 1024)}k` : `${n}${u}`;
}

/** A context is in k or in hundreds at least: "at 4 GPUs", "at 8 bit" are no length. */
function isLength(digits: string | undefined, unit: string | undefined): boolean {
  return digits !== undefined && (unit !== undefined || Number(digits.replace(/,/g, '')) >= 256);
}

function say(notes: string[], words: string): void {
  const note = `"${words.trim()}" is a measured result, not a batch or a setting`;
  if (!notes.includes(note)) notes.push(note);
}

export const RESULT_AT_LENGTH_RULES: readonly ProseRule[] = [
  {
    // "6.77× concurrency at 262K", "concurrency 4.2x @ 32k", "max concurrency 8.5x at 64K", and the multiplier alone.
    id: 'prose.concurrency-multiplier',
    pattern: new RegExp(String.raw`(?<![\w.])(?:${TIMES}\s*${CONCURRENCY}|${CONCURRENCY}\s*(?:of|:|=)?\s*${TIMES})(?:${AT_LEN})?`, 'gi'),
    when: (t) => /concurren/.test(t),
    write: (m, notes) => {
      const at = m[0].search(/\s(?:at|@)\s*\d|@\s*\d/);
      say(notes, at < 0 ? m[0] : m[0].slice(0, at));
      if (!isLength(m[1], m[2])) return at < 0 ? ' '.repeat(m[0].length) : ' '.repeat(at) + m[0].slice(at);
      return ` seq ${length(m[1]!, m[2])} `;
    },
    example: '`dual4.yml`: **6.77× concurrency at 262K**, 76 code TPS per stream, ~23.5 GB/card',
    source: 'noonghunna/club-3090#44',
  },
  {
    // "45 tok/s at 128k", "25 TPS/stream @ 8k", "~22 GB/card at 32K": the context a measurement was taken at.
    id: 'prose.measured-at-length',
    pattern: new RegExp(String.raw`(${MEASURED})${AT_LEN}`, 'gi'),
    when: (t) => /\d\s*[km]?\b/.test(t) && /\bat\s*\d|@\s*\d/.test(t),
    write: (m) => (isLength(m[2], m[3]) ? `${m[1]} seq ${length(m[2]!, m[3])} ` : m[0]),
    example: 'llama-3.1-70b on 4x h100 with vllm tp 4, throughput 1500 tok/s at 128k context',
  },
  {
    // "在 128K 下并发可达 5.6 倍", "128k上下文时并发约3倍": the length is the context, the multiplier a result.
    id: 'prose.concurrency-multiplier-zh',
    pattern: new RegExp(String.raw`(?:在\s*)?${LEN}\s*(?:的?\s*(?:上下文|context|长度))?\s*(?:下|时|的时候)\s*[,，]?\s*(?:的)?并发(?:数)?\s*(?:可达|能到|达到|约|为|是|有)?\s*(?:${TIMES})`, 'g'),
    when: (t) => t.includes('并发'),
    write: (m, notes) => {
      say(notes, m[0].slice(m[0].indexOf('并发')));
      return ` seq ${length(m[1]!, m[2])} `;
    },
    example: 'vllm 部署 qwen2.5-72b-instruct，4张 a100，在 128K 下并发可达 5.6 倍',
  },
  {
    // "32K 컨텍스트에서 동시성 9.3배": the same in Korean.
    id: 'prose.concurrency-multiplier-ko',
    pattern: new RegExp(String.raw`${LEN}\s*(?:컨텍스트|context|길이)?\s*에서\s*,?\s*동시성(?:은|이)?\s*(?:약\s*)?(?:${TIMES})`, 'g'),
    when: (t) => t.includes('동시성'),
    write: (m, notes) => {
      say(notes, m[0].slice(m[0].indexOf('동시성')));
      return ` seq ${length(m[1]!, m[2])} `;
    },
    example: 'vllm으로 llama-3.1-8b를 l40s 한 장에서 서빙, 32K 컨텍스트에서 동시성 9.3배',
  },
];
