import type { App } from '@slack/bolt';
import { LEVER_ACTION_PATTERN, ACTION_IDS } from '../../../render/slack.js';
import type { SlackDeps } from '../deps.js';
import { applyLever } from './actions/apply-lever.js';
import { chartButton } from './actions/chart.js';
import { memoryEstimate } from './actions/memory-estimate.js';
import { helpMore } from './actions/help-more.js';
import { showDetails } from './actions/show-details.js';
import { headroomCommand } from './commands/headroom.js';
import { appMention } from './events/app-mention.js';
import { message } from './events/message.js';

/** Every listener of the Slack app, one file each (slack-samples/bolt-ts-starter-template). */
export function registerListeners(app: App, deps: SlackDeps): void {
  app.command('/headroom', headroomCommand(deps));
  app.event('app_mention', appMention(deps));
  app.event('message', message(deps));
  app.action(LEVER_ACTION_PATTERN, applyLever(deps));
  app.action(ACTION_IDS.math, showDetails(deps, 'details'));
  app.action(ACTION_IDS.tips, showDetails(deps, 'tips'));
  app.action(ACTION_IDS.chart, chartButton(deps, 'chart'));
  app.action(ACTION_IDS.sweep, chartButton(deps, 'sweep'));
  app.action(ACTION_IDS.estimate, memoryEstimate(deps));
  app.action(ACTION_IDS.more, helpMore(deps));
}
