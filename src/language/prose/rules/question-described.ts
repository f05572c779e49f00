import type { ProseRule } from '../types.js';
import { sentenceAround } from './asked.js';

/**
 * Words that describe what the user did or shows are no question: a run measured "against" a baseline, an
 * issue "written against inference", "a more complete sweep" they ran, "the graph below", "the graph
 * requirements" of llama.cpp. A question needs words that ask it (DESIGN.md §2: the question item is what to
 * solve for); these had become "compare … vs …" and "chart" / "sweep batch" questions nobody asked (c2247,
 * c2389, c2273, c2295). Each match is blanked and said.
 */

/**
 * A verb form just before "against" (skipping markup, a closing bracket, one adverb): "measured … warmed)
 * against llama.cpp" (c2389), "written against inference" (c2247), "built against CUDA 12.4", "benchmarked
 * against ollama", "filed against". "compared against" is left: that is how a user asks to weigh two.
 */
const VERB_BEFORE = /\b(?!compared\b)(?:[a-z]{3,}ed|written|built|run|ran|done|made|seen|set|put|tested|shown|taken|held|checked|compiled|linked)[\s*_`)\]"']*(?:\b(?:also|too|again|directly|only|just|mainly|primarily)\s+)?$/;

/** A verb of writing or filing an issue or a change: what follows "against" is what it targets. */
const WRITTEN_FOR = /\b(?:written|wrote|filed|opened|reported|raised|logged|targeted|aimed|submitted)[\s*_`)\]"']*$/;

/** Words that weigh two options in a sentence (asked.ts's WEIGHS, less the "vs" that names a pair). */
const WEIGHS = /[?？]|\b(?:which|whether|should|shall|better|faster|cheaper|slower|worse|less|more\s+memory|recommend\w*|prefer\w*|choose|choosing|pick|compare\w*|differen\w*)\b|还是|哪个|哪种|吗/;

/** Words that ask for a picture: a request verb, a question, "please". */
const REQUESTS = /[?？]|\b(?:show|give|draw|plot|make|generate|create|render|produce|print|want|need|like|can|could|would|please|pls|let\s+me)\b|请|帮/;

/**
 * A drawing asked of the bot: a verb of drawing or showing, "give / send / make me", "can you", "I'd like", "please",
 * or the Chinese, Korean and Japanese words for draw and show me (画, 给我看, 그려, 보여, 描いて, 見せて).
 */
