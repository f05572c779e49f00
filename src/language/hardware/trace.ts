import { readConfig } from '../config-keys.js';
import { dropLayout } from '../layout.js';
import { normalise } from '../normalise.js';
import { readSegments } from '../segments/index.js';
import { scanHardware } from './engine.js';

/** A span of the user's own text. */
export interface UserSpan {
  start: number;
  end: number;
}

export interface TracedHardware extends UserSpan {
  /** What the phrase was read as, in the item language ("10 nodes of 8x a100-40g"). */
  reading: string;
  notes: string[];
  /** Each part: the rule that found it and its words. */
  parts: (UserSpan & { rule: string; role: string })[];
}

export interface TracedGuard extends UserSpan {
  rule: string;
  role: string;
}

/**
 * The hardware phrases of a message and the numbers set aside as no hardware, with the rule
 * behind each and spans into the user's text (`--trace`, `--json`): the reader's own road
 * (segments, config keys) up to the hardware grammar.
 */
export function hardwareOf(message: string): { phrases: TracedHardware[]; guarded: TracedGuard[] } {
  const text = readConfig(dropLayout(readSegments(normalise(message)).text)).text;
  const span = (at: number, end: number): UserSpan => {
    const s = text.userSpan(at, end);
    return { start: s.at, end: s.end };
  };
  const { readings, guarded } = scanHardware(text.text);
  return {
    phrases: readings.map((r) => ({
      ...span(r.at, r.end),
      reading: r.canonical,
      notes: r.notes,
      parts: r.parts.map((p) => ({ ...span(p.at, p.end), rule: p.rule, role: p.role })),
    })),
    guarded: guarded.map((g) => ({ ...span(g.numberAt, g.numberEnd), rule: g.rule, role: g.role })),
  };
}
