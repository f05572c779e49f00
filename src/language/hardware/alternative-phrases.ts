import type { HardwareReading } from './types.js';

/**
 * Two whole hardware phrases offered as options: "在一张24G的A100或四张16G的V100上lora微调Qwen2.5Vl7B，均OOM"
 * (on one 24G A100 or on four 16G V100s, both OOM; QwenLM/Qwen3-VL#938, c722). Read together they set
 * the card twice and the message was refused as a contradiction. They are the setups the user weighs
 * (or tried), joined by nothing but "or" (或, 或者, 还是, "/"): one is read and the reply says the other.
 * - Where one option names a card as it exists and the other a card with a memory it never had (no
 *   A100 has 24 GB), the one that exists is read, and the note says why.
 * - Otherwise the first is read, and the reply asks which was meant.
 * The option not read is blanked (its words are listed as not used), so no later reader meets it.
 * (Counts alone offered as options, "两卡或者三卡3090", are alternatives.ts.)
 */

const OR = /^\s*(?:or|或者|或是|或|还是|\/)\s*$/;

/** A phrase that names a card as the catalog has it (or only a memory), with nothing to ask about. */
const exists = (r: HardwareReading) => r.notes.length === 0 && (r.gpuId !== null || !r.parts.some((p) => p.role === 'card'));

export interface OptionSetAside {
  at: number;
  to: number;
  rule: { id: string; weak: true };
}

export const ALTERNATIVE_PHRASES_RULE = {
  id: 'hw.alternative-phrases',
  example: '我设置max_pixels=12800，在一张24G的A100或四张16G的V100上lora微调Qwen2.5Vl7B，均OOM',
  source: 'QwenLM/Qwen3-VL#938',
} as const;

export function readAlternativePhrases(
  text: string,
  readings: HardwareReading[],
  quote: (at: number, end: number) => string,
): { readings: HardwareReading[]; setAside: OptionSetAside[] } {
  const setAside: OptionSetAside[] = [];
  let kept = readings;
  for (let i = 0; i + 1 < kept.length; i++) {
    const [a, b] = [kept[i]!, kept[i + 1]!];
    if (!OR.test(text.slice(a.end, b.at))) continue;
    const [read, other] = !exists(a) && exists(b) ? [b, a] : [a, b];
    const [said, otherSaid] = [quote(read.at, read.end).trim(), quote(other.at, other.end).trim()];
    const why = exists(read) && !exists(other) ? ` (the card of "${otherSaid}" is not one I know with that memory)` : '';
    const note = `"${said}" or "${otherSaid}": options — read as "${said}"${why}; say the other alone to estimate it. Which did you mean?`;
    const chosen: HardwareReading = { ...read, notes: [...read.notes, note] };
    setAside.push({ at: other.at, to: other.end, rule: { id: ALTERNATIVE_PHRASES_RULE.id, weak: true } });
    kept = kept.filter((r) => r !== other).map((r) => (r === read ? chosen : r));
  }
  return { readings: kept, setAside };
}
