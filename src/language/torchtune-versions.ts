/**
 * torchtune release words (issue 23): its recipes' loss, optimizer implementation and LoRA targets
 * changed between releases (memory/torchtune-release.ts), so "torchtune 0.1.1" or
 * "torchtune==0.2.0" names one. Each release is one spelling, so the name table reads it whole
 * ("0.1.1" is no number). They lex to `torchtuneVersion`, which also names torchtune.
 */
const RELEASES = ['0.1', '0.1.0', '0.1.1', '0.2', '0.2.0', '0.2.1', '0.3', '0.3.0', '0.3.1', '0.4', '0.4.0', '0.5', '0.5.0', '0.6', '0.6.0', '0.6.1'];

function releaseSpellings(release: string): string[] {
  return [`torchtune ${release}`, `torchtune v${release}`, `torchtune==${release}`];
}

export const TORCHTUNE_VERSION_KEYWORDS = RELEASES.map((release) => ({ type: 'torchtuneVersion', value: release, spellings: releaseSpellings(release), numeric: false }));
