import { catalogSeries, seriesKey } from '../families.js';
import type { Token } from '../lexer.js';
import { modelIdOf } from '../lexicon.js';
import type { NameGuess } from './model-names.js';

/**
 * A checkpoint named by its variant word and size only ("chat-7b", "instruct-13b"), with the series it belongs
 * to named elsewhere in the message: "[InternLM] 微调需要多大的显存？… 如果要微调chat-7b模型的话" (InternLM/InternLM#171,
 * c3027 with the repository's name written as a title tag), "Baichuan2 question: the chat-13b OOMs". People drop
 * the series' name when the thread is about it; the series and the variant make one catalog checkpoint
 * (internlm-chat-7b is InternLM-7B's chat model). Run before nameModels, which reads "chat-7b" alone as an
 * unknown name of 7B. The two are joined only by being in one message, so the reading is weak and said (rule
 * names.variant-with-series-apart); two series that make two checkpoints read nothing here.
 */

/** Words a release's checkpoints are named by, before or after their size. */
const VARIANT_WORD = /^(?:chat|instruct|base|it|sft|inst)$/;
const JOIN = /^[-_]$/;
const SIZE = /^\d+(?:\.\d+)?[bm]$/;

/** The series names the message says as words: a family ("internlm"), with its version ("llama-2"), or a series word ("baichuan2"). */
function seriesSaid(tokens: readonly Token[], skip: ReadonlySet<number>): string[] {
  const said = new Set<string>();
  tokens.forEach((t, k) => {
    if (skip.has(k)) return;
    if (t.type === 'family' && t.text) {
      said.add(t.text);
      const joint = tokens[k + 1];
      const version = joint?.type === 'number' ? joint : (joint?.type === 'ws' || (joint?.type === 'sep' && JOIN.test(joint.text))) && tokens[k + 2]?.type === 'number' ? tokens[k + 2] : undefined;
      if (version) said.add(`${t.text}-${version.text}`);
    } else if (t.type === 'word' && catalogSeries().has(seriesKey(t.text))) said.add(t.text);
  });
  return [...said];
}

export function nameVariantWithSeriesApart(tokens: Token[], notes: string[], guesses: NameGuess[]): void {
  nameMemberWithSeriesApart(tokens, notes, guesses);
  for (let i = 2; i < tokens.length; i++) {
    const size = tokens[i]!;
    const join = tokens[i - 1]!;
    const variant = tokens[i - 2]!;
    if (size.type !== 'size' || !SIZE.test(size.text) || join.type !== 'sep' || !JOIN.test(join.text) || variant.type !== 'word' || !VARIANT_WORD.test(variant.text)) continue;
    // The variant word must start the name: "internlm-chat-7b" is a whole name, read as one elsewhere.
    const before = tokens[i - 3];
    if (before && (before.type === 'family' || before.type === 'number' || (before.type === 'sep' && JOIN.test(before.text)) || before.type === 'word')) continue;
    const ids = new Set<string>();
    let from = '';
    for (const series of seriesSaid(tokens, new Set([i - 2, i - 1, i]))) {
      const id = modelIdOf(`${series}-${variant.text}-${size.text}`) ?? modelIdOf(`${series}-${size.text}-${variant.text}`);
      if (id) {
        ids.add(id);
        from = series;
      }
    }
    if (ids.size !== 1) continue;
    const id = [...ids][0]!;
    const text = `${variant.text}${join.text}${size.text}`;
    const note = `"${text}" read as ${id}: the ${text} of the series the message names as "${from}" (say the model's full name if yours is another)`;
    notes.push(note);
    guesses.push({ at: variant.offset, end: size.offset + size.text.length, note, rule: 'names.variant-with-series-apart' });
    tokens.splice(i - 2, 3, { type: 'model', value: id, text, offset: variant.offset });
    i -= 2;
  }
}

/**
 * A release's member named by its own word ("Maverick", "Scout") with the series named by its version elsewhere:
 * "feat: add Llama 4 vLLM values … GPU Maverick uses FP8 quantization" (awslabs/ai-on-eks-charts#9, c3020, had
 * refused an unknown model "pre-compiled"), "Llama 4 部署：Scout 用 4 张 H100 够吗". Only a series written with its
 * version ("Llama 4", "llama4") completes a word, and only into a catalog id ("llama-4-maverick"); weak and said
 * (rule names.member-with-series-apart).
 */
const MEMBER_WORD = /^[a-z]{4,}$/;
function nameMemberWithSeriesApart(tokens: Token[], notes: string[], guesses: NameGuess[]): void {
  const versioned = seriesSaid(tokens, new Set()).filter((series) => /\d/.test(series));
  if (!versioned.length) return;
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i]!;
    if (word.type !== 'word' || !MEMBER_WORD.test(word.text) || VARIANT_WORD.test(word.text)) continue;
    // A word joined into a longer name ("llama-4-maverick-17b…") is that name's part, read with it.
    if ([tokens[i - 1], tokens[i + 1]].some((t) => t?.type === 'sep' && /^[-_./]$/.test(t.text))) continue;
    const found = versioned.map((series) => ({ series, id: modelIdOf(`${series}-${word.text}`) })).filter((f) => f.id !== undefined);
    if (new Set(found.map((f) => f.id)).size !== 1) continue;
    const { series, id } = found[0]!;
    const note = `"${word.text}" read as ${id}: the ${word.text} of the series the message names as "${series}" (say the model's full name if yours is another)`;
    notes.push(note);
    guesses.push({ at: word.offset, end: word.offset + word.text.length, note, rule: 'names.member-with-series-apart' });
    tokens.splice(i, 1, { type: 'model', value: id!, text: word.text, offset: word.offset });
  }
}