const DRAW_ASKED = /\b(?:show|draw|plot|render|visuali[sz]e|(?:give|send|make|generate|create)\s+(?:me|us)|(?:can|could|would|will)\s+(?:you|u)|i['’]?d\s+like|(?:i|we)\s+(?:want|need|would\s+like)\s+(?:to\s+see\s+)?(?:a|an|the)\b|please|pls)\b|画|给我看|그려|보여|描い|見せ/;

/** A verb the chart word is the object of, just before its article: "Here’s a more complete sweep", "I attached a plot". */
const SHOWN_BEFORE = /\b(?:here['’]?s|here\s+(?:is|are)|attach\w*|see|saw|share\w*|post\w*|upload\w*|ran|run|did|made|got|have|had|has|increase\w*|reduce\w*|check\w*|in|from|at)\s+$/;

/** The words after the chart word go on into a clause about it: "below shows", "of memory", "requirements", ":". */
const GOES_ON = /^\s*(?::|(?:below|above|shows?|showed|shown|is|was|are|were|in|of|from|attached|here|looks?|requirements?|sizes?|nodes|splits|buffers?|results?|that|which)\b)/;

/** A pull request's or a commit's title opening: a conventional-commit prefix ("feat:", "fix(vllm):") or a bracketed tag ("[Perf]"). */
const CHANGE_TITLE_PREFIX = String.raw`(?:(?:feat|fix|perf|docs?|bench|benchmarks?|chore|refactor|tests?|ci|build|style|examples?|samples?|misc)(?:\([^)\n]*\))?!?:|\[(?:bench(?:mark)?s?|docs?|perf|wip|examples?|misc|ci(?:\/build)?|bugfix|kernel|model|core|hardware|feat)\])`;
/** A line that opens as a change's title: the compare-in-change-title rule's guard, one anchored scan. */
const CHANGE_TITLE_LINE = new RegExp(String.raw`^\s*${CHANGE_TITLE_PREFIX}`, 'm');

export const DESCRIBED_QUESTION_RULES: readonly ProseRule[] = [
  {
    // "[MI50]Qwen3-VL-8B-AWQ can run just for text but vllm will be out of memory if I send a picture."
    // (mixa3607/ML-gfx906#3, c2611: read as the breakdown chart, silent): a picture or a png is what a user
    // sends a vision model far more often than a drawing asked of the bot. It asks for a chart only where a
    // request for a drawing is aimed at the bot in its sentence ("show me", "draw", "can you", "please", 画,
    // 보여줘); "can" alone ("it can run … if I send a picture") and a question mark ("can it handle a picture of
    // 4k resolution?") ask about the run, not for a picture. Blanked and said otherwise.
    id: 'question.picture-sent',
    pattern: /\b(?:pictures?|png)\b/g,
    when: (t) => t.includes('picture') || t.includes('png'),
    write: (m, notes) => {
      const { before, after } = sentenceAround(m.input, m.index, m.index + m[0].length);
      if (DRAW_ASKED.test(before) || /^\s*(?:please|pls)\b/.test(after)) return m[0];
      notes.push(`"${m[0]}" read as an image you give the model, not a chart asked for; none drawn (say "chart" to get the memory breakdown)`);
      return ' '.repeat(m[0].length);
    },
    example: 'Qwen3-VL-8B-AWQ can run just for text but vllm will be out of memory if I send a picture.',
    source: 'mixa3607/ML-gfx906#3',
  },
  {
    // "since the issue is written against inference" (unslothai/unsloth#4867, c2247: read "compare training vs
    // inference"), "Measured with llmfit (… warmed) against llama.cpp, … context 4096, single slot." (AlexsJones/
    // llmfit#774, c2389: read "compare cpu offload vs llama.cpp"): "against" after a verb form, or in a sentence
    // that states (a full stop, no word that weighs), says what was measured or written for, not two options
    // the user weighs. "lora against qlora on a 4090, which uses less?" stays a comparison.
    id: 'question.against-described',
    // The word after it is kept apart: after a verb of writing or filing it is what the issue was written for.
    pattern: /\bagainst\b(\s+(?:the\s+|an?\s+)?[\w.+-]+)?/g,
    when: (t) => t.includes('against'),
    write: (m, notes) => {
      const text = m.input;
      const before = text.slice(Math.max(0, m.index - 60), m.index);
      const { sentence } = sentenceAround(text, m.index, m.index + 7);
      const stated = /[.。]$/.test(sentence) && !WEIGHS.test(sentence);
      if (!VERB_BEFORE.test(before) && !stated) return m[0];
      const object = m[1] ?? '';
      // "the issue is written against inference" (c2247): what an issue or a PR targets is another's setup, not the run's.
      const targeted = WRITTEN_FOR.test(before) && object.trim() !== '';
      const words = `${before.split(/[\n.]/).pop()!.trim()} against${targeted ? object.replace(/\s+/g, ' ') : ''}`.slice(-70);
      notes.push(
        targeted
          ? `"${words}" names what the issue or change was written for, not your run; neither a comparison nor a setting read from it`
          : `"${words}" says what was measured or written against, not two options you weigh; no comparison read (say "compare A vs B" to weigh two)`,
      );
      return ' '.repeat(7) + (targeted ? ' '.repeat(object.length) : object);
    },
    example: 'Data point on the training half of this, since the issue is written against inference',
    source: 'unslothai/unsloth#4867',
  },
  {
    // "Here’s a more complete sweep:" over a shell loop the user ran (nicedreamzapp/claude-code-local#31, c2273:
    // read "sweep batch"), "increase the graph requirements" (llama.cpp's compute graph, ollama/ollama#6260,
    // c2295: read "chart"), "I attached a plot", "the graph below shows", "the timeline in my profile": a chart
    // word after an article or a possessive names a thing the user has or shows, not a picture asked, unless
    // the sentence asks for it ("show me the timeline", "can you plot …?", "a chart please").
    id: 'question.chart-described',
    pattern:
      /\b(?:a|an|the|this|that|these|those|my|our|his|her|their|its|your)\s+(?:[a-z][\w.-]*\s+){0,3}?(?:(?:batch|bs|seq|sequence|memory)\s+)?(?:charts?|plots?|graphs?|sweeps?|timelines?|pictures?|png)\b(?:\s+(?:batch|bs|seq))?/g,
    when: (t) => /chart|plot|graph|sweep|timeline|picture|png/.test(t),
    write: (m, notes) => {
      const text = m.input;
      const { before, after } = sentenceAround(text, m.index, m.index + m[0].length);
      if (REQUESTS.test(before) || /^[^.\n]*[?？]/.test(after) || /^\s*(?:please|pls)\b/.test(after)) return m[0];
      // A terse request ("7b lora on a100, a breakdown chart", "… with a batch sweep") ends on the chart word: only a
      // chart word a verb has ("here's", "attached", "ran") or that goes on into a clause ("below shows", "of
      // memory", "requirements") is described.
      if (!SHOWN_BEFORE.test(before.slice(-40)) && !GOES_ON.test(after)) return m[0];
      const word = /(?:charts?|plots?|graphs?|sweeps?|timelines?|pictures?|png)\b(?:\s+(?:batch|bs|seq))?$/.exec(m[0])![0];
      const from = m[0].length - word.length;
      // A size word before the chart word ("batch sweep") is blanked with it: "batch" alone would ask for a value.
      const lead = /(?:(?:batch|bs|seq|sequence|memory)\s+)$/.exec(m[0].slice(0, from))?.[0] ?? '';
      notes.push(`"${m[0].trim()}" names a chart or sweep you have or ran, not one asked for; none drawn (say "chart" or "sweep batch" to get one)`);
      return m[0].slice(0, from - lead.length) + ' '.repeat(lead.length + word.length);
    },
    example: 'Here’s a more complete sweep:',
    source: 'nicedreamzapp/claude-code-local#31',
  },
  {
    // "feat: add Qwen3-8B pre-training sample (H200 vs B300, NeMo/Megatron)" (awslabs/awsome-distributed-ai#1138,
    // c2578: read "compare h200 vs b300" over a diff that trains on H200), "bench: A100 vs H100 throughput",
    // "[Perf] fp8 vs bf16 numbers": a pull request's or a commit's title (a conventional-commit prefix or a
    // bracketed tag of a change) names what the change adds or measures; it asks nothing. The first side is the
    // change's own (read as written); the other side is blanked and said.
    id: 'question.compare-in-change-title',
    pattern: new RegExp(String.raw`(?<=^\s*${CHANGE_TITLE_PREFIX}[^\n?？]*?)\b(?:vs\.?|versus)[ \t]+(?:the[ \t]+)?[\w.+-]+(?=[^\n?？]*$)`, 'gm'),
    // Only a title with a body under it: a one-line "[Bench] llama-3-8b q4_k_m vs q8_0 on RTX 4090" is someone asking.
    // And only where a line starts as a change's title does: the look-behind scans back to the line's start for every
    // "vs", so a long line of them without one was quadratic (reader-cost.test.ts: 420 "vs." on a line, 5 KB).
    when: (t) => /\bvs\b|versus/.test(t) && t.trim().includes('\n') && CHANGE_TITLE_LINE.test(t),
    write: (m, notes) => {
      // The side the body names again (a path's h100/ folder) is the change's own: where that is the second side,
      // the title is left whole for the compared-cards reconcile (reconcile/compared-cards.ts), which keeps it.
      const body = m.input.slice(m.input.indexOf('\n', m.index)).toLowerCase();
      const second = /[\w.+-]+$/.exec(m[0])?.[0].toLowerCase() ?? '';
      const first = /([\w.+-]+)[ \t]*$/.exec(m.input.slice(0, m.index))?.[1]?.toLowerCase() ?? '';
      if (second && body.includes(second) && !(first && body.includes(first))) return m[0];
      notes.push(`"${m[0].trim()}" in a pull request's title names what the change compares, not a comparison you ask; the other side not read (say "compare A vs B" to weigh them)`);
      return ' '.repeat(m[0].length);
    },
    example: 'feat: add Qwen3-8B pre-training sample (H200 vs B300, NeMo/Megatron)\n\n3.test_cases/pytorch/nemo-megatron/qwen3-8b-pretraining/h200/train.py',
    source: 'awslabs/awsome-distributed-ai#1138',
  },
];
