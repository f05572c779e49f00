/**
 * The order of two releases written as numbers ("0.8.3" as [0, 8, 3]), part by part, a missing
 * part read as 0: what a framework's by-release defaults are looked up with (LLaMA-Factory's
 * scenario/llamafactory-release.ts and catalog/program-seq.ts, torchtune's memory/torchtune-release.ts).
 */
export function releaseBefore(release: readonly number[], than: readonly number[]): boolean {
  for (let i = 0; i < than.length; i++) {
    const a = release[i] ?? 0;
    if (a !== than[i]) return a < than[i]!;
  }
  return false;
}
