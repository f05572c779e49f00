import type { types } from '@slack/bolt';
import { SLACK_LIMITS, truncate } from './limits.js';

type KnownBlock = types.KnownBlock;

/** Small Block Kit builders; each clamps its text to the block's limit. */

export function header(text: string): types.HeaderBlock {
  return { type: 'header', text: { type: 'plain_text', text: truncate(text, SLACK_LIMITS.headerText), emoji: true } };
}

export function section(mrkdwn: string, max: number = SLACK_LIMITS.sectionText): types.SectionBlock {
  return { type: 'section', text: { type: 'mrkdwn', text: truncate(mrkdwn, Math.min(max, SLACK_LIMITS.sectionText)) } };
}

/** A code block that stays a code block when cut: the closing fence is kept inside the limit. */
export function codeSection(code: string, max: number = SLACK_LIMITS.sectionText): types.SectionBlock {
  const fence = '```';
  const room = Math.min(max, SLACK_LIMITS.sectionText) - 2 * fence.length - 2;
  return { type: 'section', text: { type: 'mrkdwn', text: `${fence}\n${truncate(code, room)}\n${fence}` } };
}

/** A context line; blank elements are dropped (Slack refuses empty text), a lone dash stands in if none remain. */
export function context(mrkdwn: string[]): types.ContextBlock {
  const present = mrkdwn.filter((text) => text.trim() !== '');
  return {
    type: 'context',
    elements: (present.length ? present : ['—'])
      .slice(0, SLACK_LIMITS.contextElements)
      .map((text) => ({ type: 'mrkdwn' as const, text: truncate(text, SLACK_LIMITS.contextText) })),
  };
}

export function divider(): types.DividerBlock {
  return { type: 'divider' };
}

export function button(text: string, actionId: string, value: string, style?: 'primary'): types.Button {
  const element: types.Button = {
    type: 'button',
    text: { type: 'plain_text', text: truncate(text, SLACK_LIMITS.buttonText), emoji: true },
    action_id: actionId,
    value,
  };
  if (style) element.style = style;
  return element;
}

export function actions(elements: types.Button[]): types.ActionsBlock {
  return { type: 'actions', elements: elements.slice(0, SLACK_LIMITS.actionsElements) };
}

/** Serialized size of blocks: what the ~13k total limit is measured against (conservatively). */
export function blocksSize(blocks: KnownBlock[]): number {
  return JSON.stringify(blocks).length;
}

/** A block with a rank: lower ranks are kept first when the message budget runs out. */
export interface RankedBlock {
  block: KnownBlock;
  /** 0 = required; higher = dropped earlier. */
  rank: number;
}

/**
 * Keeps the required blocks and then as many optional ones (best rank first, then in display
 * order) as fit the block count and the character budget; returns them in display order.
 */
export function fitBlocks(ranked: RankedBlock[], budget: number = SLACK_LIMITS.messageChars): KnownBlock[] {
  const order = ranked.map((entry, index) => ({ ...entry, index }));
  const byPriority = [...order].sort((a, b) => a.rank - b.rank || a.index - b.index);
  const kept = new Set<number>();
  let size = 2; // "[]"
  for (const entry of byPriority) {
    const extra = JSON.stringify(entry.block).length + (kept.size > 0 ? 1 : 0);
    const fits = kept.size < SLACK_LIMITS.blocks && size + extra <= budget;
    if (fits || entry.rank === 0) {
      kept.add(entry.index);
      size += extra;
    }
  }
  return order.filter((entry) => kept.has(entry.index)).map((entry) => entry.block);
}
