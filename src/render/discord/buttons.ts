import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIButtonComponent } from 'discord.js';
import type { EstimateReply } from '../../reply/types.js';
import { encodeCustomId, scenarioPayload, type ScenarioRef } from './customId.js';
import { COMPONENT_LIMITS, clip } from './limits.js';

export type ButtonRow = APIActionRowComponent<APIButtonComponent>;

/** Lever buttons are capped by what one row holds; the levers are already in priority order. */
const MAX_LEVER_BUTTONS = COMPONENT_LIMITS.buttonsPerRow;

function button(label: string, customId: string, style: ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success): APIButtonComponent {
  return { type: ComponentType.Button, style, label: clip(label, COMPONENT_LIMITS.label), custom_id: customId };
}

/**
 * One row of "apply this lever" buttons and one row of tools (Show math, Chart, Sweep). Every id
 * carries the scenario (see customId.ts); `ref` says whether the caller must also store it by hash.
 */
export function estimateButtons(reply: EstimateReply, options: { charts: boolean }): { rows: ButtonRow[]; ref: ScenarioRef } {
  const { payload, ref } = scenarioPayload(reply.canonical);
  const levers = reply.levers.slice(0, MAX_LEVER_BUTTONS).map((lever, index) =>
    button(lever.change.trim() || `Lever ${index + 1}`, encodeCustomId({ kind: 'lever', index }, payload), lever.fits ? ButtonStyle.Success : ButtonStyle.Primary),
  );
  const tools = [button('Show math', encodeCustomId({ kind: 'math' }, payload), ButtonStyle.Secondary)];
  if (options.charts) {
    tools.push(button('Chart', encodeCustomId({ kind: 'chart' }, payload), ButtonStyle.Secondary));
    tools.push(button('Sweep', encodeCustomId({ kind: 'sweep' }, payload), ButtonStyle.Secondary));
  }
  const rows: ButtonRow[] = [];
  if (levers.length > 0) rows.push({ type: ComponentType.ActionRow, components: levers });
  rows.push({ type: ComponentType.ActionRow, components: tools });
  return { rows, ref };
}
