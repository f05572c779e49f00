import { COMPARISON_ROW } from './framework-comparisons.js';
import { COMMAND_LACKS_ROW } from './framework-command-lacks.js';
import { NO_FAILURE_ROW } from './framework-no-failure.js';
import { CITATION_ROW } from './framework-citation.js';

/**
 * How a framework is only mentioned, not run (issue 22, item 5): the kinds fact-cues.ts
 * frameworkMention reads — inside a longer name, a link's label, asked about, set against the run —
 * and the rows below, each a way the words around a framework's name say the run is another one.
 * A mention is said on the first screen with its words ("framework unsloth — from "Normal Unsloth
 * would need"? say "hf" if you do not run unsloth"); the framework is still read, so a right
 * reading stays right and a wrong one is flagged, not silent. Each row was found as a silent
 * misreading of the framework in the corpus (session 19, branch rfw) and checked on real threads.
 *
 * The rows test only the text around one framework item (a slice of a sentence), never the whole
 * message: no pattern is scanned at every character.
 */

/** How a framework is only mentioned: inside a longer name, as a link's label, asked about, as the tool set against the run, or inside an error message the program printed. */
export type MentionKind = 'name-part' | 'link' | 'asked' | 'contrast' | 'error';

export interface MentionRow {
  /** Dotted and stable: `mention.…`. */
  id: string;
  kind: MentionKind;
  /** The words that show the mention, or null; `at`/`end` span the framework's name in `text`. */
  words: (text: string, at: number, end: number) => string | null;
  example: string;
  /** The thread or corpus line it came from (`owner/repo#N`, `c123`). */
  source: string;
}

/** Where the sentence holding `end` stops: a full stop before a space, a question or exclamation mark, a line break (not the dot of "llama3.1" or "llama.cpp"). */
const SENTENCE_END = /[.!?](?=\s|$)|[。！？\n]/;
const restOfSentence = (text: string, end: number, limit = 200): string => {
  const after = text.slice(end, end + limit);
  const stop = after.search(SENTENCE_END);
  return stop < 0 ? after : after.slice(0, stop);
};
/** The sentence's words before `at`, up to `limit` characters. */
const sentenceBefore = (text: string, at: number, limit = 60): string => {
  const before = text.slice(Math.max(0, at - limit), at);
  const marks = [...before.matchAll(/[.!?](?=\s)|[。！？\n]/g)];
  return marks.length ? before.slice(marks.at(-1)!.index + 1) : before;
};

/** A run that went well: "works", "runs fine", 可以 (can), 没问题 (no problem). */
const WENT_WELL = /可以|没问题|\b(?:works?|worked|working|run(?:s|ning)?\s+(?:fine|well|ok)|ran\s+(?:fine|well|ok)|fine|fits?|succeed\w*)\b/i;
/**
 * "but" and the other program the failing run uses: this / your repository, framework, code,
 * script (这个框架, 你们的代码), another tool's own CLI (`llamafactory-cli`), or another tool named with
 * its failure ("同样的设置在 llama factory可以训练，但是swift爆显存", modelscope/ms-swift#3504, c330;
 * group 1 the tool, which must not be the one that worked).
 */
const BUT_ANOTHER =
  /(?:但是?|可是|然而|\b(?:but|whereas|however)\b)\s*(?:(?:with|in|on|using|under|for|用|在|使用)\s*)?(?:(?:这个|这|此|该|你们?的|贵|\b(?:this|your|the|our)\b)\s*(?:[\w.-]+\s+)?(?:框架|项目|仓库|代码|库|脚本|\b(?:repo\w*|framework|project|code\w*|scripts?|librar\w*|tool|trainer|implementation)\b)|[\w.-]+-cli\b|(?!(?:it|this|that|i|we|they|still|then|now|also|always|again|sometimes)\b)([a-z][\w.-]*)\s*(?:就|也|却|会)?\s*(?:爆显存|显存溢出|溢出|报错|\b(?:oom\w*|runs?\s+out\s+of\s+memory|ran\s+out\s+of\s+memory|fails?|crash\w*)\b))/i;

