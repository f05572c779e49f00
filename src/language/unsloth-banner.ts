import { blank, rewriteLines } from './line-rewrite.js';
import type { MappedText } from './mapped-text.js';

/**
 * Unsloth's start-up banner (unsloth/models/_utils.py, printed by every FastLanguageModel load):
 *
 *   ==((====))==  Unsloth 2024.7: Fast Mistral patching. Transformers = 4.43.3.
 *      \\   /|    GPU: NVIDIA A10G. Max memory: 22.191 GB. Platform = Linux.
 *   O^O/ \_/ \    Pytorch: 2.3.0+cu121. CUDA = 8.6. CUDA Toolkit = 12.1.
 *   \        /    Bfloat16 = TRUE. FA [Xformers = 0.0.26.post1. FA2 = True]
 *    "-____-"     Free Apache license: http://github.com/unslothai/unsloth
 *
 * (later releases: "\\   /|    NVIDIA GeForce RTX 3090. Num GPUs = 1. Max memory: 23.55 GB. Platform: Linux.").
 * Its GPU line is the card the run is on, as the library found it: read as "<count>x <card>" (the
 * memory is what the card offers, so the card's name decides). Its other art lines describe the
 * library and the card's abilities ("Bfloat16 = TRUE" is what the card supports, not the recipe;
 * the CUDA figure is the compute capability): blanked. Runs on normalised (lower-case) text.
 * Real example: unslothai/unsloth, corpus c596 (a T4 named for the example notebook, the banner's A10G the user's).
 */
const GPU_LINE = /^[^\n]*\/\|[ \t]+(?:gpu:[ \t]*)?([a-z][^\n]*?)\.[ \t]+(?:num gpus = (\d{1,3})\.[ \t]+)?max memory:[ \t]*[\d.]+[ \t]*gb\b[^\n]*$/;
const ART_LINE = /^[ \t]*(?:o\^o\/ \\_\/ \\|\\[ \t]+\/|"-____-")[ \t]+[^\n]*$/;

export function readUnslothBanner(text: MappedText, notes: string[]): MappedText {
  if (!/max memory:/.test(text.text)) return text;
  const lines = text.text.split('\n');
  const say = new Map<number, string>();
  lines.forEach((line, n) => {
    const gpu = GPU_LINE.exec(line);
    if (gpu) {
      const count = gpu[2] ?? '1';
      say.set(n, ` ${count}x ${gpu[1]!.trim()} `);
      notes.push(`Unsloth's banner read as the run's card${count === '1' ? '' : 's'}: ${count}× ${gpu[1]!.trim()}`);
    } else if (say.size && ART_LINE.test(line)) say.set(n, blank(line));
  });
  return rewriteLines(text, say, 'tool.unsloth-banner');
}
