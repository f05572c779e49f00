import type { ProseRule } from '../types.js';

/**
 * What is offloaded and where, said in a sentence rather than as the item language's "offload
 * optimizer" / "offload params": "offloading optimizer and params to CPU", "the optimizer states
 * offloaded to cpu", "optimizer CPU offload", "cpu offload of the parameters". The vocabulary knew
 * only fixed phrases, so each other wording left "optimizer", "states" or "cpu" listed as not read,
 * dropped the parameters of "optimizer and params", and read FSDP's "cpu offload of the
 * parameters" as an optimizer offload.
 *
 * One rule reads the offload word with its objects (the optimizer, its states; the parameters,
 * weights) on either side and its destination (CPU / host memory, or NVMe / disk), and writes the
 * items: "offload optimizer", "offload params", their "nvme" forms. The objects must be named
 * beside the word: a bare "cpu offload" is the vocabulary's. Layers sent to the GPU are no offload
 * (prose.offload-to-gpu runs first and blanks those). "without offloading the optimizer" is no
 * offload.
 */

const OBJECT = String.raw`(?:the\s+|its\s+|all\s+)?(?:optimi[sz]er(?:[\s_-]+states?)?|optim(?:[\s_-]+states?)?|adam(?:w)?[\s_-]+states?|(?:model[\s_-]+)?(?:param(?:eter)?s?|weights))`;
const OBJECTS = String.raw`${OBJECT}(?:\s*(?:,|and|&|\+|\/)\s*${OBJECT})*`;
const PLACE = String.raw`(?:the\s+)?(?:cpu|host(?:\s+(?:memory|ram))?|(?:system\s+)?ram|nvme(?:\s+ssd)?|disk|ssd)(?:\s+memory)?`;
/** "to CPU", "to CPU and NVMe ssd": with NVMe among the places, it is NVMe (ZeRO-Infinity). */
const DESTINATION = String.raw`${PLACE}(?:\s*(?:,|and|&|\/|or)\s*${PLACE})?`;
const TO_DESTINATION = String.raw`(?:\s+(?:to|onto|on|into|in)\s+${DESTINATION})`;
const DEVICE_PREFIX = String.raw`(?:(?:cpu|nvme)[\s_-]*)?`;
const OFFLOAD = String.raw`offload(?:ing|ed|s)?`;

/** "without", "no", "not": the offload is refused, whatever it names (negation has a scope, issue 22 item 7). */
const NEGATION = String.raw`(?:\b(without|no|not|w\/o|never)\s+)?`;
/** "offloading (of) the optimizer and params (to CPU)", "cpu offload of the parameters". */
const OFFLOAD_THEN_OBJECTS = String.raw`${NEGATION}\b${DEVICE_PREFIX}${OFFLOAD}\s+(?:of\s+)?(${OBJECTS})${TO_DESTINATION}?(?!\s+(?:to|onto|on)\s+(?:the\s+)?(?:gpus?|vram|cuda))`;
/** "the optimizer states (are) offloaded to cpu", "optimizer CPU offload", "optimizer and params offload". */
const OBJECTS_THEN_OFFLOAD = String.raw`\b(${OBJECTS})\s+(?:(?:are|is|were|was|being|get|gets)\s+)?${DEVICE_PREFIX}${OFFLOAD}\b${TO_DESTINATION}?(?!\s+(?:to|onto|on)\s+(?:the\s+)?(?:gpus?|vram|cuda))`;

const NVME = /nvme|ssd|\bdisk\b/;

/** The items a match names: the optimizer and/or the parameters, on CPU or (named anywhere in the match) NVMe. */
function offloadItems(objects: string, match: string): string {
  const nvme = NVME.test(match) ? 'nvme ' : '';
  const items: string[] = [];
  if (/optim|adam/.test(objects)) items.push(`${nvme}offload optimizer`);
  if (/param|weights/.test(objects)) items.push(`${nvme}offload params`);
  return items.join(' ');
}

export const OFFLOAD_PHRASE_RULES: ProseRule[] = [
  {
    id: 'prose.offload-what-where',
    pattern: new RegExp(`${OFFLOAD_THEN_OBJECTS}|${OBJECTS_THEN_OFFLOAD}`, 'g'),
    when: (t) => t.includes('offload'),
    write: (m) => {
      const [whole, negation, objectsAfter, objectsBefore] = m;
      if (negation) return ' no offload ';
      return ` ${offloadItems(objectsAfter ?? objectsBefore!, whole)} `;
    },
    example: '13b full zero3, offloading optimizer and params to CPU, 4x a100',
    source: 'pytorch/ao#584',
  },
];
