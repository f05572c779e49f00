/**
 * vLLM release words (issue 23): what vLLM holds at start-up depends on its engine and release
 * (memory/vllm-release.ts), so "vllm 0.6.4", "vllm v0.5.4", "vllm v0" / "vllm v1" (VLLM_USE_V1=0
 * or 1) name it. Each release 0.2–0.29 and its patches is one spelling, so the name table reads
 * it whole ("0.6.4" is no number). They lex to `vllmVersion`, which also names the vLLM engine.
 * Releases after 0.11 change what sits inside the budget (memory/vllm-v1-baseline.ts: the CUDA-graph
 * estimate of 0.21 on, Model Runner V2 from 0.25.1), so they are named too, up to 0.29.0 (2026-09, the
 * newest the corpus's threads ran). The regular expressions that find a release in prose and logs
 * (prose/rules/names.ts, segments/log-evidence-rules.ts, segments/launcher-prefix.ts,
 * prose/program-releases.ts, hardware/rules.ts) are built from VLLM_RELEASE below, so naming a new
 * release is one number here (test/language/vllm-release-range.test.ts reads every release in each).
 */
/** The oldest minor release the language names (vLLM 0.2; 0.1 was mid-2023's first, before the releases memory/vllm-release.ts tells apart). */
export const VLLM_FIRST_MINOR = 2;
/** The newest minor release the language names (vLLM 0.29.0). */
export const VLLM_LAST_MINOR = 29;
const MINORS = Array.from({ length: VLLM_LAST_MINOR - VLLM_FIRST_MINOR + 1 }, (_, i) => i + VLLM_FIRST_MINOR);

/**
 * A regex source for the whole numbers from..to (from a single digit, to under 100), two digits first so "29" is
 * never read as "2": 2..29 is `(?:[1-2]\d|[2-9])`. Character classes only, so a pattern built with it cannot backtrack.
 */
export function numberRangeSource(from: number, to: number): string {
  const parts: string[] = [];
  const fullDecades = Math.floor((to + 1) / 10) - 1;
  if (fullDecades >= 1) parts.push(`[1-${fullDecades}]\\d`);
  if (to >= 10 && to % 10 !== 9) parts.push(`${Math.floor(to / 10)}[0-${to % 10}]`);
  if (from <= 9) parts.push(`[${from}-${Math.min(9, to)}]`);
  return `(?:${parts.join('|')})`;
}

/** "0." and a minor the language names: the release's number in every pattern that finds one (0.2–0.29). */
export const VLLM_RELEASE = `0\\.${numberRangeSource(VLLM_FIRST_MINOR, VLLM_LAST_MINOR)}`;
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
