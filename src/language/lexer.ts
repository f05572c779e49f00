import moo from 'moo';
import { namesAModel } from '../hub/evidence.js';
import { ATTACHED_CONFIG, hubTokenAt, repoOf } from '../hub/ids.js';
import { LATIN_LETTERS } from './letters.js';
import { nameAt } from './names.js';
import { methodBeforeModel, ownerNamesAModel, projectNamedAfterSeries } from './model-owner.js';

/**
 * The lexer: catalog names and keywords by table lookup (names.ts), everything else by moo.
 * At each token start a Hub repo id is tried first (unless the catalog lists the whole id as a
 * model alias), then a name (model, GPU, keyword, family — the old rule order), then moo's
 * rules in order (first match wins): numbers with units, bare numbers, words. It runs on normalised, lower-cased text (src/language/normalise.ts).
 */

export interface Token {
  type: string;
  /** Meaning: keyword value, catalog id, or the text. */
  value: string;
  /** The matched text, lower-case. */
  text: string;
  /** Character offset in the request. */
  offset: number;
}

const re = (source: string) => new RegExp(source);

const NUM = '(?:\\d*\\.)?\\d+';
/**
 * What may follow a number that starts a hardware or size item ("8 gpus", "2 nodes", "8 h100").
 * A card is any letters-then-digits name or a four-digit number (the catalog is not spelled
 * out here, so this regex stays small).
 */
const COUNTED = `\\s*(?:nodes?|[x×*]|gpus?|cards?|devices?|params|parameters|gi?b(?![a-z])|[a-z]{1,4}\\d{1,4}|\\d{4})`;
const TARGET = '(?:q|k|v|o|gate|up|down)(?:_proj)?';

