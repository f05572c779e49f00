import { createPublicKey, verify, type KeyObject } from 'node:crypto';

/**
 * Discord signs every interaction it POSTs with the application's Ed25519 key: the signature
 * (header X-Signature-Ed25519, hex) covers the timestamp (X-Signature-Timestamp, unix seconds)
 * followed by the raw body bytes. An endpoint that skips the check is removed by Discord, which
 * sends deliberately bad signatures when the URL is saved and at random afterwards.
 */

/**
 * The DER header of an Ed25519 SubjectPublicKeyInfo (RFC 8410 §4): SEQUENCE { SEQUENCE { OID
 * 1.3.101.112 }, BIT STRING (33 bytes, 0 unused bits) }. The raw 32-byte key follows it.
 */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The replay window, both ways (as Slack's: a captured request cannot be replayed later, nor a forged clock used). */
export const MAX_CLOCK_SKEW_SECONDS = 5 * 60;

export const SIGNATURE_HEADER = 'x-signature-ed25519';
export const TIMESTAMP_HEADER = 'x-signature-timestamp';

/** The application's public key (Developer Portal → General Information → Public Key, 64 hex characters). */
export function publicKeyFromHex(hex: string): KeyObject {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error('an Ed25519 public key is 64 hex characters (32 bytes)');
  return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(hex, 'hex')]), format: 'der', type: 'spki' });
}

export interface SignedRequest {
  signature: string | undefined;
  timestamp: string | undefined;
  /** The body exactly as received, before any parsing. */
  body: Buffer;
}

export type RejectReason = 'missing_signature' | 'malformed_signature' | 'malformed_timestamp' | 'stale_timestamp' | 'future_timestamp' | 'bad_signature';

export type Verdict = { ok: true } | { ok: false; reason: RejectReason };

/** Checks the timestamp window first (no crypto for a replay), then the signature over `timestamp + body`. */
export function verifyInteraction(key: KeyObject, request: SignedRequest, nowMs: number = Date.now()): Verdict {
  const { signature, timestamp, body } = request;
  if (signature === undefined || timestamp === undefined) return { ok: false, reason: 'missing_signature' };
  if (!/^[0-9a-fA-F]{128}$/.test(signature)) return { ok: false, reason: 'malformed_signature' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'malformed_timestamp' };
  const skew = Math.floor(nowMs / 1000) - Number(timestamp);
  if (skew > MAX_CLOCK_SKEW_SECONDS) return { ok: false, reason: 'stale_timestamp' };
  if (-skew > MAX_CLOCK_SKEW_SECONDS) return { ok: false, reason: 'future_timestamp' };
  let genuine = false;
  try {
    genuine = verify(null, Buffer.concat([Buffer.from(timestamp, 'utf8'), body]), key, Buffer.from(signature, 'hex'));
  } catch {
    genuine = false;
  }
  return genuine ? { ok: true } : { ok: false, reason: 'bad_signature' };
}

/** One header's value; a repeated header is not a signature we issued. */
export function singleHeader(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
