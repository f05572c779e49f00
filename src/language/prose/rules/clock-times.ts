import type { ProseRule } from '../types.js';

/**
 * A time of day ("5:52PM", "at 9:05 am", "11:02:13 PM") is when something happened, never a number of the
 * setup. Left in, a keyword a few filler words before it took its hour: "I tried to decrease GPU layers
 * in model config file -- and it worked! …\n\n5:52PM DBG GRPC: Loading model with options: {… NGPULayers:20
 * …}" (mudler/LocalAI#1981, c972) read as -ngl 5, and the log's own NGPULayers:20 was then set aside as a
 * second value. Only a clock with its am/pm: "12:30" alone may be a ratio or a split, and a log's
 * "14:49:03" stamp is the segments' to set aside with its line (blanking the stamp alone left
 * "ollama[7229]: … offloaded 81/81 layers to GPU" to read as -ngl 7229, c1258).
 */
export const CLOCK_TIME_RULES: readonly ProseRule[] = [
  {
    id: 'prose.clock-time',
    pattern: /(?<![\w.:])(?:[01]?\d|2[0-3]):[0-5]\d(?::[0-5]\d)?\s*[ap]\.?m\b\.?(?![\w:])/g,
    when: (t) => t.includes(':'),
    write: (m) => ' '.repeat(m[0].length),
    example: '5:52PM DBG GRPC: Loading model with options',
    source: 'mudler/LocalAI#1981',
  },
];