function rules(): moo.Rules {
  const r: Record<string, moo.Rule | RegExp | null> = {
    ws: { match: /\s+/, lineBreaks: true },
    mention: /<[@#!][^>\s]*>/,
    // A number's unit, noun or times sign is on its own line: `[ \t]`, never `\s`, between them. "ga 16" then a line
    // "Context is 8k." had lexed "16⏎Context" as a length (test/language/line-break-tokens.test.ts).
    // "4k context" — only when no bare number follows, else "bs 8 context 4096" would misread.
    // …nor when "context" starts a keyword of its own ("1 context len=2k" is "1", then "context len 2k").
    seqPost: re(`${NUM}k?[ \\t_\\-]*(?:context|ctx)(?![a-z0-9])(?![ \\t_\\-]*(?:len|length|size|window)(?![a-z]))(?![ \\t_\\-]*${NUM}k?(?![a-z0-9.])(?!${COUNTED}))`),
    // "8x7b", and "8*7B" as people write it too ("Mistral 8*7B Out of memory", deepspeedai/DeepSpeed-MII#374;
    // OpenRLHF's README "Support Mixtral 8*7b"): experts × size, before a count's "8*" takes the 8.
    moeSize: re(`\\d+[ \\t]*[x×*][ \\t]*${NUM}[ \\t]*b(?![a-z0-9])`),
    size: re(`${NUM}(?:b|m|t)(?![a-z0-9])|${NUM}[ \\t]*(?:bn|billion|million|trillion)(?![a-z0-9])`),
    // "24Gi" is Kubernetes's spelling of GiB.
    capacity: re(`${NUM}[ \\t]*(?:gib|gb|gi|g)(?![a-z0-9])`),
    nodes: re(`\\d+[ \\t]*nodes?(?![a-z0-9])`),
    count: re(`\\d+[ \\t]*[x×*](?=[ \\t]*[a-z0-9])`),
    knum: re(`${NUM}k(?![a-z0-9])`),
    // A parallel degree glued to the next one ("tp4pp2", "TP2PP4DP2", sgl-project/sglang#2360, c1970) ends at its digits.
    number: re(`\\d{1,3}(?:,\\d{3})+(?![\\d.a-z])|${NUM}(?:e\\+?\\d+)?(?:(?![a-z0-9])|(?=(?:tp|pp|dp|ep|cp|vpp)\\d))`),
    loraRank: re(`r[ \\t]*\\d+(?![a-z0-9.])`),
    // "q,v", "q k v o", "gate_proj": a lone "up"/"down"/"gate" is English, not a target.
    loraTargets: re(
      `(?:${TARGET}(?:(?:\\s*[,+/]\\s*|\\s+)${TARGET})+|(?:q|k|v|o)(?:_proj)?|(?:gate|up|down)_proj)(?![a-z0-9])`,
    ),
    // A digit-led run that is none of the above ("13bb", "0.5x"): reported like an unknown word.
    badnum: re(`\\d[a-z0-9.\\-_]*`),
    // Words of Latin letters, accented ones too (letters.ts): "mémoire", "ça", "Größe" are one word each.
    word: re(`[${LATIN_LETTERS}][${LATIN_LETTERS}0-9]*(?:['.\\-_][${LATIN_LETTERS}0-9]+)*`),
    sep: /[,;:=()[\]{}?!./+&|%"'`*~#@<>^$\\_-]+/,
    // Letters of other scripts ("跑", "на"): a word the reply lists as not read, never an error.
    foreign: /[^\x00-\x7f]+/,
    other: moo.error,
  };
  return Object.fromEntries(Object.entries(r).filter(([, v]) => v !== null)) as moo.Rules;
}

const lexer = moo.compile(rules());

/**
 * `org/name`, a huggingface.co URL, or an attached "config.json" (src/hub/ids.ts), where it is tried;
 * `model` false for a bare pair with no evidence of a model repo ("release/0.5.0", a git branch;
 * "xprobe/xinference", a Docker image; src/hub/evidence.ts): one word the reader does not read,
 * never a repo to fetch, and its digits no number ("cudnn/8.3.1.22-cuda-11.5").
 */
function hubAt(text: string, at: number): { found: string; model: boolean } | null {
  const found = hubTokenAt(text, at);
  if (!found || isWordPair(found) || !mayNameModel(found) || isImageTag(text, at + found.length) || ownerNamesAModel(found)) return null;
  const bare = found !== ATTACHED_CONFIG && !HUB_URL.test(found);
  if (bare && methodBeforeModel(found)) return null;
  return { found, model: !bare || (namesAModel(repoOf(found)) && !projectNamedAfterSeries(found)) };
}

/** A huggingface.co / hf.co address, with or without its scheme: evidence of a repo by itself. */
const HUB_URL = /^(?:https?:\/\/)?(?:www\.)?(?:huggingface\.co|hf\.co)\//;

/**
 * `openmmlab/lmdeploy:latest`, `vllm/vllm-openai:v0.6.3` (b13, InternLM/lmdeploy#519, c542): an
 * owner/name with a tag glued on is a container image, not a Hub repo to fetch.
 */
const isImageTag = (text: string, end: number) => /^:[a-z0-9][\w.-]*/.test(text.slice(end, end + 40));

/**
 * "OOM/ValueError", "RuntimeError/CUDA" in a pasted log: an exception's name after a slash is
 * prose, never a Hub repo (a model repo is not named like a Python exception class).
 */
function mayNameModel(found: string): boolean {
  return !/\/[a-z]*(?:error|exception|warning)$/.test(found);
}

/**
 * Two short words joined by a slash ("CPU/GPU" in an Ollama listing, "fp16/bf16", "tp/pp",
 * "OOM/ValueError" is longer and stays) are prose shorthand for "either", not a Hub repo:
 * a Hub owner and name of at most four characters each is a word pair.
 */
const isWordPair = (id: string) => /^[a-z0-9]{1,4}\/[a-z0-9]{1,4}$/.test(id);

/** Tokens of normalised text. Never throws: unknown characters become `other`. */
export function tokenize(lowerText: string): Token[] {
  const out: Token[] = [];
  let at = 0;
  // Where moo's cursor stands (absolute), and the offset its current input starts at.
  let mooAt = -1;
  let base = 0;
  // A repo id has a slash, or is the attached "config.json": most requests have neither.
  const mayHoldHubId = lowerText.includes('/') || lowerText.includes('config.json');
  while (at < lowerText.length) {
    const hub = mayHoldHubId ? hubAt(lowerText, at) : null;
    // A repo id the catalog lists as an alias ("google/gemma-2-9b") is that model, read offline.
    const name = nameAt(lowerText, at);
    if (hub && !(name?.type === 'model' && name.end >= at + hub.found.length)) {
      out.push(hub.model ? { type: 'hub', value: repoOf(hub.found).toLowerCase(), text: hub.found, offset: at } : { type: 'word', value: hub.found, text: hub.found, offset: at });
      at += hub.found.length;
      continue;
    }
    if (name) {
      out.push({ type: name.type, value: name.value, text: lowerText.slice(at, name.end), offset: at });
      at = name.end;
      continue;
    }
    if (mooAt !== at) {
      lexer.reset(lowerText.slice(at));
      base = at;
    }
    const t = lexer.next();
    if (!t) break;
    const type = t.type === 'badnum' ? 'word' : (t.type ?? 'other');
    out.push({ type, value: t.value, text: t.text, offset: base + t.offset });
    if (type === 'other') break; // moo.error swallows the rest of the input
    at = base + t.offset + t.text.length;
    mooAt = at;
  }
  return out;
}
