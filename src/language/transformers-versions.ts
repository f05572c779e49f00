/**
 * transformers release words (issue 23): what the fp32 loss holds changed between releases
 * (memory/logits.ts: 4.46 → 4.49's `ForCausalLMLoss` keeps a shifted fp32 copy of the logits), so
 * "transformers 4.46.1", "transformers==4.46.1" or "transformers v4.46.1" names one. Only the
 * releases whose memory differs from the newest are words; any other release stays blanked as a
 * library version (prose/rules/names.ts), since it reads as the newest does. Each release is one
 * spelling, so the name table reads it whole ("4.46.1" is no number). They lex to
 * `transformersVersion`, which names no framework of its own: LLaMA-Factory, axolotl and TRL run
 * on whichever transformers is installed (LLaMA-Factory's issue template prints it).
 */
export const SHIFTED_LOGITS_RELEASES = [
  '4.46', '4.46.0', '4.46.1', '4.46.2', '4.46.3',
  '4.47', '4.47.0', '4.47.1',
  '4.48', '4.48.0', '4.48.1', '4.48.2', '4.48.3',
  '4.49', '4.49.0',
];

function releaseSpellings(release: string): string[] {
  return [`transformers ${release}`, `transformers v${release}`, `transformers==${release}`];
}

export const TRANSFORMERS_VERSION_KEYWORDS = SHIFTED_LOGITS_RELEASES.map((release) => ({ type: 'transformersVersion', value: release, spellings: releaseSpellings(release), numeric: false }));
