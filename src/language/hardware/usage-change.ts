import type { GuardRole, HardwareRule } from './types.js';
import { USAGE_WORD_RULES } from './usage-words.js';
import { VENDOR_WORDS } from './vendor-words.js';

/**
 * Memory in use said by how it moves or where it rests, not by a verb of use: "The peak memory slowly grows up to
 * 300GB and eventually breaks the fine-tuning" (ml-explore/mlx-examples, corpus c2019: read as one 300 GB card), "This
 * QLoRA config makes the model initialize with 15GB, instead of 6GB" (pytorch/torchtune, c1986: a 15 GB card). A run's
 * memory climbs, jumps, spikes, balloons, starts, stays, sits, hovers, settles and tops out; a card does none of these.
 * rules.ts's not-hw.measurement reads the verbs of use ("uses", "cost", "peak", "grows to") and usage-cjk.ts the
 * Chinese and Korean ones; these are the English verbs of change and state, and the same said in Spanish, French and
 * German ("sube hasta 20GB", "monte à 20 Go", "steigt auf 20GB"). An up or an adverb may stand between the verb and
 * its "to" ("grows up to", "climbs steadily to"), a qualifier before the amount ("jumps to about 19GB").
 * A card word or name after the amount keeps it the card's: "starts at 24GB GPUs", "settled on a 48GB card" (no verb
 * here takes an article; "starting with 24GB" may be the card, so only "initialize with" rests with "with") and "jumped to 80GB A100s" (the user moved to that card).
 */
const ADVERB = String.raw`(?:\s+(?:slowly|quickly|rapidly|gradually|steadily|suddenly|immediately|eventually|all\s+the\s+way))?`;
const MOVES = String.raw`(?:grows?|grew|growing|grown|rises|rose|rising|climb(?:s|ed|ing)|jump(?:s|ed|ing)|spik(?:es|ed|ing)|increas(?:es|ed|ing)|balloon(?:s|ed|ing)|creep(?:s|ing)|crept|shoot(?:s|ing)|shot|go(?:es|ing)|went)${ADVERB}(?:\s+up)?\s+to`;
const RESTS = String.raw`(?:initiali[sz](?:es|ed|ing|e)\s+(?:with|at)|(?:start(?:s|ed|ing)?|sits?|sitting|sat|stays?|stayed|staying|hover(?:s|ed|ing)?|settl(?:es|ed|ing)|tops?\s+out|topped\s+out|max(?:es|ed)?\s+out)\s+(?:at|around|near))`;
const FOREIGN = String.raw`(?:sube(?:n)?|subi[óo]|aumenta(?:n)?|aument[óo]|crece(?:n)?|creci[óo])\s+(?:hasta|a)(?:\s+los)?|(?:monte|montent|mont[ée]|augmente|grimpe)\s+(?:jusqu['’]\s*)?(?:à|a)|(?:steigt|stieg|wächst|wuchs|klettert)\s+(?:bis\s+)?auf`;
/** A monitor's reading of where the run is: "nvidia-smi shows it at 21GB", "nvtop showed the process using 30GB" (the run's level, said as c2594's 显存会到22g is in English). */
const SHOWN = String.raw`(?:shows?|showed|showing|reports?|reported|reporting)\s+(?:(?:it|that|the\s+(?:process|model|run|server|job))\s+)?(?:at|using)`;
const QUALIFIER = String.raw`(?:(?:about|around|roughly|nearly|almost|over|more\s+than|close\s+to|approximately|~)\s*)?`;

export const USAGE_CHANGE_RULES: readonly HardwareRule<GuardRole>[] = [
  ...USAGE_WORD_RULES,
  {
    id: 'not-hw.usage-change',
    role: 'measurement',
    pattern: new RegExp(
      String.raw`\b(?:${MOVES}|${RESTS}|${FOREIGN}|${SHOWN})\s+${QUALIFIER}(?<n>\d+(?:\.\d+)?\s*(?:gb|gib|g|go|mb|mib)(?![a-z]))(?!\s*(?:of\s+)?(?:(?:gpus?|cards?)(?![a-z])|显卡|卡|${VENDOR_WORDS}(?:[a-z]{1,3}\d{1,4}|\d{4})(?![\d.])))`,
      'g',
    ),
    example: 'The peak memory slowly grows up to 300GB and eventually breaks the fine-tuning.',
    source: 'corpus c2019',
  },
  {
    // An amount said as what was not the case is no one's card: "makes the model initialize with 15GB, instead of 6GB"
    // (c1986: its 6GB was read as the card once the 15GB was set aside), "rather than 8GB", "而不是6G", "en lugar de 6GB",
    // "au lieu de 6 Go", "statt 6GB". A comparison ("vs", "compared to") only right after another amount ("40GB vs 24GB"),
    // as "vs 24GB cards" may name the card compared. A card named after it keeps the card for the comparison rules.
    // The look-behind's spaces are bounded: unbounded, they made the rule cubic in a run of spaces (a pasted
    // nvidia-smi table, corpus c530, took 499 ms in this one pattern; bench:reader "long runs of spaces").
    id: 'not-hw.contrast-amount',
    role: 'measurement',
    pattern: new RegExp(
      String.raw`(?:\b(?:instead\s+of|rather\s+than|en\s+lugar\s+de|en\s+vez\s+de|au\s+lieu\s+de|(?:an)?statt)|而不是|(?<=\d[ \t]{0,3}(?:gb|gib|g)\)?[ \t]{0,3},?[ \t]{0,3})(?:vs\.?|versus|compared\s+(?:to|with)))\s*(?:(?:the|a|an|about|around|~)\s*)?(?<n>\d+(?:\.\d+)?\s*(?:gb|gib|g|go|mb|mib)(?![a-z]))(?!\s*(?:of\s+)?(?:(?:gpus?|cards?)(?![a-z])|显卡|卡|${VENDOR_WORDS}(?:[a-z]{1,3}\d{1,4}|\d{4})(?![\d.])))`,
      'g',
    ),
    example: 'This QLoRA config makes the model initialize with 15GB, instead of 6GB',
    source: 'pytorch/torchtune (corpus c1986)',
  },
];
