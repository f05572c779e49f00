/**
 * One length setting given two values, each with what it did: two runs compared. "model_max_length参数 … 我这里参数值384，
 * 显存占用24G，参数值2048，显存占用45G" (QwenLM/Qwen-VL#390, c2500), "with max_seq_length 1024 it uses 30GB, with 4096 it
 * uses 70GB", "seq 2048 works but 4096 OOMs", "max_length 512일 때 12GB, 2048일 때 30GB", "cutoff_len设为1024时显存20G，
 * 设为4096时显存60G". The first value had been read and the second left over, or both set and one dropped in silence.
 * The run asked about is the one said to fail where only one is (strong), else the last one stated (the user's
 * current setting; weak, said with the words); the other is a comparison, set aside. Pure: the prose rule
 * (prose/rules/lengths-compared.ts) and the key reader (config-keys/prepare.ts) give the noun or key they read.
 */

/**
 * The blanks between the parts are bounded (at most 8, where a blank run stands between optional words) and a value's
 * "k" takes its blanks only with it: one blank run had as many ways through as its length to a power, so a long blank
 * after "seq 8192" took seconds (found by test/language/reader-cost.test.ts's property: 2,400 spaces, 2.4 s).
 */
const VALUE = String.raw`(\d{1,3}(?:,\d{3})+|\d+)(?:\s*(k))?(?![\w.%])`;
const SET = String.raw`\s{0,8}(?:(?:[=:：]|\b(?:of|at|is|to)\b|设为|设置为|设置成|设成|为|是|改为|改成)\s{0,8})?`;
const COND = String.raw`(?:\s{0,8}(?:tokens?|时|的时候|일\s{0,3}때|에서))?`;
/** What a run did: a memory figure or an outcome. */
const RESULT = /\d+(?:\.\d+)?\s*(?:g|gb|gib|m|mb|mib)\b|\bo+ms?\b|out\s+of\s+memory|\bworks?\b|\bfine\b|\bok(?:ay)?\b|\bfails?\b|\bcrash|爆|显存|可以|正常|不行|报错|에러|사용/i;
const FAILS = /\bo+ms?\b|out\s+of\s+memory|\bfails?\b|\bcrash|爆|不行|报错|에러|doesn['’]?t|not\s+work/i;
const SEP = String.raw`\s{0,8}(?:[,，;；、]\s{0,8}(?:(?:and|but|while|whereas|however)\b|而|但是?)?|\s(?:and|but|while|whereas)\b|而|但是?)\s{0,8}`;

/** The pattern for one noun or key (group 1), its first value and result (2–4), its second value and result (5–7). */
export function comparedLengths(noun: string, again: string): RegExp {
  const lead = String.raw`(?:(?:with|at|when|if|using|for)\s+)?(?:(?:the\s+|我这里|我这边|我)?(?:${again})\s*)?(?:设为|设置为|设置成|设成|改为|改成|调到)?`;
  return new RegExp(
    String.raw`(${noun})${SET}${VALUE}${COND}([^.。;；\n]{0,40}?)(?=${SEP})${SEP}${lead}${SET}${VALUE}${COND}((?:\s*[,，]\s*)?[^.。;；,，\n]{0,40})`,
    'gid',
  );
}

/** A length is 64 tokens or more (or in k) and counts no cards: "4096 OOM, 2 GPUs with 80GB" compares no lengths. */
function isLength(digits: string, k: string | undefined, after: string): boolean {
  return (k !== undefined || Number(digits.replace(/,/g, '')) >= 64) && !/^\s*(?:x\b|×|gpus?|cards?|nodes?|卡|张|台|장)/i.test(after);
}

export interface ComparedSide {
  run: string;
  other: string;
  /** The run was said to fail (decided by the words), or it is only the last one stated. */
  failed: boolean;
  /** The words after the run's value: what it did. */
  runResult: string;
  /** Where in the match the run's value is, and where its result words end. */
  value: [number, number];
  resultEnd: number;
}

/** Which value of a comparison is the run asked about; null where the match compares no two lengths by what they did. */
export function comparedSide(m: RegExpExecArray): ComparedSide | null {
  const [, , v1, k1, r1, v2, k2, r2] = m as unknown as (string | undefined)[];
  if (!RESULT.test(r1 ?? '') || !RESULT.test(r2 ?? '')) return null;
  const a = `${v1!.replace(/,/g, '')}${k1 ? 'k' : ''}`;
  const b = `${v2!.replace(/,/g, '')}${k2 ? 'k' : ''}`;
  if (a === b || !isLength(v1!, k1, r1!) || !isLength(v2!, k2, r2!)) return null;
  const firstFails = FAILS.test(r1!) && !FAILS.test(r2!);
  const at = (g: number) => (m.indices?.[g] ?? [m.index, m.index]).map((i) => i - m.index) as [number, number];
  const place = (v: number) => ({ value: [at(v)[0], Math.max(at(v)[1], at(v + 1)[1])] as [number, number], resultEnd: at(v + 2)[1] });
  return firstFails
    ? { run: a, other: b, failed: true, runResult: r1!, ...place(2) }
    : { run: b, other: a, failed: FAILS.test(r2!), runResult: r2!.replace(/^\s*[,，]\s*/, ' '), ...place(5) };
}
