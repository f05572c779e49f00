import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { DEFAULT_HF_ENDPOINT, hubConfigFromEnv } from '../../src/config/hub.js';

describe('Hub configuration (HF_ENDPOINT, HF_TOKEN)', () => {
  it('defaults to huggingface.co, no token, a cache folder and a 3 s timeout', () => {
    expect(hubConfigFromEnv({})).toEqual({ endpoint: DEFAULT_HF_ENDPOINT, token: null, cacheDir: '.headroom-hub-cache', timeoutMs: 3000 });
    expect(DEFAULT_HF_ENDPOINT).toBe('https://huggingface.co');
  });

  it('takes a mirror without its trailing slash, the token, and blank values as unset', () => {
    const c = hubConfigFromEnv({ HF_ENDPOINT: 'https://hf-mirror.example.com/', HF_TOKEN: 'hf_abc123', HEADROOM_HUB_CACHE_DIR: ' ', HEADROOM_HUB_TIMEOUT_MS: '1500' });
    expect(c).toEqual({ endpoint: 'https://hf-mirror.example.com', token: 'hf_abc123', cacheDir: '.headroom-hub-cache', timeoutMs: 1500 });
    expect(hubConfigFromEnv({ HEADROOM_HUB_CACHE_DIR: 'off' }).cacheDir).toBeNull();
  });

  it('a bad value is an error naming the variable, never the value', () => {
    expect(() => hubConfigFromEnv({ HF_ENDPOINT: 'ftp://secret-host' })).toThrow(/HF_ENDPOINT must be an http\(s\) URL/);
    try {
      hubConfigFromEnv({ HF_TOKEN: 'hf_secret value' });
      throw new Error('expected an error');
    } catch (error) {
      expect((error as Error).message).toMatch(/HF_TOKEN must be a single token/);
      expect((error as Error).message).not.toContain('hf_secret');
    }
  });

  it('is part of the process configuration', () => {
    expect(loadConfig({ HF_ENDPOINT: 'http://127.0.0.1:9' }).hub.endpoint).toBe('http://127.0.0.1:9');
  });
});
