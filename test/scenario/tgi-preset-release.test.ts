import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tgiKvRule } from '../../src/memory/tgi-release.js';
import { TGI_VERSION_KEYWORDS } from '../../src/language/tgi-versions.js';
import { resolveRequest } from '../../src/scenario/resolve.js';

/**
 * The TGI preset note said "(TGI 3.3 on; …)" beside a request that named `tgi 1.0.1`, while the
 * estimate used 1.0.1's rule (memory/tgi-release.ts). The note now says the rule of the release the
 * request named, the same one the KV pool is sized by.
 */
function note(text: string): { note: string; source: string } {
  const r = resolveRequest(text, null);
  if (!r.ok || !r.scenario) throw new Error(`not read: ${text}`);
  return { note: r.assumptions.find((a) => /^TGI preset/.test(a)) ?? '', source: tgiKvRule(r.scenario).source };
}

describe("the TGI preset note says the named release's rule", () => {
  it('tgi 1.0.1: TGI 1.x\'s rule, the release named, no "TGI 3.3"', () => {
    const { note: said } = note('llama 2 7b on an a10g with tgi 1.0.1, max-total-tokens 4096');
    expect(said).toMatch(/TGI 1\.x: every free byte/);
    expect(said).toMatch(/TGI 1\.0\.1, the release named/);
    expect(said).not.toMatch(/3\.3/);
  });

  it("tgi 2.0.4: 2.x's prefill default (max-input-tokens + 50) and its 95% of the free memory", () => {
    const { note: said } = note('llama 2 7b on 1x a10g with tgi 2.0.4');
    expect(said).toMatch(/max-input-tokens \+ 50/);
    expect(said).toMatch(/TGI 2\.0–2\.3: 95%/);
  });

  it('no release named: the newest rule, with how to name an older one', () => {
    expect(note('llama 2 7b on 1x a10g with tgi').note).toMatch(/TGI 3\.3 on: .*the newest release; say tgi 1\.3\.0/);
  });

  it('the note names the rule the estimate uses, for any release (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...TGI_VERSION_KEYWORDS.map((k) => k.value)), (version) => {
        const { note: said, source } = note(`llama 2 7b on 1x a10g with tgi ${version}`);
        expect(said).toContain(source);
        expect(said).toContain(`TGI ${version}, the release named`);
      }),
      { numRuns: 40 },
    );
  });
});
