import type { ProseRule } from '../types.js';
import { CHINESE_QUESTION_RULES } from './question-words-zh.js';
import { HARDWARE_QUESTION_RULES } from './question-hardware.js';
import { NOT_SETUP_QUESTION_RULES } from './question-not-setup.js';
import { SERVING_QUESTION_RULES } from './question-serving.js';
import { OOM_WORD_RULES } from './oom-words.js';
import { ASKED_QUESTION_RULES } from './asked.js';
import { STRUCTURE_QUESTION_RULES } from './question-structure.js';
import { LENGTH_QUESTION_RULES } from './question-length.js';
import { SEVERAL_ASKED_RULES } from './question-several-asked.js';
import { CHANGED_COUNT_QUESTION_RULES } from './question-changed-counts.js';
import { AUTHORS_SETUP_QUESTION_RULES } from './question-authors-setup.js';
import { DESCRIBED_QUESTION_RULES } from './question-described.js';
import { EVIDENCE_QUESTION_RULES } from './question-evidence.js';
import { NEEDS_QUESTION_RULES } from './question-needs.js';
import { STRANGER_QUESTION_RULES } from './question-strangers.js';
import { REQUIREMENT_QUESTION_RULES } from './question-requirement.js';

/**
 * Short chat questions about a setup ("will X fit on Y", a pasted spec sheet, a llama.cpp
 * front-end's settings): the ways of writing them that the rest of the reader took for something
 * else. Each rule rewrites the words into items the grammar already reads (or blanks them and says
 * so), keeping the text's length so positions stay mapped. Collected from lines c266–c290 of
 * test/corpus, and kept by job: words that are not the setup (question-not-setup.ts), Chinese
 * question words (question-words-zh.ts), hardware as written in a question (question-hardware.ts),
 * a serving load (question-serving.ts).
 */

/**
 * The order the question rules run in, by id (as rules/index.ts orders the prose rules): a rule reads
 * what the ones before it wrote, so the order is data of its own, kept as it was when the rules
 * shared one file.
 */
