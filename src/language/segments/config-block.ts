import { isMap, isPair, isScalar, isSeq, parseDocument, type Node } from 'yaml';
import type { Work } from './lines.js';

/**
 * A pasted config read with a real parser (issue 22, item 1): JSON, YAML (block or flow), and a
 * Python dict (True / False / None, single quotes; lower-cased by normalise, they are YAML's own
 * true / false and the string "none", which the key tables read as off). The yaml package
 * (eemeli/yaml) reads all three, JSON being YAML's flow style, and keeps each node's place in
 * the text, so every pair keeps the user's own words.
 */
export interface ConfigPair {
  /** The key as written (quotes dropped). */
  key: string;
  /** Nesting depth: 0 at the top, 1 under `zero_optimization`, … */
  depth: number;
  keyStart: number;
  keyEnd: number;
  /** The value as written ("3", "'cpu'", "[q_proj, v_proj]"); null for a key that opens a block. */
  valueStart: number | null;
  valueEnd: number | null;
  /** A list of plain values (`lora_target: [q_proj, v_proj]`, or a YAML block list): each item's place. */
  items: [number, number][] | null;
}

/** A Go template's action alone on its line (Helm's `{{- if .Values.vllm.enabled }}`, `{{- end }}`). */
const TEMPLATE_LINE = /^[ \t]*\{\{[^{}\n]*\}\}[ \t]*$/gm;
/** A Go template's action inside a value (`- {{ .Values.model | quote }}`, `image: "{{ .Values.image }}:…"`). */
const TEMPLATE_VALUE = /\{\{[^{}\n]*\}\}/g;

/**
 * A Helm chart's manifest is YAML with Go template actions in it, which YAML refuses (`- {{ .Values.model | quote }}`
 * is a flow mapping inside a flow mapping): a Kubernetes container's `args:` list of vLLM flags in a chart went
 * unread, `--gpu-memory-utilization=1` with it (castai/helm-charts#729, c2819). Same-length edits, so the parser's
 * offsets stay the text's: an action alone on its line is blanked, one inside a value becomes a plain word of
 * underscores, a value no table reads (what the chart fills in at install time is not in the message).
 */
export const goTemplatesBlanked = (yaml: string): string =>
  yaml.includes('{{') ? yaml.replace(TEMPLATE_LINE, (m) => ' '.repeat(m.length)).replace(TEMPLATE_VALUE, (m) => '_'.repeat(m.length)) : yaml;

/** A Python assignment or call in front of a dict (`generation_kwargs = {`, `dict(`): not part of the config. */
const ASSIGNED = /^\s*[a-z_][\w.]*\s*=\s*(?=[{[])/;

/**
 * The pairs of a config written in text[start, end), in the order written; null when the parser
 * does not read it as a mapping (then the block is not a config).
 */
export function parseConfigBlock(text: string, start: number, end: number, work: Work): ConfigPair[] | null {
  const source = text.slice(start, end);
  work.steps += source.length;
  const assigned = ASSIGNED.exec(source);
  const skip = assigned ? assigned[0].length : 0;
  // Same-length edits only, so the parser's offsets are the text's: the assignment blanked,
  // tabs (which YAML refuses as indentation) made spaces.
  // zsh's mark for output with no final newline ("…}]}%" after a curl of vLLM's /models, modal-labs/modal-examples#843,
  // c2426) is the shell's, not the JSON's: blanked.
  const yamlText = goTemplatesBlanked(' '.repeat(skip) + source.slice(skip).replace(/\t/g, ' ').replace(/(?<=[}\]])%(?=[ \t]*(?:\n|$))/g, ' '));
  let doc;
  try {
    doc = parseDocument(yamlText, { uniqueKeys: false, prettyErrors: false, strict: false });
  } catch {
    return null;
  }
  if (doc.errors.length || !doc.contents) return null;
  const root = doc.contents as Node;
  if (!isMap(root) && !(isSeq(root) && root.items.every((item) => isMap(item)))) return null;
  const pairs: ConfigPair[] = [];
  walk(root, 0, start, pairs);
  // A block list's range runs to the next line: a value ends at its last character.
  for (const pair of pairs) while (pair.valueEnd !== null && pair.valueEnd > pair.valueStart! && /\s/.test(text[pair.valueEnd - 1]!)) pair.valueEnd--;
  return pairs.length && pairs.every((pair) => IDENTIFIER.test(pair.key) && !proseValue(text, pair)) ? pairs : null;
}

/**
 * A bullet list of notes parses as YAML too ("- model info: 4x cards, deployed on docker"): a
 * config's keys are identifiers, and its plain values are not sentences.
 */
const IDENTIFIER = /^[a-z_][\w.\-/]*$/i;
const SENTENCE = /^[^"'\[{]\S*(?:\s+\S+){3,}/;

function proseValue(text: string, pair: ConfigPair): boolean {
  if (pair.valueStart === null || pair.valueEnd === null) return false;
  // A heading over a bullet list of sentences ("Symptoms:\n- With default n_ctx=512 and n_gpu_layers=35, CUDA error
  // occurs immediately.\n- After changing n_ctx=2048 …", abetlen/llama-cpp-python#2234, c1319) parses as a key over
  // a list; its items are sentences, so it is prose: read as a config, its keys inside the sentences lost their values.
  if (pair.items) return pair.items.length > 0 && pair.items.every(([start, end]) => SENTENCE.test(text.slice(start, end)));
  return SENTENCE.test(text.slice(pair.valueStart, pair.valueEnd));
}

function walk(node: unknown, depth: number, offset: number, pairs: ConfigPair[]): void {
  if (isSeq(node)) {
    for (const item of node.items) walk(item, depth, offset, pairs);
    return;
  }
  if (!isMap(node)) return;
  for (const pair of node.items) {
    if (!isPair(pair) || !isScalar(pair.key) || !pair.key.range) continue;
    const key = String(pair.key.value);
    const [keyStart, keyEnd] = pair.key.range;
    const value = pair.value as Node | null;
    const nested = isMap(value) || (isSeq(value) && value.items.some((item) => isMap(item)));
    if (nested || !value?.range) {
      pairs.push({ key, depth, keyStart: offset + keyStart, keyEnd: offset + keyEnd, valueStart: null, valueEnd: null, items: null });
      if (nested) walk(value, depth + 1, offset, pairs);
      continue;
    }
    const items = isSeq(value) ? value.items.filter((item) => isScalar(item) && item.range).map((item) => [offset + (item as Node).range![0], offset + (item as Node).range![1]] as [number, number]) : null;
    pairs.push({ key, depth, keyStart: offset + keyStart, keyEnd: offset + keyEnd, valueStart: offset + value.range[0], valueEnd: offset + value.range[1], items });
  }
}
