/**
 * One row of a cue bench (length-cues, mode-cues, split-cues): for the lines whose slot a cue set, how many, how many
 * read right, wrong, wrong with nothing said (silent), and said weak — the counts each slot's evidence is measured by.
 */
export interface CueRow {
  lines: number;
  right: number;
  wrong: number;
  silent: number;
  weak: number;
}

/** The row of `cue` in `table`, made if new, with one line counted in it. */
export function countCue<R extends CueRow>(table: Map<string, R>, cue: string, line: { wrong: boolean; silent: boolean; weak: boolean }, fresh: () => R): R {
  const row = table.get(cue) ?? fresh();
  row.lines++;
  if (line.wrong) row.wrong++;
  else row.right++;
  if (line.silent) row.silent++;
  if (line.weak) row.weak++;
  table.set(cue, row);
  return row;
}

export const emptyCueRow = (): CueRow => ({ lines: 0, right: 0, wrong: 0, silent: 0, weak: 0 });

/** The row's counts as the benches print them, under "lines right wrong silent weak", each right-aligned to its width. */
export const cueCells = (r: CueRow, widths: readonly number[] = [5, 5, 5, 6, 4]): string =>
  [r.lines, r.right, r.wrong, r.silent, r.weak].map((n, i) => String(n).padStart(widths[i]!)).join(' ');
