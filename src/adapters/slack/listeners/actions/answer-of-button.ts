import type { ThreadState } from '../../../../core/assistant.js';
import { answerState, answerTurn, type EstimateTurn } from '../../../answer-turn.js';
import type { SlackDeps } from '../../deps.js';
import { answerOfMessage, type AnswerOfMessage } from '../../recover.js';
import type { ButtonContext } from './button-context.js';

/**
 * What the answer a button sits on stands for (issue 24, item 2): its resolved scenario from the
 * message's metadata (in the click's payload when Slack includes it, else read back with one
 * budgeted lookup), and its canonical request (the button's value, for answers from older
 * releases). Nothing here depends on the store, so a button works after a restart.
 */
async function answerOfButton(deps: SlackDeps, button: ButtonContext, botId: string | undefined): Promise<AnswerOfMessage> {
  const canonical = button.value.canonical ?? button.metadataCanonical;
  if (button.metadataScenario) return { scenario: button.metadataScenario, canonical, ...(button.metadataAsker ? { asker: button.metadataAsker } : {}) };
  const read = await answerOfMessage(deps.lookups, button.channel, button.messageTs, button.root, botId);
  return { scenario: read?.scenario ?? null, canonical: canonical ?? read?.canonical ?? null, ...(read?.asker ? { asker: read.asker } : {}) };
}

/**
 * The estimate a button belongs to, rebuilt from its answer's scenario (deterministic core), with
 * the asker its metadata names; null when the answer is too old to read. Under a NaN triage the
 * scenario is the setup the triage was read against.
 */
export async function turnOfButton(deps: SlackDeps, button: ButtonContext, botId: string | undefined): Promise<(EstimateTurn & { asker?: string }) | null> {
  const answer = await answerOfButton(deps, button, botId);
  const turn = await answerTurn(deps.respond, answer.scenario, answer.canonical);
  return turn && { ...turn, ...(answer.asker ? { asker: answer.asker } : {}) };
}

/** The estimate a button belongs to (turnOfButton). */
export async function estimateOfButton(deps: SlackDeps, button: ButtonContext, botId: string | undefined): Promise<EstimateTurn['reply'] | null> {
  return (await turnOfButton(deps, button, botId))?.reply ?? null;
}

/** The thread state a lever on this answer changes, with the thread's asker its metadata names; null when the answer is too old to read. */
export async function stateOfButton(deps: SlackDeps, button: ButtonContext, botId: string | undefined): Promise<ThreadState | null> {
  const answer = await answerOfButton(deps, button, botId);
  const state = await answerState(deps.respond, answer.scenario, answer.canonical);
  return state && answer.asker && !state.asker ? { ...state, asker: answer.asker } : state;
}

export const LOST_TRACK = 'This answer is too old for its buttons to work (it does not say what it estimated). Send the request again and I will answer afresh.';
