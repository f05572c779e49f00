import { describe, expect, it } from 'vitest';
import { apologyText, withErrorBoundary } from '../../src/ops/errors.js';
import { createLogger } from '../../src/ops/logger.js';

function recordingLog() {
  const calls: Array<{ fields: Record<string, unknown>; message?: string }> = [];
  return { calls, error: (fields: object, message?: string) => calls.push({ fields: fields as Record<string, unknown>, message }) };
}

describe('withErrorBoundary', () => {
  it('passes the handler value through and logs nothing when it succeeds', async () => {
    const log = recordingLog();
    expect(await withErrorBoundary(async () => 42, log)).toEqual({ ok: true, value: 42 });
    expect(await withErrorBoundary(() => 'sync', log)).toEqual({ ok: true, value: 'sync' });
    expect(log.calls).toHaveLength(0);
  });

  it('turns a rejection into the apology with an error id, and logs the error under the same id', async () => {
    const log = recordingLog();
    const result = await withErrorBoundary(async () => {
      throw new Error('estimate blew up');
    }, log, { requestId: 'req-1', platform: 'slack' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errorId).toMatch(/^[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(result.apology).toBe(`Sorry — something went wrong on my side (error id ${result.errorId}).`);
    expect(log.calls).toHaveLength(1);
    expect(log.calls[0]!.fields).toMatchObject({ errorId: result.errorId, requestId: 'req-1', platform: 'slack' });
    expect((log.calls[0]!.fields.err as Error).message).toBe('estimate blew up');
  });

  it('catches synchronous throws and non-Error values', async () => {
    const log = recordingLog();
    const sync = await withErrorBoundary(() => {
      throw 'just a string';
    }, log);
    expect(sync.ok).toBe(false);
    expect((log.calls[0]!.fields.err as Error).message).toContain('just a string');
  });

  it('never shows internals to the user', async () => {
    const result = await withErrorBoundary(() => {
      throw new Error('ECONNREFUSED 10.0.0.5:6379 at RedisStore.get');
    }, recordingLog());
    expect(result.ok ? '' : result.apology).not.toMatch(/ECONNREFUSED|RedisStore|at /);
  });

  it('gives different failures different ids', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const r = await withErrorBoundary(() => Promise.reject(new Error('x')), recordingLog());
      if (!r.ok) ids.add(r.errorId);
    }
    expect(ids.size).toBeGreaterThan(195);
  });

  it('still apologises when the logger itself throws', async () => {
    const brokenLog = { error: () => { throw new Error('disk full'); } };
    const r = await withErrorBoundary(() => { throw new Error('x'); }, brokenLog);
    expect(r.ok).toBe(false);
  });

  it('works with the real logger, which writes the id and the stack but no token', async () => {
    const lines: string[] = [];
    const log = createLogger({ env: {}, sink: { write: (l: string) => lines.push(l) } });
    const r = await withErrorBoundary(() => { throw new Error('slack said invalid_auth for xoxb-111-222-abcdef'); }, log);
    const entry = JSON.parse(lines[0]!) as { errorId: string; err: { stack: string; message: string } };
    expect(r.ok ? null : r.errorId).toBe(entry.errorId);
    expect(entry.err.stack).toContain('errors.test.ts');
    expect(lines[0]).not.toContain('xoxb-111');
    expect(apologyText('ABC123')).toContain('ABC123');
  });
});
