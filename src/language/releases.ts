import { MODELS } from '../catalog/index.js';
import { compact } from './spelling.js';
import { FAMILIES, MODEL_NAMES } from './lexicon.js';

/**
 * Releases of a known family that came after the catalog was written (issue: models newer than
 * the catalog). People name the newest release first, always: "GLM 4.7 UD Q3_K_XL"
 * (lmstudio-ai/lms#412, corpus c1230), "when to support qwen 3.6?" (KLL535/ComfyUI_Simple_Qwen3-VL-gguf#25,
 * c1233), "C:\Content\Gemma4\…" (c1233), "Qwen 3.8 27b" (FlashML-org/FreeToken#179, c1190). A family
 * word with a release number the catalog holds no model of is that release, unknown: never the
 * family's default of another generation (Gemma4 had read as Gemma-7B), and, with no size, named
 * in the question that asks for one, never "Which model?" nor a log word taken for the model.
 */

/** Family words spelt in letters only ("glm", "qwen", "gemma"); "gpt2", "llama1", "meta-opt" name no release by a number after them. */
const LETTER_FAMILIES = FAMILIES.filter((f) => /^[a-z]{2,}$/.test(f));

/** The compact spellings of the catalog's models, to ask whether a release has one. */
const KEYS = [...MODEL_NAMES.keys()];

/** Whether the catalog holds a model of this family's release ("qwen", "3.6" → no; "llama", "3.3" → llama-3.3-70b). */
export function catalogHasRelease(family: string, version: string): boolean {
  const key = compact(`${family}${version}`);
  const keyV = compact(`${family}v${version}`);
  // A release key runs into the size in a compact spelling ("llama3.370b"): a key starting with the release is
  // the release, unless the release is only the front of a longer number ("qwen2" is not "qwen2.5"'s, but both are held).
  return KEYS.some((k) => (k.startsWith(key) && !/^\.\d/.test(k.slice(key.length))) || (k.startsWith(keyV) && !/^\.\d/.test(k.slice(keyV.length))));
}

/** A release named in the text: the words as written, its family and version. */
export interface NamedRelease {
  written: string;
  family: string;
  version: string;
  at: number;
}

const RELEASE = new RegExp(`(?<![\\w.\\-])(${LETTER_FAMILIES.join('|')})[ _\\-]?v?(\\d(?:\\.\\d{1,2})?)(?![\\w]|\\.\\d)`, 'gi');

/** Releases the catalog lacks, named by their family and number, in the order written (no size looked at). */
export function unknownReleases(text: string): NamedRelease[] {
  const found: NamedRelease[] = [];
  for (const m of text.matchAll(RELEASE)) {
    const family = m[1]!.toLowerCase();
    const version = m[2]!;
    if (catalogHasRelease(family, version)) continue;
    found.push({ written: m[0], family, version, at: m.index! });
  }
  return found;
}

/**
 * The catalog models of a family nearest a release by their own release number ("glm", 4.7 →
 * glm-4.5, glm-4.5-air, glm-4-9b), at most `count`: what the question offers instead.
 */
export function nearestReleases(family: string, version: string, count = 3): string[] {
  const wanted = Number(version);
  const ofFamily = MODELS.filter((m) => m.family.toLowerCase() === family || m.id.startsWith(`${family}-`) || m.id.startsWith(family));
  const numbered = ofFamily
    .map((m) => {
      const n = new RegExp(`^${family}[-_]?v?(\\d+(?:\\.\\d+)?)`).exec(m.id);
      return { id: m.id, n: n ? Number(n[1]) : NaN, superseded: !!m.superseded };
    })
    .filter((x) => Number.isFinite(x.n) && x.n < 20);
  return numbered
    .sort((a, b) => Math.abs(a.n - wanted) - Math.abs(b.n - wanted) || Number(a.superseded) - Number(b.superseded) || b.n - a.n)
    .slice(0, count)
    .map((x) => x.id);
}

/** How many of the words read the question lists (as model-question.ts lists them). */
const LISTED = 6;

/**
 * A release of a known family the catalog lacks, named with no size ("GLM 4.7 UD Q3_K_XL", lmstudio-ai/lms#412,
 * corpus c1230; "when to support qwen 3.6?", c1233): asked by its own name, with the family's releases
 * the catalog holds nearest it, never "Which model?" nor a log word taken for the model.
 */
export function unknownReleaseQuestion(written: string, nearest: readonly string[], read: readonly string[]): string {
  const name = written.replace(/\s+/g, ' ').trim();
  const listed = read.length ? ` I read: ${read.slice(0, LISTED).join(' · ')}${read.length > LISTED ? ' …' : ''} —` : '';
  const near = nearest.length ? `; the nearest I know: ${nearest.map((id) => `"${id}"`).join(', ')}` : '';
  return `I don't know ${name}: that release is not in my catalog.${listed} ${read.length ? 'give' : 'Give'} its size (e.g. "${name} 27b", or "${name} 30b-a3b" for a mixture of experts) or its Hub id, and I'll estimate it as a model of that size${read.length ? ', keeping the rest' : ''}${near}.`;
}

/** The question for a release the catalog lacks whose words span `at` in the text, or null. */
export function releaseQuestionAt(text: string, at: number): { at: number; message: string } | null {
  const release = unknownReleases(text).find((r) => at >= r.at && at < r.at + r.written.length);
  return release ? { at: release.at, message: unknownReleaseQuestion(release.written, nearestReleases(release.family, release.version), []) } : null;
}
