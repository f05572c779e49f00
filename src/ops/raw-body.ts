import type { IncomingMessage } from 'node:http';

/** Chat platforms send a few KiB at once (a command with its options, a button with its message); 64 KiB is generous. */
export const MAX_BODY_BYTES = 64 * 1024;

export type BodyResult = { ok: true; body: Buffer } | { ok: false; reason: 'too_large' | 'aborted' };

/**
 * The raw request body, which the signature covers byte for byte, read before any parsing.
 * Stops collecting past `maxBytes` (a declared Content-Length over it is refused before reading)
 * so a large or endless body cannot fill memory; the caller answers 413 and closes the connection.
 */
export function readRawBody(req: IncomingMessage, maxBytes: number = MAX_BODY_BYTES): Promise<BodyResult> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    req.resume();
    return Promise.resolve({ ok: false, reason: 'too_large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BodyResult) => {
      req.off('data', onData).off('end', onEnd).off('error', onError).off('close', onError);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        finish({ ok: false, reason: 'too_large' });
        req.resume(); // Discard the rest; the 413 closes the connection.
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish({ ok: true, body: Buffer.concat(chunks) });
    // 'close' before 'end': the client went away mid-body.
    const onError = () => finish({ ok: false, reason: 'aborted' });
    req.on('data', onData).on('end', onEnd).on('error', onError).on('close', onError);
  });
}
