import type { types } from '@slack/bolt';
import { SLACK_LIMITS } from '../../src/render/slack.js';

/** Every Block Kit limit a message can break; returns the violations (empty when valid). */
export function blockKitViolations(message: { text: string; blocks: types.KnownBlock[] }): string[] {
  const problems: string[] = [];
  const { blocks } = message;
  if (message.text.trim() === '') problems.push('empty text fallback');
  if (message.text.length > SLACK_LIMITS.fallbackText) problems.push('text fallback too long');
  if (blocks.length === 0) problems.push('no blocks');
  if (blocks.length > SLACK_LIMITS.blocks) problems.push(`${blocks.length} blocks`);
  const size = JSON.stringify(blocks).length;
  if (size > 13_000) problems.push(`blocks total ${size} chars`);
  const actionIds = new Set<string>();
  for (const block of blocks) {
    switch (block.type) {
      case 'header':
        if (block.text.text.length > SLACK_LIMITS.headerText || block.text.text.trim() === '') problems.push('header text');
        break;
      case 'section':
        if (block.text && (block.text.text.length > SLACK_LIMITS.sectionText || block.text.text.trim() === '')) problems.push('section text');
        if (block.fields && (block.fields.length > SLACK_LIMITS.fields || block.fields.some((f) => f.text.length > SLACK_LIMITS.fieldText))) {
          problems.push('section fields');
        }
        break;
      case 'context':
        if (block.elements.length === 0 || block.elements.length > SLACK_LIMITS.contextElements) problems.push('context elements');
        for (const element of block.elements) {
          if ('text' in element && typeof element.text === 'string' && (element.text.length > SLACK_LIMITS.contextText || element.text.trim() === '')) {
            problems.push('context text');
          }
        }
        break;
      case 'actions':
        if (block.elements.length === 0 || block.elements.length > SLACK_LIMITS.actionsElements) problems.push('actions elements');
        for (const element of block.elements) {
          if (element.type !== 'button') continue;
          if ((element.value ?? '').length > SLACK_LIMITS.buttonValue) problems.push('button value');
          if (element.text.text.length > SLACK_LIMITS.buttonText || element.text.text.trim() === '') problems.push('button text');
          const id = element.action_id ?? '';
          if (actionIds.has(id)) problems.push(`duplicate action_id ${id}`);
          actionIds.add(id);
        }
        break;
      default:
        break;
    }
  }
  return problems;
}
