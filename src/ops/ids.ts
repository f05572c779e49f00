import { randomBytes } from 'node:crypto';

/**
 * Crockford base32 without the look-alikes (no I, L, O, U): an id a person can read back
 * over chat ("error id 7KQ2MX") without confusing 0/O or 1/I.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A random id of `length` characters (32^6 ≈ 1.07 × 10⁹ values at the default). */
export function shortId(length = 6): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** Request ids tie together every log line of one chat turn. */
export function newRequestId(): string {
  return `req-${shortId(10)}`;
}
