import { verify } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CLOCK_SKEW_SECONDS, publicKeyFromHex, verifyInteraction } from '../../src/adapters/discord/http/verify.js';
import { InteractionSigner } from './standin/signer.js';

const signer = new InteractionSigner();
const key = publicKeyFromHex(signer.publicKeyHex);
const NOW_MS = 1_700_000_000_000;
const NOW_S = NOW_MS / 1000;

function signed(body: Buffer, timestamp = String(NOW_S)) {
  return { body, timestamp, signature: signer.sign(timestamp, body) };
}

const bodies = fc.uint8Array({ minLength: 0, maxLength: 512 }).map((bytes) => Buffer.from(bytes));
const inWindow = fc.integer({ min: -MAX_CLOCK_SKEW_SECONDS, max: MAX_CLOCK_SKEW_SECONDS }).map((skew) => String(NOW_S + skew));

describe('Ed25519 interaction signatures (verify.ts)', () => {
  it('wraps a raw key as SPKI DER that verifies RFC 8032 test vector 2', () => {
    // RFC 8032 §7.1, TEST 2: one-byte message 0x72.
    const rfcKey = publicKeyFromHex('3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c');
    const signature = Buffer.from('92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00', 'hex');
    expect(verify(null, Buffer.from([0x72]), rfcKey, signature)).toBe(true);
    expect(verify(null, Buffer.from([0x73]), rfcKey, signature)).toBe(false);
  });

  it('refuses a public key that is not 64 hex characters', () => {
    expect(() => publicKeyFromHex('abc')).toThrow(/64 hex characters/);
    expect(() => publicKeyFromHex(`${signer.publicKeyHex}00`)).toThrow(/64 hex characters/);
    expect(() => publicKeyFromHex('z'.repeat(64))).toThrow(/64 hex characters/);
  });

  it('accepts a genuine signature over any body with a timestamp inside the window', () => {
    fc.assert(
      fc.property(bodies, inWindow, (body, timestamp) => {
        expect(verifyInteraction(key, signed(body, timestamp), NOW_MS)).toEqual({ ok: true });
      }),
    );
  });

  it('refuses a body with any one byte changed', () => {
    fc.assert(
      fc.property(bodies.filter((b) => b.length > 0), fc.nat(), fc.integer({ min: 1, max: 255 }), (body, at, mask) => {
        const request = signed(body);
        const tampered = Buffer.from(body);
        tampered[at % body.length]! ^= mask;
        expect(verifyInteraction(key, { ...request, body: tampered }, NOW_MS)).toEqual({ ok: false, reason: 'bad_signature' });
      }),
    );
  });

  it('refuses a body with bytes added or removed at the end', () => {
    fc.assert(
      fc.property(bodies.filter((b) => b.length > 0), fc.uint8Array({ minLength: 1, maxLength: 8 }), (body, extra) => {
        const request = signed(body);
        expect(verifyInteraction(key, { ...request, body: Buffer.concat([body, extra]) }, NOW_MS).ok).toBe(false);
        expect(verifyInteraction(key, { ...request, body: body.subarray(0, -1) }, NOW_MS).ok).toBe(false);
      }),
    );
  });

  it('refuses a signature with any one byte changed', () => {
    fc.assert(
      fc.property(bodies, fc.integer({ min: 0, max: 63 }), fc.integer({ min: 1, max: 255 }), (body, at, mask) => {
        const request = signed(body);
        const bytes = Buffer.from(request.signature, 'hex');
        bytes[at]! ^= mask;
        expect(verifyInteraction(key, { ...request, signature: bytes.toString('hex') }, NOW_MS)).toEqual({ ok: false, reason: 'bad_signature' });
      }),
    );
  });

  it('refuses a timestamp with any one digit changed, even inside the window', () => {
    fc.assert(
      fc.property(bodies, fc.nat(), fc.integer({ min: 1, max: 9 }), (body, at, shift) => {
        const request = signed(body);
        const digits = [...request.timestamp];
        const i = at % digits.length;
        digits[i] = String((Number(digits[i]) + shift) % 10);
        expect(verifyInteraction(key, { ...request, timestamp: digits.join('') }, NOW_MS).ok).toBe(false);
      }),
    );
  });

  it('refuses a request signed with another application key', () => {
    const other = new InteractionSigner();
    const body = Buffer.from('{"type":1}');
    const timestamp = String(NOW_S);
    expect(verifyInteraction(key, { body, timestamp, signature: other.sign(timestamp, body) }, NOW_MS)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('keeps a 5-minute window on both sides of the clock', () => {
    const body = Buffer.from('{"type":1}');
    const at = (skew: number) => verifyInteraction(key, signed(body, String(NOW_S + skew)), NOW_MS);
    expect(at(-300)).toEqual({ ok: true });
    expect(at(300)).toEqual({ ok: true });
    expect(at(-301)).toEqual({ ok: false, reason: 'stale_timestamp' });
    expect(at(301)).toEqual({ ok: false, reason: 'future_timestamp' });
  });

  it('names what is missing or malformed', () => {
    const request = signed(Buffer.from('{}'));
    expect(verifyInteraction(key, { ...request, signature: undefined }, NOW_MS)).toEqual({ ok: false, reason: 'missing_signature' });
    expect(verifyInteraction(key, { ...request, timestamp: undefined }, NOW_MS)).toEqual({ ok: false, reason: 'missing_signature' });
    expect(verifyInteraction(key, { ...request, signature: request.signature.slice(2) }, NOW_MS)).toEqual({ ok: false, reason: 'malformed_signature' });
    expect(verifyInteraction(key, { ...request, signature: `${request.signature.slice(2)}zz` }, NOW_MS)).toEqual({ ok: false, reason: 'malformed_signature' });
    expect(verifyInteraction(key, { ...request, timestamp: `${request.timestamp}.5` }, NOW_MS)).toEqual({ ok: false, reason: 'malformed_timestamp' });
    expect(verifyInteraction(key, { ...request, timestamp: '' }, NOW_MS)).toEqual({ ok: false, reason: 'malformed_timestamp' });
  });
});
