import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { parse as parseQuery } from 'node:querystring';
import { isFreshSlackRequest } from './request-freshness.js';

export const SIGNATURE_HEADER = 'x-slack-signature';
export const TIMESTAMP_HEADER = 'x-slack-request-timestamp';

/** `v0=` and 64 hex digits: the only signature shape Slack sends (docs: "Verifying requests from Slack"). */
const SIGNATURE_SHAPE = /^v0=[0-9a-f]{64}$/;

export type HeaderVerdict = { ok: true; signature: string; timestamp: string } | { ok: false; reason: 'missing_signature' | 'malformed_signature' | 'stale_or_future_timestamp' };

/**
 * What can be judged from the headers alone, before a byte of the body is read: a signature of
 * the right shape and a timestamp inside the ±5 minute window. A request failing this is not
 * from Slack (or is a replay from long ago), so it costs no buffering.
 */
export function checkSignatureHeaders(headers: IncomingHttpHeaders, nowMs: number = Date.now()): HeaderVerdict {
  const signature = headers[SIGNATURE_HEADER];
  const timestamp = headers[TIMESTAMP_HEADER];
  if (signature === undefined || timestamp === undefined) return { ok: false, reason: 'missing_signature' };
  if (typeof signature !== 'string' || !SIGNATURE_SHAPE.test(signature)) return { ok: false, reason: 'malformed_signature' };
  if (typeof timestamp !== 'string' || !isFreshSlackRequest(headers, nowMs)) return { ok: false, reason: 'stale_or_future_timestamp' };
  return { ok: true, signature, timestamp };
}

/** HMAC-SHA256(secret, `v0:{timestamp}:{raw body}`) compared in constant time. */
export function signatureMatches(secret: string, signature: string, timestamp: string, body: Buffer): boolean {
  const expected = Buffer.from(`v0=${createHmac('sha256', secret).update(`v0:${timestamp}:`).update(body).digest('hex')}`);
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * True when the body, read the way Bolt reads it (a form's `payload` field is JSON; other forms
 * are their fields; anything else is JSON), is an object. Bolt reads `body.ssl_check` and
 * `body.type` outside its own try/catch, so a signed `null`, `1` or `[]` would reject
 * unhandled inside Bolt; such a body is answered 400 here instead.
 */
export function isSlackPayload(contentType: string | undefined, body: Buffer): boolean {
  try {
    const text = body.toString('utf8');
    if (contentType === 'application/x-www-form-urlencoded') {
      const fields = parseQuery(text);
      if (typeof fields.payload !== 'string') return true;
      return isPlainObject(JSON.parse(fields.payload));
    }
    return isPlainObject(JSON.parse(text));
  } catch {
    return false;
  }
}

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
