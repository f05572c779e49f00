import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * resvg draws no text without a font it was given: with `loadSystemFonts: false` (faster and
 * reproducible) an unresolved family renders as nothing. So the chart font is a file chosen
 * from a short list of known locations, and a missing font is an error, never blank labels.
 */

export interface FontCandidate {
  /** Absolute path of the regular face, or null when its package is not installed. */
  file: string | null;
  /** Family name inside the file (what resvg matches on). */
  family: string;
  /** Bold face next to it, loaded when present (titles and totals are bold). */
  boldFile: string | null;
}

export interface ChartFont {
  files: string[];
  family: string;
}

/** DejaVu Sans from the npm package `dejavu-fonts-ttf`, when the project installs it. */
function packagedDejaVu(): FontCandidate[] {
  try {
    const require = createRequire(import.meta.url);
    const root = dirname(require.resolve('dejavu-fonts-ttf/package.json'));
    return ['ttf', '.', 'fonts'].map((sub) => ({
      file: join(root, sub, 'DejaVuSans.ttf'),
      family: 'DejaVu Sans',
      boldFile: join(root, sub, 'DejaVuSans-Bold.ttf'),
    }));
  } catch {
    return [];
  }
}

function dejavuIn(dir: string): FontCandidate {
  return { file: join(dir, 'DejaVuSans.ttf'), family: 'DejaVu Sans', boldFile: join(dir, 'DejaVuSans-Bold.ttf') };
}

/** Known homes of DejaVu Sans (Debian/Ubuntu, Fedora, Arch, Alpine, FreeBSD), then Arial on macOS and Windows. */
export function defaultFontCandidates(): FontCandidate[] {
  return [
    ...packagedDejaVu(),
    dejavuIn('/usr/share/fonts/truetype/dejavu'), // Debian/Ubuntu fonts-dejavu-core
    dejavuIn('/usr/share/fonts/dejavu-sans-fonts'), // Fedora ≥ 36
    dejavuIn('/usr/share/fonts/dejavu'), // older Fedora, Alpine font-dejavu
    dejavuIn('/usr/share/fonts/TTF'), // Arch ttf-dejavu
    dejavuIn('/usr/local/share/fonts/dejavu'), // FreeBSD dejavu
    { file: '/System/Library/Fonts/Supplemental/Arial.ttf', family: 'Arial', boldFile: '/System/Library/Fonts/Supplemental/Arial Bold.ttf' },
    { file: '/Library/Fonts/Arial.ttf', family: 'Arial', boldFile: '/Library/Fonts/Arial Bold.ttf' },
    { file: 'C:\\Windows\\Fonts\\arial.ttf', family: 'Arial', boldFile: 'C:\\Windows\\Fonts\\arialbd.ttf' },
  ];
}

/** The first candidate whose regular face exists; throws naming the font and the paths tried. */
export function resolveChartFont(
  candidates: readonly FontCandidate[] = defaultFontCandidates(),
  exists: (path: string) => boolean = existsSync,
): ChartFont {
  for (const c of candidates) {
    if (c.file === null || !exists(c.file)) continue;
    const files = c.boldFile !== null && exists(c.boldFile) ? [c.file, c.boldFile] : [c.file];
    return { files, family: c.family };
  }
  const tried = candidates.flatMap((c) => (c.file === null ? [] : [c.file]));
  throw new Error(
    'Chart font missing: DejaVu Sans (DejaVuSans.ttf) was not found, so chart text cannot be drawn. ' +
      `Install the npm package "dejavu-fonts-ttf" or the system package fonts-dejavu-core. Tried: ${tried.join(', ')}`,
  );
}

let cached: ChartFont | null = null;

/** Resolved once per process: the candidates are fixed paths. */
export function chartFont(): ChartFont {
  cached ??= resolveChartFont();
  return cached;
}
