/**
 * vLLM release words (issue 23): what vLLM holds at start-up depends on its engine and release
 * (memory/vllm-release.ts), so "vllm 0.6.4", "vllm v0.5.4", "vllm v0" / "vllm v1" (VLLM_USE_V1=0
 * or 1) name it. Each release 0.2–0.11 and its patches is one spelling, so the name table reads
 * it whole ("0.6.4" is no number). They lex to `vllmVersion`, which also names the vLLM engine.
 */
const MINORS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const PATCHES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

function releaseSpellings(release: string): string[] {
  return [`vllm ${release}`, `vllm v${release}`, `vllm==${release}`];
}

export const VLLM_VERSION_KEYWORDS = [
  { type: 'vllmVersion', value: 'v0', spellings: ['vllm v0', 'vllm v0 engine', 'vllm use v1 0', 'v0 engine'], numeric: false },
  { type: 'vllmVersion', value: 'v1', spellings: ['vllm v1', 'vllm v1 engine', 'vllm use v1 1', 'v1 engine'], numeric: false },
  ...MINORS.flatMap((minor) => [
    { type: 'vllmVersion', value: `0.${minor}`, spellings: releaseSpellings(`0.${minor}`), numeric: false },
    ...PATCHES.map((patch) => ({ type: 'vllmVersion', value: `0.${minor}.${patch}`, spellings: releaseSpellings(`0.${minor}.${patch}`), numeric: false })),
  ]),
];
