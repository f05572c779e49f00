import type { Requester } from '../../admission.js';

/** Rate-limit keys of a Slack request: users and channels are per workspace, hence the team prefix. */
export function slackRequester(team: string, user: string, channel: string): Requester {
  return { user: `slack:${team}:${user}`, channel: `slack:${team}:${channel}` };
}
