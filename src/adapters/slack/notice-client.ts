import { webApi } from '@slack/bolt';

const siblings = new WeakMap<webApi.WebClient, webApi.WebClient>();

/**
 * The client notices go through (chat.postEphemeral: a refusal, a request error, a lost
 * scenario, shown to one person). A sibling of Bolt's client with the same token and API base,
 * but no retries and 429s rejected: on Bolt's own client a rate-limited notice would pause the
 * whole request queue for its Retry-After, holding every answer behind it (issue 26). A notice
 * Slack refuses is dropped and logged by its caller; answers keep their client and its retries.
 * A client without a token (a test's fake) is used as it is.
 */
export function noticeClient(client: webApi.WebClient): webApi.WebClient {
  if (typeof client.token !== 'string' || !(client instanceof webApi.WebClient)) return client;
  let sibling = siblings.get(client);
  if (!sibling) {
    sibling = new webApi.WebClient(client.token, {
      slackApiUrl: client.slackApiUrl,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      timeout: 5000,
      logLevel: webApi.LogLevel.ERROR,
    });
    siblings.set(client, sibling);
  }
  return sibling;
}
