/**
 * lmdeploy release words (issue 23): what cache_max_entry_count means changed between releases
 * (memory/lmdeploy.ts: a share of the card's total memory until v0.2.1, of the memory free after the
 * weights from v0.2.2), so "lmdeploy 0.2.1", "lmdeploy v0.2.0" or "lmdeploy==0.4.0" names one. Each
 * release is one spelling, so the name table reads it whole ("0.2.1" is no number). They lex to
 * `lmdeployVersion`, which also names lmdeploy as the server.
 */
const MINORS: Record<number, number> = { 0: 10 };
const PATCHES = [0, 1, 2, 3, 4, 5, 6];

function releaseSpellings(release: string): string[] {
  return [`lmdeploy ${release}`, `lmdeploy v${release}`, `lmdeploy==${release}`];
}

export const LMDEPLOY_VERSION_KEYWORDS = Object.entries(MINORS).flatMap(([major, last]) =>
  Array.from({ length: last }, (_, minor) => `${major}.${minor + 1}`).flatMap((release) => [
    { type: 'lmdeployVersion', value: release, spellings: releaseSpellings(release), numeric: false },
    ...PATCHES.map((patch) => ({ type: 'lmdeployVersion', value: `${release}.${patch}`, spellings: releaseSpellings(`${release}.${patch}`), numeric: false })),
  ]),
);
