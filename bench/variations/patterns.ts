/**
 * The pieces of a line the variation transforms rewrite (bench/variations/transforms.ts): a card
 * name, a memory size, a config key. Written for the bench, not for the reader: each names only
 * what the corpus shows people writing, so a rewrite touches what a person would retype.
 */

/** Card names as the corpus writes them ("A100", "rtx 4090", "3090", "H800"); a bare "T5" or "L2" is no card. */
export const CARD = String.raw`(?:A100|A800|A6000|A5000|A40|A10G|A10|H100|H800|H200|H20|V100|L40S|L40|L4|T4|RTX ?\d{4}(?: ?Ti)?|(?:20|30|40|50)[5-9]0(?: ?Ti)?)`;

/**
 * A memory size: "80G", "80GB", "80 GB", "24g", "80GiB"; not inside a longer word or number ("v0.80G"),
 * not joined to a product name ("A800-SXM4-80GB" is a device string), not a rate ("200Gb/s").
 */
export const MEMORY = String.raw`(?<![\w.-])(\d+(?:\.\d+)?)( ?)(GiB|GB|G|gb|g)(?![A-Za-z0-9/])`;

/** Data-centre and workstation cards, the ones written with their memory joined on ("A100-80G", "H20-96G"). */
export const JOINED_CARD = String.raw`(?:A100|A800|A6000|A40|H100|H800|H200|H20|V100|L40S|L40)`;

/**
 * A line a person typed as prose: no config key, flag, assignment, code or tool output on it. A rewrite
 * people make in prose (a space before "(", two spaces) is not one they make inside a pasted log.
 */
export function isProseLine(line: string): boolean {
  return (
    /\p{L}{2,}\s+\p{L}{2,}/u.test(line) &&
    !/[=`{}\\]|--|(?:^|\s)-\w|\w\.\w+\(|^\s{2,}|^\s*(?:def|class|import|from|#|\$|>>>)\s|\d{2}:\d{2}:\d{2}/.test(line) &&
    !new RegExp(`(?<![\\w.-])${KEY}\\s*:`).test(line)
  );
}

/** A config key as a person types it from a YAML file or a command line: lower case with at least one underscore ("per_device_train_batch_size"). */
export const KEY = String.raw`[a-z][a-z0-9]*(?:_[a-z0-9]+)+`;

/** Han characters, kana and full-width forms: a line in Chinese (or Japanese) prose. */
export const CJK = /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/;

export const re = (source: string, flags = 'g'): RegExp => new RegExp(source, flags);
