import { resetDefaultHub } from '../../src/hub/default.js';

// Test files share a module graph (vitest.config.ts, isolate: false): the process's Hub client
// would otherwise keep the HF_ENDPOINT of whichever file made it first.
resetDefaultHub();
