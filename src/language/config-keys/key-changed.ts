import type { RuleRef } from '../mapped-text.js';
import { outcomeAfter } from '../change-outcome.js';

/**
 * A key named in prose with the change the user made to it: "Sets micro_batch_size from 4 to 2 in the example"
 * (axolotl-ai-cloud/axolotl#708), "I change n_ctx from 4096 to 2000, then it works fine" (ggml-org/llama.cpp#1890,
 * c2367), "changing num_ctx parameters from 1024 to 20480, but no use" (HKUDS/LightRAG#1509, c2428), and the same
 * in Chinese ("cutoff_len 从 4096 改成 2048") and Korean ("max_length를 2048에서 8192로"). The key is read with the
 * value of the run the outcome words name (change-outcome.ts); with none, the new value, weak, its words said.
 */
const VALUE = String.raw`([\w.]+)`;
const KEY = String.raw`\b([a-z][a-z0-9]*_[a-z0-9_]+)(?:[ \t]+(?:parameters?|params?|values?|settings?|options?))?`;
const ENGLISH = String.raw`[ \t]+from[ \t]+${VALUE}[ \t]+(?:all[ \t]+the[ \t]+way[ \t]+)?(?:(?:up|down)[ \t]+)?to[ \t]+${VALUE}`;
const CHINESE = String.raw`[ \t]*(?:参数)?[ \t]*(?:从|由)[ \t]*([\d.]+k?)[ \t]*(?:改成|改为|改到|调到|调成|调整到|调整为|调为|降到|降低到|降至|减到|减小到|减少到|增加到|增大到|提高到|加到|升到|设为|设置为|设成|变成|到)[ \t]*([\d.]+k?)`;
const KOREAN = String.raw`[ \t]*(?:를|을|은|는|값을|값)?[ \t]*([\d.]+k?)[ \t]*에서[ \t]*([\d.]+k?)[ \t]*(?:으로|로)`;

export const KEY_CHANGED = new RegExp(String.raw`${KEY}(?:${ENGLISH}|${CHINESE}|${KOREAN})`, 'g');

/** The key written with the value of the run the message is about, under the rule that says how it was chosen. */
export function readKeyChange(m: RegExpExecArray): { result: string; rule: RuleRef } {
  const key = m[1]!;
  const [was, now] = [m[2] ?? m[4] ?? m[6], m[3] ?? m[5] ?? m[7]] as [string, string];
  const outcome = outcomeAfter(m);
  const value = outcome.side === 'from' ? was : now;
  const rule: RuleRef =
    outcome.words === null ? { id: 'config.key-from-to-unsaid', weak: true } : outcome.side === 'from' ? 'config.key-from-to-failed-before' : 'config.key-from-to';
  return { result: `${key}=${value}`.padEnd(m[0].length), rule };
}
