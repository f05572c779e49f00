import type { ProseRule } from '../types.js';

/**
 * A trainer's count of the parameters it trains, printed in its log or retold, says the method when the
 * count is a small share of the model: the HF Trainer's "Number of trainable parameters = 3,932,160" for
 * BLOOMZ-7b1 (huggingface/peft#274, c1183), PEFT's print_trainable_parameters "trainable params: 4,194,304
 * || all params: 6,742,609,920 || trainable%: 0.0622" (c587, c1241, c1808), "Number of trainable params:
 * 6,553,600 (0.0503% of the total parameters)" (c707), "Trainable parameters: 1.045% (83.886M/8030.261M)"
 * (c1073), "Trainable parameters 1.704M" (c1072), "the trainable parameters is about 0.5%" (c847). A full
 * fine-tune trains them all; a few percent or a few million is an adapter, and LoRA is the one people run.
 * Where the message names no method, the count is read as LoRA, weak (said with its words: prefix tuning
 * or a frozen-layer recipe train few parameters too). Where it names one, the count only is blanked, as
 * prose.trainable-count does after this rule.
 *
 * The share is the printed percentage, or the count over the printed total; a bare count under 100M is
 * taken as a small share (no model people fine-tune whole has fewer parameters than that, GPT-2's 124M
 * aside).
 */
const NUM = String.raw`\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?`;
const SCALE: Record<string, number> = { k: 1e3, m: 1e6, b: 1e9 };
const ADAPTER_SHARE_PERCENT = 10;
const ADAPTER_COUNT = 100e6;
/** Words that name the method already: the count then only confirms it. */
const METHOD_WORDS = /\b(?:q?lora|peft|adapters?|dora|ia3|prefix|p-?tuning|prompt[\s_-]?tuning|freeze|full|finetuning_type|full[\s_-]?finetune)\b|微调|全参|全量/;

const num = (s: string) => Number(s.replace(/,/g, ''));

/** The share of the model trained, in percent, where the match says it (a percentage, or a count over a total). */
function sharePercent(m: RegExpExecArray): number | null {
  const [, value, unit, total, totalUnit, percent] = m;
  if (unit === '%') return num(value!);
  if (percent) return num(percent);
  const count = num(value!) * (SCALE[unit ?? ''] ?? 1);
  if (total) return (100 * count) / (num(total) * (SCALE[totalUnit ?? ''] ?? 1));
  return count < ADAPTER_COUNT ? 0 : null;
}

export const TRAINABLE_SHARE_RULES: readonly ProseRule[] = [
  {
    id: 'prose.trainable-share',
    pattern: new RegExp(
      String.raw`\b(?:(?:the\s+)?number\s+of\s+)?trainable\s+param(?:eter)?s\b\s*(?:(?:[:=]|is|are|was|were)\s*)?(?:(?:about|around|only|~)\s*)?(${NUM})\s*([kmb%])?(?![\w.])` +
        // PEFT's "|| all params: N", a "(83.886M/8030.261M)" pair, or "(0.05% of the total parameters)" / "|| trainable%: 0.06".
        String.raw`(?:\s*\|\|\s*all\s+params\s*:\s*(${NUM})\s*([kmb])?(?![\w.]))?(?:[^\n%]{0,24}?(?:trainable%\s*:\s*)?(${NUM})\s*%[^)\n]{0,40}\)?|\s*\(\s*${NUM}\s*[kmb]?\s*\/\s*${NUM}\s*[kmb]?\s*\))?`,
      'g',
    ),
    when: (t) => t.includes('trainable'),
    write: (m, notes) => {
      const share = sharePercent(m);
      if (share === null || share >= ADAPTER_SHARE_PERCENT || METHOD_WORDS.test(m.input)) return ' '.repeat(m[0].length);
      notes.push(`"${m[0].trim()}": only a small share of the model is trained, read as LoRA adapters (say "full" or the method you ran if not)`);
      return ' lora ';
    },
    example: '  Number of trainable parameters = 3,932,160',
    source: 'huggingface/peft#274',
    weak: true,
  },
];
