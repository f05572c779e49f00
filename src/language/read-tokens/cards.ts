import { gpuById, GPUS } from '../../catalog/index.js';
import type { Token } from '../lexer.js';
import { TAKES_NUMBER } from './compounds.js';
import { PROSE, spanText } from './words.js';
import { withArticle } from '../article.js';

/** A card and its memory next to each other, in either order ("48G A6000", "A100s (40G)"): one card of that memory. */

const GIB = 1024;
const familyKey = (id: string) => id.replace(/-(?:\d+g|pcie|nvl|sxm\d?)$/, '');
const totalGiB = (id: string) => gpuById(id).totalMiB / GIB;

/** The variant of a card with the memory asked, within 10%; null when none has it. */
export function cardWithMemory(gpuId: string, gib: number): string | null {
  const key = familyKey(gpuId);
  const variants = GPUS.filter((g) => familyKey(g.id) === key);
  const near = variants
    .map((g) => ({ id: g.id, off: Math.abs(g.totalMiB / GIB - gib) / gib }))
    .filter((v) => v.off <= 0.1)
    .sort((a, b) => a.off - b.off || (a.id === gpuId ? -1 : 1));
  return near[0]?.id ?? null;
}

/** Four-digit lengths, never a card's number. */
const LENGTHS = new Set(['1024', '2048', '4096', '8192']);

export const CARD_VENDOR = /^(?:rtx|gtx|geforce|quadro|titan)$/;

