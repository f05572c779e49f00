import type { MappedText } from '../mapped-text.js';
import { applyRules } from './engine.js';
import { CITATION_RULES, OOM_REPORT_RULES, PROSE_RULES, QUESTION_RULES, TRAINING_RULES } from './rules/index.js';

export interface ProseReading {
  text: MappedText;
  notes: string[];
}

/**
 * Text-level rewrites of how people write things the item language spells one way (issue 11
 * §3–5, issue 22 item 6), in four groups: the threads a message cites, the training prose, the short chat questions, then
 * the prose rules; before them, the reports of what happened (an out-of-memory) are marked on
 * the words as the user wrote them, nothing rewritten. Each rewrite keeps the map back to the user's text and leaves a step naming
 * its rule; notes say what was read in a way the reply should show.
 */
export function readProse(input: MappedText): ProseReading {
  const notes: string[] = [];
  const reported = applyRules(input, OOM_REPORT_RULES, notes);
  const cited = applyRules(reported, CITATION_RULES, notes);
  const training = applyRules(cited, TRAINING_RULES, notes);
  const questions = applyRules(training, QUESTION_RULES, notes);
  // The prose rules' guards test the stage's own input, as they always did.
  const text = applyRules(questions, PROSE_RULES, notes, input.text);
  return { text, notes: [...new Set(notes)] };
}
