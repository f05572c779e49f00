import { describe, expect, it } from 'vitest';
import { ConfigError, defaultComputeThreads, loadConfig } from '../../src/config/index.js';
import { DEFAULT_RATE_LIMITS } from '../../src/ops/rate-limit.js';

/** The operational variables added for issue 7: rate limits and log switches. */
describe('operational configuration', () => {
  it('defaults to DEFAULT_RATE_LIMITS and JSON logs without message text', () => {
    const config = loadConfig({});
    expect(config.rateLimits).toEqual(DEFAULT_RATE_LIMITS);
    expect(config.logPretty).toBe(false);
    expect(config.logMessageText).toBe(false);
  });

  it('reads RATE_LIMIT_* and the log switches; blank values count as unset', () => {
    const config = loadConfig({ RATE_LIMIT_USER_BURST: '3', RATE_LIMIT_USER_PER_MIN: '30', RATE_LIMIT_CHANNEL_BURST: ' ', RATE_LIMIT_CHANNEL_PER_MIN: '0', LOG_PRETTY: 'true', LOG_MESSAGE_TEXT: '1' });
    expect(config.rateLimits.user).toEqual({ burst: 3, perMinute: 30 });
    expect(config.rateLimits.channel).toEqual({ burst: DEFAULT_RATE_LIMITS.channel.burst, perMinute: 0 });
    expect(config.logPretty).toBe(true);
    expect(config.logMessageText).toBe(true);
  });

  it.each([
    ['RATE_LIMIT_USER_BURST', '0', /RATE_LIMIT_USER_BURST must be at least 1/],
    ['RATE_LIMIT_CHANNEL_PER_MIN', 'lots', /RATE_LIMIT_CHANNEL_PER_MIN must be a number/],
    ['LOG_PRETTY', 'maybe', /LOG_PRETTY must be 1 or 0/],
    ['HEADROOM_COMPUTE_THREADS', '1.5', /HEADROOM_COMPUTE_THREADS must be a whole number/],
    ['HEADROOM_COMPUTE_THREADS', '-1', /HEADROOM_COMPUTE_THREADS must be 0/],
    ['HEADROOM_COMPUTE_THREADS', '64', /HEADROOM_COMPUTE_THREADS must be at most 16/],
    ['HEADROOM_MAX_IN_FLIGHT', '0', /HEADROOM_MAX_IN_FLIGHT must be at least 1/],
    ['HEADROOM_REDIS_ALIVE_MS', '500', /HEADROOM_REDIS_ALIVE_MS must be at least 1000/],
  ])('refuses %s=%s naming the variable', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });

  it('computes answers on one worker thread when a second core exists, unless told otherwise', () => {
    expect(defaultComputeThreads(1)).toBe(0);
    expect(defaultComputeThreads(2)).toBe(1);
    expect(defaultComputeThreads(16)).toBe(1);
    expect(loadConfig({ HEADROOM_COMPUTE_THREADS: '0' }).computeThreads).toBe(0);
    expect(loadConfig({ HEADROOM_COMPUTE_THREADS: '3' }).computeThreads).toBe(3);
    expect(loadConfig({}).computeThreads).toBe(defaultComputeThreads());
  });

  it('sheds load past HEADROOM_MAX_IN_FLIGHT requests, 256 unless told otherwise', () => {
    expect(loadConfig({}).maxInFlight).toBe(256);
    expect(loadConfig({ HEADROOM_MAX_IN_FLIGHT: '32' }).maxInFlight).toBe(32);
  });

  it("gives a Redis replica's heartbeat HEADROOM_REDIS_ALIVE_MS, the journal's 15 s unless told otherwise", () => {
    expect(loadConfig({}).store.aliveTtlMs).toBeUndefined();
    expect(loadConfig({ HEADROOM_REDIS_ALIVE_MS: '4000' }).store.aliveTtlMs).toBe(4000);
  });
});