const QUESTION_ORDER = [
  'question.not-a-chart',
  // Words that describe what the user did or shows (a sweep they ran, measured against a baseline) ask nothing.
  // A picture sent to a vision model is no chart asked for (c2611), before a chart word's own reading.
  'question.picture-sent',
  'question.chart-described',
  'question.against-described',
  'question.compare-in-change-title',
  // A change a list or a user reports ("Clarified fp16 vs int4") asks nothing either (question-evidence.ts).
  'question.compare-in-change-list',
  'question.compare-in-failure',
  // A requirement of another run the user knows, and cards offered rather than owned, before any rule reads their
  // counts, memory or cards (question-strangers.ts, branch rques2).
  'question.known-requirement',
  'question.cards-offered',
  // A count the user doubts ("does it really need 8 cards?"), a count asked in machines or nodes, a cap complained of
  // ("input capped at 2048 tokens"): questions, not the setup (question-requirement.ts, branch rques3), before any rule
  // reads their counts or lengths.
  'question.requirement-doubted',
  'question.machines-asked',
  'question.cap-complained',
  'question.minimum-gpu-memory',
  'question.asks-about-setting',
  'question.model-window',
  'question.limit-of-another',
  // After another's limit is set aside: the longest length of the user's own run, asked by its structure.
  // A named extent with its value, or a title's over a body asking about a length it gives, asks nothing (c2624).
  'question.extent-named-not-asked',
  'question.longest-length-asked',
  'question.longest-length-asked-cjk',
  // The authors' card asked by a user who names none is the card question (question-authors-setup.ts).
  'question.authors-card-asked',
  'question.authors-batch-asked',
  'question.authors-method-asked',
  'question.gpu-of-another-run',
  'question.count-of-another-run',
  // A count the user changed ("increasing the number of GPUs to 8") is told, not asked (question-changed-counts.ts).
  'question.count-changed',
  'question.number-of-stated',
  'question.model-window-described',
  'question.gpu-layers',
  // A count of the named model's layers the user reports is told before the question's words are blanked (c2787).
  'question.model-layer-count-told',
  'question.how-many-layers',
  'question.gpu-offload-of-total',
  'question.ram-with-speed',
  // Words that look like the card question and ask nothing (a clause saying what a setting does, a table's header),
  // and the count asked in Chinese with 几, before the card question by its structure (question-evidence.ts).
  'question.which-in-statement',
  'question.table-header',
  // A count asked in broken words: "how much A100", "on much h100", "H100要几块" (question-strangers.ts).
  'question.how-much-cards',
  'question.much-cards',
  'question.card-then-count-zh',
  'question.how-many-cards-ji-zh',
  'question.count-after-card-zh',
  // The card question by its structure (an asking cue and a card noun), before the Chinese words read 硬件 / 卡.
  'question.card-and-memory-asked',
  'question.card-memory-asked',
  'question.which-card-asked',
  'question.how-many-cards-asked',
  'question.several-cards-asked',
  'question.how-many-counter-noun',
  // What a setup needs, asked by a resource noun in a sentence that asks and needs (question-needs.ts), after the card
  // question's own forms and before the Chinese words blank 配置 / 资源 as filler.
  'question.needs-asked',
  'question.resources-asked',
  // "How many?" with no noun, and the counter alone ("몇 장 필요", "何枚必要"), after every form that names what is counted.
  'question.how-many-bare',
  'question.counter-alone-cjk',
  'question.official-source-zh',
  'question.can-it-run-zh',
  'question.particles-zh',
  'question.how-many-cards-zh',
  'question.one-card-full',
  'question.total-across',
  'question.memory-sum',
  'question.memory-times-count',
  'question.n-of-them',
  'question.how-many-concurrent',
  'question.how-many-concurrent-cjk',
  'question.client-load',
  'question.concurrent-people',
  'question.concurrent-load-words',
  'question.users-each',
  'question.load-zh',
  'question.requirement-zh',
  'question.what-hardware-zh',
  'question.oom-zh',
  'question.oom-ko',
  'question.oom-ja',
  'question.fails-to-start-zh',
  'question.reports-error-zh',
  'question.tune-zh',
  'question.util-zh',
  'question.machines-times-cards',
  'question.front-end',
  'question.founders-edition',
  'question.card-or-card',
  'question.radeon',
  'question.ada-workstation',
  'question.token-batch',
  'question.million-context',
  'question.bare-cpu',
  'question.method-example-asked',
  'question.size-bound',
  'question.shape-bound',
  'question.inference-reasoning',
  'question.estimate-precision',
];

const BY_ID = new Map([...NOT_SETUP_QUESTION_RULES, ...CHINESE_QUESTION_RULES, ...HARDWARE_QUESTION_RULES, ...SERVING_QUESTION_RULES, ...OOM_WORD_RULES, ...ASKED_QUESTION_RULES, ...STRUCTURE_QUESTION_RULES, ...LENGTH_QUESTION_RULES, ...CHANGED_COUNT_QUESTION_RULES, ...AUTHORS_SETUP_QUESTION_RULES, ...SEVERAL_ASKED_RULES, ...DESCRIBED_QUESTION_RULES, ...EVIDENCE_QUESTION_RULES, ...NEEDS_QUESTION_RULES, ...STRANGER_QUESTION_RULES, ...REQUIREMENT_QUESTION_RULES].map((rule) => [rule.id, rule]));

/** The question rules in the order they run (a rule missing from the order is an error at load). */
export const QUESTION_RULES: readonly ProseRule[] = QUESTION_ORDER.map((id) => {
  const rule = BY_ID.get(id);
  if (!rule) throw new Error(`question rule order names ${id}, which no rule has`);
  return rule;
});
if (QUESTION_RULES.length !== BY_ID.size) throw new Error('a question rule is missing from QUESTION_ORDER');
