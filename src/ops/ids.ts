import { randomBytes } from 'node:crypto';

/**
 * Crockford base32 without the look-alikes (no I, L, O, U): an id a person can read back
 * over chat ("error id 7KQ2MX") without confusing 0/O or 1/I.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * Random bytes drawn 4 KiB at a time: one randomBytes call per id cost about 1% of a busy bot's
 * CPU (bench:load profile), most of it per-call overhead.
 */
const POOL_BYTES = 4096;
let pool = randomBytes(POOL_BYTES);
let used = 0;

function nextRandomByte(): number {
  if (used === POOL_BYTES) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  return pool[used++]!;
}

/**
 * A random id of `length` characters (32^6 ≈ 1.07 × 10⁹ values at the default). 256 is a
 * multiple of 32, so `byte % 32` is uniform.
 */
export function shortId(length = 6): string {
  let id = '';
  for (let i = 0; i < length; i++) id += ALPHABET[nextRandomByte() % ALPHABET.length];
  return id;
}

/** Request ids tie together every log line of one chat turn. */
export function newRequestId(): string {
  return `req-${shortId(10)}`;
}
