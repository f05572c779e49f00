import { afterEach, describe, expect, it } from 'vitest';
import { defaultHub, resetDefaultHub } from '../../src/hub/default.js';

// Test files share a module graph (vitest.config.ts), so the process's Hub client must be
// forgettable between them: test/setup/reset-hub.ts calls resetDefaultHub before every file.
afterEach(() => resetDefaultHub());

describe('the process Hub client (defaultHub) and its reset', () => {
  it('keeps the first environment it saw until reset, then reads the environment again', async () => {
    const refused = defaultHub({ HF_ENDPOINT: 'ftp://127.0.0.1:9', HEADROOM_HUB_CACHE_DIR: 'off' });
    const later = defaultHub({ HF_ENDPOINT: 'http://127.0.0.1:9', HEADROOM_HUB_CACHE_DIR: 'off' });
    expect(later).toBe(refused);
    await expect(later.resolve('org/model')).rejects.toThrow(/HF_ENDPOINT/);

    resetDefaultHub();
    const fresh = defaultHub({ HF_ENDPOINT: 'http://127.0.0.1:9', HEADROOM_HUB_CACHE_DIR: 'off' });
    expect(fresh).not.toBe(refused);
    expect(defaultHub({ HF_ENDPOINT: 'ftp://127.0.0.1:9' })).toBe(fresh);
  });
});