/** An error's own words: `ValueError:`, `RuntimeError:`, `torch.OutOfMemoryError:`, `SomeException:`. */
const ERROR_OPENING = /\b[A-Z]\w*(?:Error|Exception)\s*:/g;

/** A request to add the tool: "add exllamav2", "adding support for", "support ExLlama", 支持 / 添加 / 加入 / 接入. */
const ASKED_TO_ADD = /(?:\b(?:add(?:ing)?|support(?:ing)?(?:\s+for)?|integrat(?:e|ing))\s+(?:back\s+)?(?:support\s+for\s+)?(?:the\s+|an?\s+)?(?:[\w.-]+\s*[（(]\s*)?|(?:添加|增加|加入|接入|支持)\s*)$/i;

/** Words of use just before the name keep it the run's ("with llama.cpp (https://…)"). */
const USED_BEFORE = /(?:\b(?:with|using|use|used|via|through|run|ran|running)\s+(?:the\s+)?|[用在]|使用|通过)\s*$/i;

const squashed = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

export const MENTION_ROWS: readonly MentionRow[] = [
  {
    // "X works, but this repo / your code / another tool fails": the tool that worked is the one the
    // failing run is set against, said before it (CONTRASTED in fact-cues.ts reads it said after:
    // "works fine with X"). The other side must be another program: "with unsloth it runs, but it is
    // slow" names no other and stays the run's.
    id: 'mention.contrast-worked-but-another',
    kind: 'contrast',
    words: (text, at, end) => {
      const rest = restOfSentence(text, end);
      const but = BUT_ANOTHER.exec(rest);
      if (!but || (but[1] && squashed(but[1]) === squashed(text.slice(at, end)))) return null;
      const well = WENT_WELL.exec(rest.slice(0, but.index));
      return well ? `${text.slice(at, end)}${rest.slice(0, but.index + but[0].length)}`.trim() : null;
    },
    example: '用llama factory进行sft可以使用deepspeed zero2 微调llama3-8B的模型，但这个框架就算batch设为1，用deepspeed zero2也会报OOM。',
    source: 'fe1ixxu/ALMA#42 (c927); hiyouga/LlamaFactory#4263 ("accelerate lunch run work fine, but llamafactory-cli train is not working (OOM)")',
  },
  {
    // "Normal Unsloth would need probably less than 250 GB": what the tool would need, said to set it
    // against the tool the message asks about (OpenSloth), not the run's tool.
    id: 'mention.contrast-would-need',
    kind: 'contrast',
    words: (text, at, end) => {
      const would = /^\s+would\s+(?:probably\s+|likely\s+|only\s+|still\s+|also\s+)?(?:need|require|use|take|cost|fit)\b/i.exec(text.slice(end, end + 40));
      if (!would) return null;
      const lead = /\b(?:normal|plain|regular|vanilla|standard|stock|original)\s+$/i.exec(text.slice(Math.max(0, at - 16), at));
      return `${lead?.[0] ?? ''}${text.slice(at, end)}${would[0]}`.trim();
    },
    example: 'How much VRAM do I need? Normal Unsloth would need probably less than 250 GB.',
    source: 'anhvth/opensloth#18 (c1323)',
  },
  {
    // A framework named inside an error message the program printed: the library's words, often
    // advice ("you should not specify … in your accelerate config"), not the user saying what runs.
    id: 'mention.error-message',
    kind: 'error',
    words: (text, at, end) => {
      // A bare name, not the script a launcher's log says FAILED (`ChildFailedError: … pretrain_llama.py`, c530): that one ran.
      if (!/^[A-Za-z][A-Za-z0-9.-]*$/.test(text.slice(at, end)) || /\.py$/i.test(text.slice(at, end))) return null;
      // The error's paragraph: a message wraps over lines (falcontune#33), a blank line or a fence ends it.
      const from = Math.max(at - 400, text.lastIndexOf('\n\n', at - 1) + 1, text.lastIndexOf('```', at - 1) + 1, 0);
      const paragraph = text.slice(from, at);
      const error = [...paragraph.matchAll(ERROR_OPENING)].at(-1);
      if (!error) return null;
      // The error's name and the words just before the framework's ("ValueError: … in your accelerate config").
      const said = paragraph.slice(error.index + error[0].length).replace(/\s+/g, ' ');
      const lead = said.length > 40 ? ` … ${said.slice(-32).replace(/^\S*\s/, '')}` : said;
      return `${error[0]}${lead}${text.slice(at, end)}${/^\s*[\w-]+/.exec(text.slice(end, end + 24))?.[0] ?? ''}`.trim();
    },
    example: 'raise ValueError( ValueError: You can\'t train a model that has been loaded in 8-bit precision on multiple devices in any distributed mode. … Therefore you should not specify that you are under any distributed regime in your accelerate config.',
    source: 'huggingface/transformers#24242 (c965); rmihaylov/falcontune#33 (the same message, wrapped in a fence); huggingface/accelerate#1840',
  },
  {
    // A tool the user asks a project to add: a feature request names what is not run yet
    // ("recommended to add the EXL2（ExLlamav2） model", "Add exllamav2 support?", "support ExLlama").
    id: 'mention.asked-to-add',
    kind: 'asked',
    words: (text, at, end) => {
      // A name, not a flag or a key the user adds to a command ("I add `--deepspeed ds.json`").
      if (!/^[A-Za-z]/.test(text.slice(at, end))) return null;
      const before = sentenceBefore(text, at);
      const asked = ASKED_TO_ADD.exec(before);
      // "I added / we add deepspeed" reports what the run uses.
      if (!asked || /\b(?:i|we|i've|we've|then|and|also)\s+$/i.test(before.slice(0, asked.index))) return null;
      return `${asked[0]}${text.slice(at, end)}`.trim();
    },
    example: 'recommended to add the EXL2（ExLlamav2） model',
    source: 'xorbitsai/inference#852 (c1253); h2oai/h2ogpt#1341; vllm-project/vllm#296; BerriAI/litellm#1192',
  },
  {
    // The name followed by its own project's address ("for llama.cpp https://github.com/ggerganov/
    // llama.cpp/pull/5021"): a reference to the project, as a Markdown link's label is (fact-cues.ts).
    id: 'mention.name-with-its-address',
    kind: 'link',
    words: (text, at, end) => {
      const url = /^\s*[（(]?\s*<?(https?:\/\/[^\s)>）]+)/.exec(text.slice(end, end + 200));
      if (!url || !squashed(url[1]!).includes(squashed(text.slice(at, end)))) return null;
      if (USED_BEFORE.test(text.slice(Math.max(0, at - 24), at))) return null;
      return `${text.slice(at, end)}${url[0]}`.trim();
    },
    example: 'Edit: Apparantly flash attention was added today for llama.cpp https://github.com/ggerganov/llama.cpp/pull/5021 for larger contexts over 64k',
    source: 'oobabooga/textgen#5965 (c623); vllm-project/vllm#296 ("ExLlama (https://github.com/turboderp/exllama)")',
  },
  // The yardstick of a comparison ("like deepspeed", "unlike vLLM", 相比…; framework-comparisons.ts).
  COMPARISON_ROW,
  // The tool said to run "with this command", where the command holds nothing of it (framework-command-lacks.ts).
  COMMAND_LACKS_ROW,
  // The failure denied right after the name ("LLama factory 不溢出", "axolotl doesn't OOM"; framework-no-failure.ts).
  NO_FAILURE_ROW,
  // The source of a figure or claim ("according to the llama.cpp repo", "the unsloth README says"; framework-citation.ts).
  CITATION_ROW,
];

/** The first row that reads the framework at `at`–`end` as only mentioned, with its words. */
export function mentionByRow(text: string, at: number, end: number): { kind: MentionKind; words: string; id: string } | null {
  for (const row of MENTION_ROWS) {
    const words = row.words(text, at, end);
    if (words) return { kind: row.kind, words, id: row.id };
  }
  return null;
}