export function fixCards(kept: Token[], gapBefore: string[], notes: string[], cards: { impossible: { offset: number; text: string } | null }, makerBefore: string[] = []): Token[] {
  const out = [...kept];
  const gaps = [...gapBefore];
  const makers = [...makerBefore];
  const remove = (i: number) => {
    out.splice(i, 1);
    gaps.splice(i, 1);
    makers.splice(i, 1);
  };
  for (let i = 0; i < out.length; i++) {
    const t = out[i]!;
    const next = out[i + 1];
    const prev = out[i - 1];
    // "Triton 24.02 on A100": a number with a fraction counts no cards.
    if (t.type === 'number' && /\./.test(t.text) && !TAKES_NUMBER.has(prev?.type ?? '') && (next?.type === 'on' || next?.type === 'gpu' || next?.type === 'gpus' || next?.type === 'capacity')) {
      out[i] = { ...t, type: 'word' };
      continue;
    }
    // "3060 12GB", "2x 3060", "on 3060", "rtx 3060": a card number the catalog lacks, never a count.
    // A power of two (1024, 2048, 4096, 8192) is a length people write ("it worked at 4096 but at 8192
    // it OOMs"), and no card is numbered so (GeForce 1050–5090, RTX 4000/5000/6000/8000).
    // "I've got a GTX 970 (4GB VRAM)" (ollama/ollama, c1174; "GTX 960 2GB", "GTX 750 Ti" in llama.cpp issues):
    // a number right after a card maker's word is the card's name the catalog lacks, never 970 GPUs (issue 22).
    const vendor = t.type === 'number' && /^\d{3,4}$/.test(t.text) && CARD_VENDOR.test((makers[i] ?? '').toLowerCase()) ? makers[i]! : null;
    if (t.type === 'number' && ((/^\d{4}$/.test(t.text) && Number(t.text) >= 1000 && !LENGTHS.has(t.text)) || vendor)) {
      const cardContext =
        vendor !== null || next?.type === 'capacity' || next?.type === 'gpus' || prev?.type === 'count' || prev?.type === 'on' || prev?.type === 'number' ||
        (prev === undefined && next?.type === 'gpu');
      if (cardContext) {
        const withMemory = next?.type === 'capacity' ? ` read as ${withArticle(next.text.replace(/\s+/g, '').toUpperCase())} card` : ' no GPU read';
        notes.push(`I don't know the GPU "${vendor ? `${vendor.toUpperCase()} ` : ''}${t.text}":${withMemory}`);
        remove(i);
        i--;
        continue;
      }
    }
    // "how many GPU (A800 80G)", "how many GPUs, H100": the card named after the word for cards is
    // the card asked about, not a single card already chosen.
    if (t.type === 'howMany' && next?.type === 'gpus' && out[i + 2]?.type === 'gpu' && !(gaps[i + 2] ?? '').includes(PROSE)) {
      remove(i + 1);
      continue;
    }
    // "A100 GPUs (40GB)": the card, the word for cards, then its memory.
    if (t.type === 'gpu' && next?.type === 'gpus' && next.value === 'gpus' && out[i + 2]?.type === 'capacity' && !/[,;]/.test((gaps[i + 1] ?? '') + (gaps[i + 2] ?? ''))) {
      const id = cardWithMemory(t.value, Number(/^[\d.]+/.exec(out[i + 2]!.text)?.[0]));
      if (id) {
        out[i] = { ...t, value: id };
        remove(i + 2);
        i--;
        continue;
      }
    }
    // A card and its memory, either order, with only separators between; a comma only inside one pair of
    // parentheses, the two listed as one thing ("需要几张卡（A100、80G）", c2252: the 80G read as a second card; the
    // closing one is past the last token when nothing follows).
    const listedInParens = /\(\s*$/.test(gaps[i] ?? '') && /^\s*,\s*$/.test(gaps[i + 1] ?? '') && (i + 2 >= out.length || /^\s*\)/.test(gaps[i + 2] ?? ''));
    if (t.type === 'gpu' && next?.type === 'capacity' && (!/[,;]/.test(gaps[i + 1] ?? '') || listedInParens)) {
      const id = cardWithMemory(t.value, Number(/^[\d.]+/.exec(next.text)?.[0]));
      if (id) {
        out[i] = { ...t, value: id, text: spanText(t, next) };
        remove(i + 1);
      } else if (gaps[i + 1] === '' || /^[-_ ]$/.test(gaps[i + 1] ?? '')) {
        cards.impossible ??= { offset: t.offset, text: spanText(t, next) };
      }
      continue;
    }
    if (t.type === 'capacity' && next?.type === 'gpu' && !/[,;]/.test(gaps[i + 1] ?? '')) {
      const id = cardWithMemory(next.value, Number(/^[\d.]+/.exec(t.text)?.[0]));
      if (id) {
        out[i] = { ...next, value: id, offset: t.offset, text: spanText(t, next) };
        remove(i + 1);
      }
      continue;
    }
    // "A100 40G*4", "H100 x 8": the count after the card.
    if (t.type === 'gpu' && next?.type === 'number' && /^\d{1,3}$/.test(next.text) && /^\s*[*x×]\s*$/.test(gaps[i + 1] ?? '') && prev?.type !== 'count' && prev?.type !== 'number') {
      out.splice(i, 2, { type: 'count', value: `${next.text}x`, text: `${next.text}x`, offset: t.offset }, { ...t, text: spanText(t, next) });
      gaps.splice(i + 1, 1, '');
      i++;
      continue;
    }
    // "2 nodes with 8xA100": per node or in all? Read per node (as "2 nodes of 8x"), and say so.
    if (t.type === 'nodes' && next?.type === 'count' && !(gaps[i + 1] ?? '').includes('(')) {
      const nodes = Number(/^\d+/.exec(t.text)?.[0]);
      const count = Number(/^\d+/.exec(next.text)?.[0]);
      if (nodes > 1 && count > 0) {
        const alt = count % nodes === 0 && count > nodes ? ` (say "${nodes} nodes of ${count / nodes}x" if ${count} is the total)` : '';
        notes.push(`"${spanText(t, next).replace(/\s+/g, ' ')}" read as ${count} per node, ${nodes * count} GPUs in all${alt}`);
      }
    }
    // "2 nodes (16x A100)": the count in parentheses is the total over the nodes.
    if (t.type === 'nodes' && (next?.type === 'count' || next?.type === 'number') && (gaps[i + 1] ?? '').includes('(')) {
      const nodes = Number(/^\d+/.exec(t.text)?.[0]);
      const total = Number(/^\d+/.exec(next.text)?.[0]);
      if (nodes > 0 && total % nodes === 0 && total >= nodes) {
        const perNode = String(total / nodes);
        out[i + 1] = { ...next, type: 'count', text: `${perNode}x`.padEnd(next.text.length) };
        notes.push(`${total} GPUs in all over ${nodes} nodes (${perNode} per node)`);
      }
    }
  }
  return out;
}

// ---- negation ----
