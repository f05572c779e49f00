import type { Piece } from '../../mapped-text.js';
import type { ProseRule } from '../types.js';

/**
 * A local runner's "GPU offload" setting with its layer count a few words on: LM Studio's slider and
 * llama.cpp front-ends say how far it was moved before the count ("Slide GPU Offload to maximum (30
 * layers)", lmstudio-ai/lmstudio-bug-tracker#1753, c1941; "GPU offload set to max, 62 layers";
 * "GPU 卸载拉到最大（30 层）"). The vocabulary's ngl keyword reads a count right after "GPU offload"
 * ("GPU Offload 93/93", lmstudio-ai/lms#412); with words between, prose.gpu-offload-word blanked the
 * word and the count went unread, so a run at 30 of 62 layers was sized with every layer on an 8 GB card.
 *
 * Only the words of moving a setting may stand between (to, set, at, max, the slider, a colon, a
 * bracket): "GPU offload fails for this model of 80 layers" is the model's layer count, not a setting.
 * Written as "gpu offload N" (or N/M), which the keyword reads as ngl N: the setting's words and the
 * count kept over the user's own, the words between and "layers" blanked (the keyword takes the count).
 */
function asSetting(m: RegExpExecArray): Piece[] {
  const text = m[0];
  const word = /offload(?:ing|ed)?(?:[\s_-]*layers?)?|卸载/.exec(text)!;
  const headEnd = word.index + word[0].length;
  const countAt = text.search(/\d{1,3}(?:\s*\/\s*\d{1,3})?\s*(?:layers?|层)$/);
  const count = text.slice(countAt).match(/^\d{1,3}(?:\s*\/\s*\d{1,3})?/)![0];
  return [
    { text: 'gpu offload', from: 0, to: headEnd },
    { text: ' '.repeat(Math.max(1, countAt - headEnd)), from: headEnd, to: countAt },
    { text: count, from: countAt, to: countAt + count.length },
    { text: ' ', from: countAt + count.length, to: text.length },
  ];
}

const BETWEEN_EN = String.raw`(?:\s*(?:[:=(,–-]|(?:slider|setting|value|is|was|set|moved|slid|pushed|turned|up|all|the|way|to|at|its|a|max|maximum|maxed|full|fully|out)\b)\s*){0,6}`;
const BETWEEN_ZH = String.raw`(?:\s*(?:[:：=（(,，]|设置?为?|设成|设到|调到|调成|拉到|拉满|开到|到|为|最大|最大值|满)\s*){0,4}`;

export const GPU_OFFLOAD_LAYER_RULES: readonly ProseRule[] = [
  {
    id: 'prose.gpu-offload-layers',
    pattern: new RegExp(
      String.raw`\b(?:gpu|vram)[\s_-]*(?:(?:layers?[\s_-]*)?offload(?:ing|ed)?(?:[\s_-]*layers?)?|卸载)(?:${BETWEEN_EN}|${BETWEEN_ZH})(\d{1,3})(?:\s*/\s*(\d{1,3}))?\s*(?:layers?\b|层)`,
      'g',
    ),
    when: (t) => t.includes('offload') || t.includes('卸载'),
    write: asSetting,
    example: 'Slide GPU Offload to maximum (30 layers).',
    source: 'lmstudio-ai/lmstudio-bug-tracker#1753',
  },
];
