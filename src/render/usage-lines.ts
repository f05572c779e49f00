/**
 * The usage text (src/language/usage.ts) is laid out in columns for a terminal: "  model      13b ·
 * 350m …". Chat clients draw text in a proportional font, so the columns do not line up there;
 * each item line becomes a label and its text, which a renderer sets as "**model** 13b · 350m …".
 */
export interface UsageLine {
  /** The item ("model", "precision") or null for a plain line. */
  label: string | null;
  text: string;
}

const ITEM_LINE = /^ {2}([a-z]+) {2,}(\S.*)$/;

export function usageLines(text: string): UsageLine[] {
  return text.split('\n').map((line) => {
    const item = ITEM_LINE.exec(line);
    // Runs of spaces that aligned a second column ("bf16 …      weights: int8") read as a separator.
    if (item) return { label: item[1]!, text: item[2]!.replace(/ {3,}/g, ' — ') };
    return { label: null, text: line.trim() };
  });
}
