import { createHmac } from 'node:crypto';

/** Slack's request signature: `v0=` + HMAC-SHA256(secret, `v0:{timestamp}:{raw body}`) in hex. */
export function slackSignature(secret: string, timestampSeconds: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestampSeconds}:${body}`).digest('hex')}`;
}

export interface SignedPost {
  url: string;
  body: string;
  contentType: 'application/json' | 'application/x-www-form-urlencoded';
  secret: string;
  /** Defaults to now. */
  timestampSeconds?: number;
  /** Overrides the computed signature (to send a wrong one). */
  signature?: string;
}

/** POSTs like Slack does to an HTTP-mode app. */
export async function postSigned(request: SignedPost): Promise<{ status: number; text: string }> {
  const timestamp = request.timestampSeconds ?? Math.floor(Date.now() / 1000);
  const response = await fetch(request.url, {
    method: 'POST',
    headers: {
      'content-type': request.contentType,
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': request.signature ?? slackSignature(request.secret, timestamp, request.body),
    },
    body: request.body,
  });
  return { status: response.status, text: await response.text() };
}
