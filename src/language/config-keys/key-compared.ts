import type { RuleRef } from '../mapped-text.js';
import { comparedLengths, comparedSide } from '../compared-lengths.js';
import { handlerOf, keyName } from './table.js';

/**
 * A length key named in prose with two values and what each did: "with max_seq_length 1024 it uses 30GB, with 4096 it
 * uses 70GB", "cutoff_len设为1024时显存20G，设为4096时显存60G", "max_length 512일 때 12GB, 2048일 때 30GB" (the phenomenon of
 * QwenLM/Qwen-VL#390, c2500). The key is read with the value of the run the words name (compared-lengths.ts): the one
 * said to fail, else the last one stated, weak and said with its words; the run's own result words stay for the readers after.
 */
const KEY = String.raw`\b[a-z][a-z0-9]*_[a-z0-9_]*(?:len|length|ctx|seq)[a-z0-9_]*`;

export const KEY_COMPARED = comparedLengths(KEY, String.raw`${KEY}|values?|参数值|参数|값`);

export function readKeyCompared(m: RegExpExecArray): { result: string; rule: RuleRef } | null {
  const key = m[1]!;
  if (!handlerOf(keyName(key))) return null;
  const side = comparedSide(m);
  if (!side) return null;
  const rule: RuleRef = side.failed ? 'config.key-compared-failed' : { id: 'config.key-compared-last', weak: true };
  return { result: `${key}=${side.run} ${side.runResult}`.padEnd(m[0].length), rule };
}
