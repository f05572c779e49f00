/**
 * Unsloth release words (issue 23): how Unsloth computes its loss changed between releases
 * (scenario/presets.ts), so "unsloth 2024.5" or "unsloth==2024.5" names one. Unsloth numbers its
 * releases by year and month (PyPI `unsloth` 2023.12 → 2026.x); each month is one spelling, so the
 * name table reads it whole ("2024.5" is no number). They lex to `unslothVersion`, which also names
 * Unsloth.
 */
const YEARS = [2023, 2024, 2025, 2026];
const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];

function releaseSpellings(release: string): string[] {
  return [`unsloth ${release}`, `unsloth v${release}`, `unsloth==${release}`];
}

export const UNSLOTH_VERSION_KEYWORDS = YEARS.flatMap((year) =>
  MONTHS.filter((month) => year > 2023 || month === 12).map((month) => {
    const release = `${year}.${month}`;
    return { type: 'unslothVersion', value: release, spellings: releaseSpellings(release), numeric: false };
  }),
);
