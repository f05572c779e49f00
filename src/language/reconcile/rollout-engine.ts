import type { Item } from '../items.js';
import type { OwnedRuns } from './owners.js';

/**
 * An RL trainer's rollout engine named with words only a trainer gives it, and no word that trains: "[vllm] fix oom
 * when vllm wakeup … I just successfully ran a 72B model on 8*H800 cards" (verl-project/verl#987, corpus c2482: read
 * as vLLM serving at tp 8). vLLM's sleep mode and wake-up (`enable_sleep_mode`, `llm.sleep()` / `llm.wake_up()`,
 * vLLM docs "Sleep Mode": "useful for RLHF"), SGLang's memory saver (`enable_memory_saver`,
 * `release_memory_occupation` / `resume_memory_occupation`), a "rollout" and a co-located engine exist so that a
 * trainer (verl, OpenRLHF, TRL) can give the engine's memory back to the training step between generations: the
 * job is the training; the engine only generates its rollouts (reconcile/owners.ts rolloutsInTraining does the same
 * where a training word is said).
 *
 * Where an engine is named only by its name ("vllm", "sglang": no serve, deploy, API server or inference word) beside
 * such words, the engine's words are set aside as the rollout engine and the run is read as training, weak: said on
 * the first screen with the words it came from, and "say inference" to run the model instead (issue 22: never a
 * silent reading). A serving word keeps the serving ("vllm serve … --enable-sleep-mode").
 */

/** Words only a trainer's rollout engine has (English, Chinese, Korean). */
const ROLLOUT_WORDS =
  /(?<![a-z])(?:wake[-_ ]?ups?|wakes?[-_ ]up|waking[-_ ]up|sleep[-_ ]?(?:mode|level)|enable_sleep_mode|free_cache_engine|memory[-_ ]saver|(?:release|resume)_memory_occupation|rollouts?|actor_rollout_ref|colocat(?:e|ed|ion)|reward[-_ ](?:model|function)s?|rlhf|grpo|ppo|dapo|verl|openrlhf)(?![a-z])|唤醒|休眠|采样阶段|롤아웃/i;

/** An engine named by its name only: what the item reads as serving, not a verb of serving. */
const ENGINE_NAME_ONLY = /^(?:v-?llm|sglang|vllm[-_ ]?engine|sglang[-_ ]?engine)s?$/i;

/** Words that run the model for its own sake. */
const SERVING_WORDS = /(?<![a-z])(?:serv(?:e|es|ed|ing|er)|deploy\w*|api[-_ ]server|endpoint|launch_server|inference|chat(?:bot)?)(?![a-z])|推理|部署|서빙|추론/i;

/** A saying of the engine: its name (read as serving) or its release ("vllm 0.8.4"), which only a vLLM run has. */
const serving = (i: Item) => i.kind === 'serve' || i.kind === 'vllmVersion' || (i.kind === 'mode' && i.value === 'inference');
const training = (i: Item) =>
  (i.kind === 'mode' && i.value !== 'inference' && i.value !== 'run') || i.kind === 'lora' || i.kind === 'framework' || i.kind === 'rlTrainer' || (i.kind === 'batch' && i.field === 'ga');

export const ROLLOUT_ENGINE_RULE = 'reconcile.rollout-engine-words';

export function rolloutEngineWords(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  const engines = items.filter(serving);
  // The rollout engine's own settings read as items ("vllm sleep mode", "rollout colocated") say it too.
  const settings = items.filter((i) => i.kind === 'rollout' || i.kind === 'rolloutUtil');
  if ((engines.length === 0 && settings.length === 0) || items.some(training)) return items;
  // Every saying of the engine is its name alone; a serving word anywhere keeps the serving.
  if (!engines.every((i) => i.kind === 'vllmVersion' || ENGINE_NAME_ONLY.test(i.text.trim())) || SERVING_WORDS.test(text)) return items;
  const cue = ROLLOUT_WORDS.exec(text);
  const first = settings[0];
  if (!cue && !first) return items;
  const at = cue ? cue.index : first!.at;
  const end = cue ? at + cue[0].length : first!.end;
  const words = text.slice(at, end);
  const engine = engines.find((i) => i.kind === 'serve')?.text.trim() ?? (/sglang/i.test(text) ? 'SGLang' : 'vLLM');
  notes.push(
    `training read from "${words}": ${engine}'s ${/wake|sleep|唤醒|休眠/i.test(words) ? 'sleep and wake-up' : /saver|occupation/i.test(words) ? 'memory saver' : 'rollouts'} belong to an RL trainer's rollout engine (verl, OpenRLHF, TRL), so "${engine}" is the engine inside the training run, not a serving request; its own memory is not modelled (say "inference" to run the model instead)`,
  );
  owned?.doubts.push({ at, end, note: `training read from the rollout engine's words ("${words}")`, guess: { rule: ROLLOUT_ENGINE_RULE, words } });
  owned?.cues.push({ at, end });
  const trainItem: Item = { kind: 'mode', value: 'train', at, end, text: words };
  // The run's own word ("ran a 72B model") runs the training now: a plain run verb agrees with it.
  return [...items.filter((i) => !engines.includes(i)), trainItem].sort((a, b) => a.at - b.at);
}
