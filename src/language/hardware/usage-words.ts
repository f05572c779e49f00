import type { GuardRole, HardwareRule } from './types.js';
import { VENDOR_WORDS } from './vendor-words.js';

/**
 * Observed memory is not capacity (s45, rhw3, mechanism 2 of docs/reading.md's "what a number next to a card means"). A
 * memory with a word of use before it — use / used / usage / takes / consumes / occupies / allocated / reserved / peak,
 * 占用 / 用了 / 消耗 / 使用了, 사용 — describes the run, not the card: it never sets the card's memory. rules.ts's
 * not-hw.measurement reads the verb right before the amount; these read it with the few words people put between
 * ("it used about 14.6G", "显存占用大概在18G", "max_memory_reserved() says 35GB", "GPU memory used: 23.5GB", "the reserved
 * memory was 26 GB"), and a second amount the same sentence goes on to with no card word ("…, and when it crashed about
 * 18G"). A card word or name right after the amount keeps it the card's ("uses a 24GB card", "占用24G显卡"), and so
 * does a clause break before the amount (a comma, a full stop, a line).
 */

/**
 * A word of use, English and Korean, and Chinese with a qualifier of its own before the amount: 占用 / 用了 / 消耗 right
 * before the amount ("占用显存15G", "占用了32G多") are reconcile/mentions.ts's, set aside there and said.
 */
const USE = String.raw`(?:(?<![a-z])(?:used|usage|uses|takes|took|taking|consumes?|consumed|consuming|consumption|occupie[sd]|occupying|allocated|reserved|peak(?:ed|s)?)\b|사용(?:량)?)`;
const USE_ZH = String.raw`(?:占用|用了|消耗|使用了)了?(?:显存|内存)?(?:大概|大约|约|差不多|接近|最多|最高|高达)(?:在|为|是|到|达到|有)?`;
/** The few words between the use and its amount: nouns of memory, a copula, a reading verb, a qualifier, a label's colon. */
const FILLER = String.raw`(?:memory|mem|vram|gpu|显存|内存|메모리|says?|shows?|showed|is|was|were|at|about|around|approximately|roughly|nearly|almost|only|just|up\s+to|of|the|it|大概|大约|约|差不多|接近|在|了|为|是|到|达到|有|은|는|이|가|\(\)|[:=：])`;
/**
 * Of those, the ones that are not a qualifier: a verb of use right before its amount, qualified or not ("used about 14.6G"),
 * is reconcile/mentions.ts's, set aside there and said; the guard reads the ones with a noun, a copula, a reading verb or
 * a label between, which mentions.ts does not reach.
 */
const LINK = String.raw`(?:memory|mem|vram|gpu|显存|内存|메모리|says?|shows?|showed|is|was|were|은|는|이|가|\(\)|[:=：])`;
const AMOUNT = String.raw`\d+(?:\.\d+)?\s*(?:gb|gib|g|go|mb|mib)(?![a-z])`;
/** An amount the card's words follow is the card's. */
const NOT_CARD = String.raw`(?![\s-]*(?:of\s+)?(?:(?:gpus?|cards?|devices?)(?![a-z])|的?显卡|的?卡|${VENDOR_WORDS}(?:[a-z]{1,3}\d{1,4}|\d{4})(?![\d.])))`;

export const USAGE_WORD_RULES: readonly HardwareRule<GuardRole>[] = [
  {
    id: 'not-hw.usage-word',
    role: 'measurement',
    pattern: new RegExp(String.raw`(?:${USE}(?:[ \t]*${FILLER}){0,2}[ \t]*${LINK}(?:[ \t]*${FILLER}){0,2}|${USE_ZH})[ \t]*(?<n>${AMOUNT})${NOT_CARD}`, 'g'),
    example: 'qwen2.5-14b lora: the reserved memory was 26 GB, allocated 22 GB',
    source: 'invented (s45 rhw3, mechanism 2: "显存占用大概在18G", "GPU memory used: 23.5GB")',
  },
  {
    // The sentence goes on to a second reading of the same run: "it used about 14.6G, and when it crashed about 18G",
    // "占用 28.2G->32G" (c1930: read as a 32 GB card). Only after an amount a word of use read, within one sentence and no card word between.
    id: 'not-hw.usage-word-continued',
    role: 'measurement',
    pattern: new RegExp(
      String.raw`(?=\d)(?<=(?:${USE}(?:[ \t]*${FILLER}){0,4}|${USE_ZH}|(?:占用|用了|消耗)了?(?:显存|内存)?)[ \t]*${AMOUNT}(?:(?!\b(?:of|my|on|with|out|per|each)\b|/)[^\n.;!?。；\d]){1,40})(?<n>${AMOUNT})${NOT_CARD}`,
      'g',
    ),
    example: 'at start it used about 14.6G, and when it crashed about 18G',
    source: 'invented (s45 rhw3, mechanism 2)',
  },
  {
    // What the run was expected to take beside what it took: "the VRAM usage is too high (expected: 16 GB, actual: > 28)"
    // (davmacario/MDI-LLM#32, c3910: read as a 16 GB card), "expected ~16GB but it uses 28GB", "should be 16 GB", "instead
    // of 16GB". A figure of the run, said as one; a card word after it keeps it the card's ("expected 24GB card to do").
    id: 'not-hw.expected-usage',
    role: 'measurement',
    pattern: new RegExp(
      String.raw`(?:(?<![a-z])(?:expected|expecting|actual(?:ly)?|observed|should\s+(?:be|take|use|need|only\s+(?:be|take|use|need))|instead\s+of|预期|预计|应该是|实际)(?:[ \t]*(?:[:=：]|~|≈|about|around|roughly|approximately|only|just|at\s+most|under|below|<|>|为|是|大概|约|占用))*[ \t]*)(?<n>${AMOUNT})${NOT_CARD}`,
      'g',
    ),
    example: 'When running Llama 3 8B the VRAM usage is too high (expected: 16 GB, actual: > 28).',
    source: 'davmacario/MDI-LLM#32 (corpus c3910)',
  },
  {
    // What a monitor shows is what the run holds: "in nvidia-smi show 72G" (imoneoi/openchat#111, c3912: read as a 72 GB
    // card), "nvidia-smi says 23GB", "rocm-smi reports 60 GB", "nvtop shows about 40G". In GB only, and only as
    // written (a blank run is a rewrite's): "nvidia-smi shows 32004MiB / 32768MiB" is nvidia-smi's own used / total, which
    // tool-output.ts reads as the card (its total written back in GB).
    id: 'not-hw.monitor-shows',
    role: 'measurement',
    pattern: new RegExp(
      String.raw`(?:nvidia-smi|rocm-smi|nvtop|gpustat|npu-smi|task\s+manager|htop)(?:[ \t]+(?:it|that|the|gpu|memory|usage|vram|now|then|is|was|are|were|still|always|keeps?))*[ \t]+(?:show(?:s|ed|ing)?|say(?:s|ing)?|said|report(?:s|ed|ing)?|display(?:s|ed|ing)?|read(?:s|ing)?|gives?|显示|显示了)(?:[ \t]{0,2}${FILLER}){0,3}[ \t]{0,2}(?<n>\d+(?:\.\d+)?\s*(?:gb|gib|g|go)(?![a-z]))(?![ \t]*\/)${NOT_CARD}`,
      'g',
    ),
    example: 'Maybe I wrong but think memory usage we can calculate as 7,3*4 ~30G, but in nvidia-smi show 72G',
    source: 'imoneoi/openchat#111 (corpus c3912)',
  },
];
