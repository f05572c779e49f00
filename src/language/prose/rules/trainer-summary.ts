import type { ProseRule } from '../types.js';

/**
 * The Hugging Face Trainer's summary at the start of training (transformers/trainer.py
 * `_inner_training_loop`, the `logger.info` lines after "***** Running training *****"):
 *
 *   Instantaneous batch size per device = 4
 *   Total train batch size (w. parallel, distributed & accumulation) = 384
 *   Gradient Accumulation steps = 12
 *
 * are the run's own batch settings, printed by the program that ran them: per device, global and
 * accumulated. Read word by word, the total's "(… & accumulation) = 384" was taken as 384
 * accumulation steps (huggingface/peft#274, corpus c1183). Each line is written as its item words;
 * the values may carry thousands commas (`{…:,}` in the f-strings).
 */

const value = (v: string) => v.replace(/,/g, '');
const KIND: Record<string, string> = { instantaneous: 'bs', total: 'gbs', gradient: 'ga' };

export const TRAINER_SUMMARY_RULES: readonly ProseRule[] = [
  {
    id: 'prose.trainer-summary',
    pattern:
      /\b(?:(instantaneous) batch size per device|(total) train batch size \(w\. parallel, distributed (?:&|and) accumulation\)|(gradient) accumulation steps)[ \t]*=[ \t]*(\d{1,3}(?:,\d{3})+|\d+)(?![\d.,])/g,
    when: (t) => t.includes('batch size per device') || t.includes('accumulation steps =') || t.includes('distributed & accumulation'),
    write: (m) => `${KIND[m[1] ?? m[2] ?? m[3]!]} ${value(m[4]!)}`.padEnd(m[0].length),
    example: '  Total train batch size (w. parallel, distributed & accumulation) = 384',
    source: 'huggingface/peft#274',
  },
];
