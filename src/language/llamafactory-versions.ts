/**
 * LLaMA-Factory release words (issue 23): its defaults changed between releases (cutoff_len
 * 1024 → 2048 at v0.9.1, catalog/program-seq.ts; flash_attn False forcing eager attention from
 * v0.5.2 to v0.6.3, scenario/llamafactory-release.ts), so "llamafactory 0.8.3",
 * "llamafactory==0.8.3", "LLaMA-Factory v0.9.1" or the issue template's "- `llamafactory`
 * version: 0.8.3.dev0" (read by version-lines.ts) name one. The package was `llmtuner` before
 * v0.8.0 ("- `llmtuner` version: 0.6.2"). Each release is one spelling, so the name table reads it
 * whole ("0.8.3" is no number). They lex to `llamafactoryVersion`, which also names LLaMA-Factory.
 */
/** Its tagged releases, hiyouga/LLaMA-Factory v0.1.0 (2023-07) → v0.9.5. */
const RELEASES = [
  '0.1.0', '0.1.1', '0.1.2', '0.1.3', '0.1.4', '0.1.5', '0.1.6', '0.1.7', '0.1.8',
  '0.2.0', '0.2.1', '0.2.2', '0.3.0', '0.3.1', '0.3.2', '0.3.3', '0.4.0',
  '0.5.0', '0.5.1', '0.5.2', '0.5.3', '0.6.0', '0.6.1', '0.6.2', '0.6.3', '0.7.0', '0.7.1',
  '0.8.0', '0.8.1', '0.8.2', '0.8.3', '0.9.0', '0.9.1', '0.9.2', '0.9.3', '0.9.4', '0.9.5',
];

const NAMES = ['llamafactory', 'llama-factory', 'llama factory', 'llama_factory', 'llmtuner'];

function releaseSpellings(release: string): string[] {
  return NAMES.flatMap((name) => [`${name} ${release}`, `${name} v${release}`, `${name}==${release}`]);
}

export const LLAMAFACTORY_RELEASES: readonly string[] = RELEASES;

export const LLAMAFACTORY_VERSION_KEYWORDS = RELEASES.map((release) => ({ type: 'llamafactoryVersion', value: release, spellings: releaseSpellings(release), numeric: false }));

/**
 * The release a written version names: "0.8.3.dev0" is the work towards 0.8.3 (setup.py's version
 * between v0.8.2 and v0.8.3), read as 0.8.3; "0.8.3+cu121" as 0.8.3. Null for none of its releases.
 */
export function llamafactoryRelease(written: string): string | null {
  const m = /^v?(\d+\.\d+\.\d+)/.exec(written);
  return m && RELEASES.includes(m[1]!) ? m[1]! : null;
}
