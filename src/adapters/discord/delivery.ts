import type { Reply } from '../../reply/types.js';
import { renderDiscord, type DiscordMessage } from '../../render/discord.js';
import type { ChartKind, HandlerDeps } from './deps.js';
import { withScenarioMarker } from './scenario-marker.js';

export const CHART_FILE = 'chart.png';

/** A file sent with a message: discord.js takes it as an AttachmentPayload, REST as a RawFile. */
export interface FileAttachment {
  attachment: Buffer;
  name: string;
}

/** A whole message as headroom sends it (a new message, or an edit that replaces everything). */
export interface MessagePayload {
  content?: string;
  embeds: DiscordMessage['embeds'];
  components: DiscordMessage['components'];
  files: FileAttachment[];
}

export interface Outgoing {
  rendered: DiscordMessage;
  /** What is sent: embeds, buttons and any chart attachment. */
  payload: MessagePayload;
}

/** A chart that fails to render must not lose the answer: log it and send the embed alone. */
async function chartFile(reply: Reply, kind: ChartKind | null, deps: HandlerDeps): Promise<FileAttachment | null> {
  if (!kind || !deps.chart || reply.kind !== 'estimate') return null;
  try {
    return { attachment: await deps.chart(reply, kind), name: CHART_FILE };
  } catch (error) {
    deps.log({ event: 'discord.chart.failed', kind, error: String(error) });
    return null;
  }
}

/** The chart the request asked for (`... chart`, `sweep batch`), if any. */
export function requestedChart(reply: Reply): ChartKind | null {
  return reply.kind === 'estimate' && reply.scenario.chart !== 'none' ? reply.scenario.chart : null;
}

export async function prepare(reply: Reply, deps: HandlerDeps, chart: ChartKind | null = requestedChart(reply), note: string | null = null): Promise<Outgoing> {
  return withFile(reply, deps, await chartFile(reply, chart, deps), note);
}

/** The answer's message with a chart already drawn (or none); an estimate carries its scenario (scenario-marker.ts). */
export function withFile(reply: Reply, deps: HandlerDeps, file: FileAttachment | null, note: string | null = null): Outgoing {
  const rendered = withScenarioMarker(renderDiscord(reply, { charts: deps.chart !== null, imageName: file ? CHART_FILE : undefined, note }), reply);
  return { rendered, payload: { embeds: rendered.embeds, components: rendered.components, files: file ? [file] : [] } };
}

/** A chart on its own (Chart / Sweep clicked): the answer it belongs to is right above, so it is not sent again (issue 24). */
export function chartOnly(file: FileAttachment): MessagePayload {
  return { embeds: [], components: [], files: [file] };
}

/** A short text that replaces whatever the response showed (a notice, an apology). */
export function textOnly(content: string): MessagePayload {
  return { content, embeds: [], components: [], files: [] };
}
