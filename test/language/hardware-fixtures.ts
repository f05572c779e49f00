import { scanHardware } from '../../src/language/hardware/index.js';
import { normalise } from '../../src/language/normalise.js';
import { parseRequest, type Item } from '../../src/language/parse.js';

/** Helpers the hardware reader's tests share: the hardware items a message reads, and the guards that fired. */
export type Hardware = Extract<Item, { kind: 'hardware' }>;

/** The hardware items that name a card or a memory (none when the message is refused). */
export const hardwareOf = (text: string): Hardware[] => {
  const outcome = parseRequest(text);
  if (!outcome.ok) return [];
  return outcome.items.filter((i): i is Hardware => i.kind === 'hardware' && (i.capacityGiB !== null || i.gpuId !== null));
};

/** The ids of the hardware guards (memory in use, a model's size, …) that set a span aside. */
export const guardsOf = (text: string) => scanHardware(normalise(text).text).guarded.map((g) => g.rule);
