/**
 * TGI release words (issue 23): how text-generation-inference sizes its KV cache after the warm-up,
 * and its default prefill budget, changed between releases (memory/tgi-release.ts), so "tgi 1.3.0",
 * "tgi v2.0", "text-generation-inference 2.2.0" name one. Each release 1.0–3.3 and its patches is one
 * spelling, so the name table reads it whole ("1.3.0" is no number). They lex to `tgiVersion`, which
 * also names the TGI server.
 */
const MINORS: Record<number, number> = { 1: 4, 2: 4, 3: 3 };
const PATCHES = [0, 1, 2, 3, 4, 5, 6, 7];

function releaseSpellings(release: string): string[] {
  // The image tag's colon only after the full name (ghcr.io/huggingface/text-generation-inference:2.0.4).
  return [`tgi ${release}`, `tgi v${release}`, `text-generation-inference ${release}`, `text-generation-inference v${release}`, `text-generation-inference:${release}`];
}

export const TGI_VERSION_KEYWORDS = Object.entries(MINORS).flatMap(([major, last]) =>
  Array.from({ length: last + 1 }, (_, minor) => `${major}.${minor}`).flatMap((release) => [
    { type: 'tgiVersion', value: release, spellings: releaseSpellings(release), numeric: false },
    ...PATCHES.map((patch) => ({ type: 'tgiVersion', value: `${release}.${patch}`, spellings: releaseSpellings(`${release}.${patch}`), numeric: false })),
  ]),
);
