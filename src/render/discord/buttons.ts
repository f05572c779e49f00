import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIButtonComponent } from 'discord.js';
import type { EstimateReply } from '../../reply/types.js';
import { FIRST_SCREEN_LEVERS, leverLabel, offersOomTips, offersSweep } from '../first-screen.js';
import { encodeCustomId, scenarioPayload, type ScenarioRef } from './customId.js';
import { COMPONENT_LIMITS, clip } from './limits.js';

export type ButtonRow = APIActionRowComponent<APIButtonComponent>;

function button(label: string, customId: string, style: ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success): APIButtonComponent {
  return { type: ComponentType.Button, style, label: clip(label, COMPONENT_LIMITS.label), custom_id: customId };
}

/**
 * One row with the top levers ("gc → 70.6 GiB ✓"), one row of tools: Details, Chart, Sweep (for
 * batch and sequence questions) and OOM tips (when it does not fit). Every id carries the
 * scenario (see customId.ts): only the items that differ from the defaults (EstimateReply.compact),
 * so every answer fits; `ref` says whether the caller must also store it by hash.
 */
export function estimateButtons(reply: EstimateReply, options: { charts: boolean }): { rows: ButtonRow[]; ref: ScenarioRef } {
  // Too long for an id, the scenario goes by a hash of what it is (with the OOM measured against it), never of its text.
  const { payload, ref } = scenarioPayload(reply.compact, JSON.stringify({ s: reply.scenario, m: reply.measured }));
  // Green where the change makes it fit; grey where it still does not, so it never stands out (issue 24).
  const levers = reply.levers
    .slice(0, FIRST_SCREEN_LEVERS)
    .map((lever, index) => button(lever.change.trim() ? leverLabel(lever) : `Lever ${index + 1}`, encodeCustomId({ kind: 'lever', index }, payload), lever.fits === true ? ButtonStyle.Success : ButtonStyle.Secondary));
  const tools = [button('Details', encodeCustomId({ kind: 'math' }, payload), ButtonStyle.Secondary)];
  if (options.charts) {
    tools.push(button('Chart', encodeCustomId({ kind: 'chart' }, payload), ButtonStyle.Secondary));
    if (offersSweep(reply)) tools.push(button('Sweep', encodeCustomId({ kind: 'sweep' }, payload), ButtonStyle.Secondary));
  }
  if (offersOomTips(reply)) tools.push(button('OOM tips', encodeCustomId({ kind: 'tips' }, payload), ButtonStyle.Secondary));
  const rows: ButtonRow[] = [];
  if (levers.length > 0) rows.push({ type: ComponentType.ActionRow, components: levers });
  rows.push({ type: ComponentType.ActionRow, components: tools });
  return { rows, ref };
}
