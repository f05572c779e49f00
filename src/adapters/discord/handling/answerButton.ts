import type { EstimateReply } from '../../../reply/types.js';
import { decodeCustomId, detailsEmbed, helpRestEmbed, tipsEmbed, type ScenarioRef } from '../../../render/discord.js';
import { answerKey, answerKeys, loadState, persistTurn, threadKey, turnForRef } from '../conversation.js';
import { answerTurn } from '../../answer-turn.js';
import { scenarioThread, type Turn } from '../../../core/assistant.js';
import type { ChartKind, HandlerDeps } from '../deps.js';
import { CHART_FILE, chartOnly, prepare } from '../delivery.js';
import { ChartsBusyError } from '../../compute/chart-pool.js';
import { verdictOf } from './handleMessage.js';
import type { InteractionPlace, InteractionReplies } from './replies.js';

export const EXPIRED = 'This answer is too old to reuse: ask again with /headroom or mention me.';
export const NO_CHARTS = 'Charts are not available on this deployment.';
export const CHARTS_BUSY = 'Many charts are being drawn right now. Press the button again in a few seconds.';
export const CHART_FAILED = 'Sorry, I could not draw that chart. The answer above has the same numbers.';

/**
 * How long a chart may take before the click is deferred (Discord waits 3 s for the first
 * response). A chart refused or failed by then is told to the clicker alone (an ephemeral
 * reply); once deferred, the response is public and can only be edited.
 */
export const CHART_DEFER_AFTER_MS = 1500;

/**
 * Chart / Sweep: the PNG alone, for everyone (the answer is right above it: issue 24); a refusal
 * (the chart pool at its cap, the renderer failing) only to the clicker, where it used to re-post
 * the whole answer without its chart for the channel (issue 26).
 */
async function answerChart(reply: EstimateReply, kind: ChartKind, replies: InteractionReplies, deps: HandlerDeps): Promise<string> {
  const rendering = deps.chart!(reply, kind).then(
    (png) => ({ png }),
    (error: unknown) => ({ error }),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const early = await Promise.race([rendering, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), CHART_DEFER_AFTER_MS)))]);
  clearTimeout(timer);
  const refusal = (error: unknown) => {
    deps.log({ event: 'discord.chart.failed', kind, error: String(error) });
    return error instanceof ChartsBusyError ? CHARTS_BUSY : CHART_FAILED;
  };
  if (early && 'error' in early) {
    await replies.ephemeral({ content: refusal(early.error) });
    return 'chart_refused';
  }
  await replies.defer();
  const drawn = early ?? (await rendering);
  if ('error' in drawn) {
    // Deferred publicly already: a short line replaces "thinking…", not a copy of the answer.
    await replies.tell(refusal(drawn.error));
    return 'chart_refused';
  }
  await replies.editOriginal(chartOnly({ attachment: drawn.png, name: CHART_FILE }));
  return kind === 'breakdown' ? 'chart' : 'sweep';
}

/**
 * "More" under a short help (issue 24): the words that asked, read again where they were asked
 * (an `oom` in a thread against its scenario); the rest of the help goes to the clicker alone.
 */
async function answerMore(ref: ScenarioRef, place: InteractionPlace, replies: InteractionReplies, deps: HandlerDeps): Promise<string> {
  const previous = place.inThread && place.channelId ? await loadState(deps, threadKey(place.channelId)) : null;
  const turn = ref.kind === 'text' ? await deps.respond(ref.canonical, previous) : null;
  if (!turn || turn.reply.kind !== 'help') {
    await replies.ephemeral({ content: EXPIRED });
    return 'expired';
  }
  await replies.ephemeral({ embeds: [helpRestEmbed(turn.reply)] });
  return 'help';
}

/** The sweep that answers the question asked: sequence for "max seq", micro-batch otherwise. */
function sweepKind(reply: EstimateReply): ChartKind {
  return reply.scenario.question.kind === 'maxSeq' ? 'sweep-seq' : 'sweep-batch';
}

/**
 * The answer a button is on, as it was answered (issue 24, item 2): the scenario its message
 * carries (scenario-marker.ts); else the one the store keeps under its message id; else, for
 * answers from older releases, the request its custom id or footer names (re-read) or the
 * store's copy under the id's hash. Null: too old to reuse.
 */
async function baseTurn(ref: ScenarioRef, place: InteractionPlace, deps: HandlerDeps): Promise<Turn | null> {
  const canonical = ref.kind === 'text' ? ref.canonical : (place.messageRequest ?? null);
  if (place.messageScenario) return answerTurn(deps.respond, place.messageScenario, canonical);
  const saved = scenarioThread(place.messageId ? await loadState(deps, answerKey(place.messageId)) : null);
  if (saved) {
    const turn = await answerTurn(deps.respond, { scenario: saved.scenario, ...(saved.measured ? { measured: saved.measured } : {}) }, canonical);
    // The saved state goes on: its undo history and its asker.
    return turn && { ...turn, state: saved };
  }
  return (await turnForRef(ref, deps)) ?? (place.messageRequest ? await turnForRef({ kind: 'text', canonical: place.messageRequest }, deps) : null);
}

/**
 * A button on one of headroom's answers, however it arrived. Its message carries the answer's
 * scenario (baseTurn), so it works after a restart. A lever posts the re-estimated answer as a new
 * message and becomes the thread's scenario; Details and OOM tips are shown only to the clicker; Chart and
 * Sweep post a PNG. Returns `'not_ours'` without answering for a custom id headroom did not mint.
 */
export async function answerButton(customId: string, place: InteractionPlace, replies: InteractionReplies, deps: HandlerDeps): Promise<string> {
  const decoded = decodeCustomId(customId);
  if (!decoded) return 'not_ours';
  if (decoded.action.kind === 'more') return answerMore(decoded.ref, place, replies, deps);
  const base = await baseTurn(decoded.ref, place, deps);
  if (!base || base.reply.kind !== 'estimate') {
    await replies.ephemeral({ content: EXPIRED });
    return 'expired';
  }
  const reply = base.reply;
  const { action } = decoded;
  if (action.kind === 'math') {
    await replies.ephemeral({ embeds: [detailsEmbed(reply)] });
    return 'details';
  }
  if (action.kind === 'tips') {
    await replies.ephemeral({ embeds: [tipsEmbed(reply)] });
    return 'tips';
  }
  if (action.kind === 'chart' || action.kind === 'sweep') {
    if (!deps.chart) {
      await replies.ephemeral({ content: NO_CHARTS });
      return 'no_charts';
    }
    return answerChart(reply, action.kind === 'chart' ? 'breakdown' : sweepKind(reply), replies, deps);
  }
  if (action.kind === 'estimate') {
    // "Memory estimate" under a NaN triage: the estimate, posted, and it becomes the thread's scenario.
    await replies.defer();
    const out = await prepare(reply, deps);
    const message = await replies.editOriginal(out.payload);
    await persistTurn(deps, answerKeys(message.id, place), base.state, out.rendered.ref);
    return verdictOf(reply);
  }
  const lever = reply.levers[action.index];
  if (!lever) {
    await replies.ephemeral({ content: EXPIRED });
    return 'expired';
  }
  await replies.defer();
  const next = await deps.respond(lever.change, base.state);
  const out = await prepare(next.reply, deps);
  const message = await replies.editOriginal(out.payload);
  await persistTurn(deps, answerKeys(message.id, place), next.state, out.rendered.ref);
  return verdictOf(next.reply);
}
