import { describe, expect, it } from 'vitest';
import { GUARD_RULES } from '../../src/language/hardware/rules.js';
import { namesVllmRelease } from '../../src/language/prose/program-releases.js';
import { NAME_RULES } from '../../src/language/prose/rules/names.js';
import { ENGINE_RELEASE } from '../../src/language/segments/launcher-prefix.js';
import { LOG_EVIDENCE } from '../../src/language/segments/log-evidence-rules.js';
import { numberRangeSource, VLLM_FIRST_MINOR, VLLM_LAST_MINOR, VLLM_VERSION_KEYWORDS } from '../../src/language/vllm-versions.js';

/**
 * vLLM's releases the language names are one range (vllm-versions.ts: VLLM_FIRST_MINOR–VLLM_LAST_MINOR), and every
 * pattern that finds a release in prose or a log is built from it. Five patterns had each written the range out
 * (`0\.(?:[12]\d|[2-9])`) beside VLLM_LAST_MINOR: naming 0.30 would have been six edits, and one missed would read a
 * release in one context and not another. Every release in the range is read in each context; the next is in none.
 */

const named = Array.from({ length: VLLM_LAST_MINOR - VLLM_FIRST_MINOR + 1 }, (_, i) => VLLM_FIRST_MINOR + i);
const notNamed = [VLLM_LAST_MINOR + 1, VLLM_LAST_MINOR + 2, VLLM_FIRST_MINOR - 1, 99];
const releasesOf = (minor: number) => [`0.${minor}`, `0.${minor}.0`, `0.${minor}.9`];

const ruleOf = <T extends { id: string }>(rules: readonly T[], id: string): T => rules.find((r) => r.id === id)!;
const label = ruleOf(NAME_RULES, 'prose.vllm-release-label');
const serverVersion = ruleOf(LOG_EVIDENCE, 'log.vllm-server-version');
const notHardware = ruleOf(GUARD_RULES, 'not-hw.version');

/** The release each context reads from its own words, or null. */
const CONTEXTS: Record<string, (release: string) => string | null> = {
  'prose label ("vLLM version: 0.x")': (r) => new RegExp(label.pattern.source, label.pattern.flags).exec(`vllm version: ${r}\n`)?.[1] ?? null,
  'server log ("vLLM API server version 0.x")': (r) => serverVersion.pattern.exec(`info api_server.py:840] vllm api server version ${r}`)?.[1] ?? null,
  'V1 engine log ("Initializing a V1 LLM engine (v0.x)")': (r) => serverVersion.pattern.exec(`initializing a v1 llm engine (v${r}) with config:`)?.[1] ?? null,
  'V0 engine log ("Initializing an LLM engine (v0.x)")': (r) => ENGINE_RELEASE.exec(`info 11-02 10:15:22 llm_engine.py:72] initializing an llm engine (v${r}) with config: model='x'`)?.[1] ?? null,
  'a bare release kept ("vllm==0.x")': (r) => {
    const text = `pip install vllm==${r} `;
    const at = text.indexOf(r);
    const m = Object.assign([r], { index: at, input: text }) as unknown as RegExpExecArray;
    return namesVllmRelease(m) ? r : null;
  },
  'not hardware ("vllm 0.x" is no card count)': (r) => {
    const m = new RegExp(notHardware.pattern.source, notHardware.pattern.flags).exec(`vllm ${r}`);
    return m && m.index === 0 ? null : r;
  },
  'a word of the item language ("vllm 0.x")': (r) => (VLLM_VERSION_KEYWORDS.some((k) => k.spellings.includes(`vllm ${r}`)) ? r : null),
};

describe('every vLLM release the language names is read in each context, and no other (vllm-versions.ts)', () => {
  for (const [context, read] of Object.entries(CONTEXTS)) {
    it(`${context}: 0.${VLLM_FIRST_MINOR}–0.${VLLM_LAST_MINOR} read, others not`, () => {
      for (const minor of named) for (const release of releasesOf(minor)) expect(read(release), release).toBe(release);
      for (const minor of notNamed) for (const release of releasesOf(minor)) expect(read(release), release).toBeNull();
    });
  }

  it('the range source reads exactly its numbers, for any range the language might name', () => {
    for (let to = 9; to < 100; to++) {
      const range = new RegExp(`^${numberRangeSource(2, to)}$`);
      for (let n = 0; n < 110; n++) expect(range.test(String(n)), `${n} in 2..${to}`).toBe(n >= 2 && n <= to);
    }
  });
});
