import { GRPO_PROMPT_TOKENS, isOnlineRl } from '../memory/rl.js';
import type { ErrorReply } from '../reply/types.js';
import { DEFAULT_WORDS } from './defaults.js';
import type { Resolution } from './resolution.js';
import { unstatedDrivers, withUnstated } from './unstated.js';

/**
 * The completion length of an online RL run ("completion 1024", TRL's max_completion_length,
 * "--max-completion-length 1024"): the tokens each rollout generates, so the KV cache's share of
 * the sequence, the prompt the rollout prefills, and the positions whose logits the policy's loss
 * keeps (memory/rl.ts). A sequence the user did not state is then TRL's default prompt and this
 * completion, said; a stated one stays, and a completion not shorter than it is capped, said.
 *
 * Not an online RL run (SFT, DPO, inference): the length sizes nothing there, so it is set aside
 * and said (inference's generated tokens are "gen N").
 */
export function completionStep(r: Resolution): ErrorReply | null {
  const s = r.s;
  const stated = r.patch.value<number>('completion');
  if (!isOnlineRl(s)) {
    delete s.completion;
    if (stated !== undefined) {
      const said = r.patch.get('completion')!.item.text;
      r.patch.drop('completion');
      r.assume(`"${said}" not used: a completion length sizes GRPO or PPO rollouts, and this is no online RL run${s.mode === 'inference' ? ' (say "gen N" for the tokens generated at inference)' : ''}`);
    }
    return null;
  }
  if (stated === undefined) return null;
  s.completion = stated;
  const unstated = unstatedDrivers(s);
  // A sequence this step derived earlier in the thread is derived again from the new completion.
  const derivedBefore = r.base?.completion !== undefined && r.base.seq === GRPO_PROMPT_TOKENS + r.base.completion;
  if ((unstated.includes('seq') || derivedBefore) && !r.patch.has('seq')) {
    s.seq = GRPO_PROMPT_TOKENS + stated;
    r.s = withUnstated(s, unstated.filter((d) => d !== 'seq'));
    r.unassume(DEFAULT_WORDS.seq);
    // The sequence's fact is traced to the completion's words (scenario/facts.ts reads the patch's slots).
    r.patch.set('seq', s.seq, r.patch.get('completion')!.item);
    // Said as the default it is ("seq N (default)", as every assumed length is): the prompt's 512 tokens are
    // TRL's default, not the user's (jsboige/CoursIA#15634, corpus c1408: max_completion_length=96 alone).
    r.assume(`seq ${s.seq} (default): TRL's default max_prompt_length ${GRPO_PROMPT_TOKENS} + completion ${stated} (say "seq N" for your prompt and completion together)`);
    return null;
  }
  // Not shorter than the stated sequence (ms-swift's GRPO "--max_length 2048 --max_completion_length
  // 2048", corpus c507, where max_length bounds the prompt): the sequence stated is the window the
  // estimate holds, so all but one of its tokens are counted as generated (memory/rl.ts caps it), said.
  if (stated >= s.seq) {
    r.assume(`completion ${stated} is not shorter than seq ${s.seq}: the sequence is read as prompt and completion together, so ${s.seq - 1} generated tokens are counted (say "seq ${GRPO_PROMPT_TOKENS + stated}" for TRL's 512-token prompt beside the whole completion)`);
  }
  return null;
}
