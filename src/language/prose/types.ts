import type { Piece } from '../mapped-text.js';

/**
 * The prose stage's records (issue 22, item 6). Each way people write a thing the item language
 * spells otherwise is one named rule; one engine (`engine.ts`) applies them in order, and every
 * rewrite a rule makes leaves a step on the text (`MappedText.steps`) with the rule's id and the
 * user's span, which the per-fact trace reads.
 */

/**
 * What a rule writes over one match; `notes` collects what the reply should say about it. `given` is the text
 * the rule's group was given (as `when` reads it), before any rule of the group rewrote it: where a context
 * word decides the reading ("on my M2 Ultra"), an earlier rule may have blanked it from `match.input`.
 */
export type Write = (match: RegExpExecArray, notes: string[], given?: string) => string | Piece[];

export interface ProseRule {
  /** Dotted and stable: `training.…`, `question.…`, `prose.…`. */
  id: string;
  /** Global, on normalised (lower-case) text. */
  pattern: RegExp;
  /**
   * A cheap test of the text the rule's group was given (a word the pattern needs): the pattern is
   * scanned only when it passes, so a message without the word costs one `includes`.
   */
  when?: (text: string) => boolean;
  /**
   * Something every match of the pattern holds (a word, a character), tested on the text the rule
   * is given, its group's earlier rewrites included: a rule with no word of its own to guard on
   * (`when` reads the group's input, and a rule before it may write the words) skips its scan
   * when the text lacks it. Only for speed: a rule reads the same with it or without it.
   */
  needs?: RegExp;
  write: Write;
  /** A real or invented line the rule rewrites. */
  example: string;
  /** The thread or corpus line it came from, where there is one (`owner/repo#N`, `c123`). */
  source?: string;
  /**
   * The rule takes a fact on a weak cue (a guess from a verb or a name, a number attached only by
   * being near a word, a model's own context taken as a length): its steps say so, and the reply
   * states the fact with the words it came from. Each weak rule says why beside it.
   */
  weak?: true;
  /**
   * The rule may rewrite inside a Hub id. Only the rules that keep a repo id whole (a link, a path)
   * do; every other rule leaves a span the lexer reads as a `hub` token as it is.
   */
  insideHubIds?: true;
  /**
   * The rule rewrites nothing: it names what the words it matches are (a report that the run ran out of
   * memory, not a setting) by a step over each match this accepts, the words kept as written
   * (MappedText.marked). Its `write` gives the match back and is not called.
   */
  marks?: (match: RegExpExecArray) => boolean;
}
