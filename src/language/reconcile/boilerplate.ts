import type { Item } from '../items.js';

/**
 * An issue template's checklist is the template's words, not the user's setup (issue 22, b20). A
 * checkbox line ("- [X] …", "- [ ] …") is a sentence the project wrote; the user only ticks it, or
 * leaves it. A setting read inside one is the template talking: "第三方插件问题：例如[llama.cpp](…)、
 * [text-generation-webui](…)" (third-party plugin issues, e.g. llama.cpp …) had made a LoRA training
 * question llama.cpp inference (ymcui/Chinese-LLaMA-Alpaca#815, c737); an unticked "- [ ] One of the
 * scripts in the examples/ folder of Accelerate or … the `transformers` repo" had read Accelerate
 * and transformers as the framework (huggingface/accelerate's template, c535, c698).
 *
 * One exception, by the line's shape: a ticked box whose label is the setting alone ("- [x] vLLM",
 * "- [x] Docker") is an option the user chose among the template's, and its setting is theirs.
 * And one by what it names: a line naming a card is the user's own (a template cannot know their
 * hardware), as in a pull request's list of what it did: "- [x] tested with falcon 1b & 7b on A6000"
 * (axolotl-ai-cloud/axolotl's QLoRA-for-Falcon PR, c2310, had been read as nothing at all).
 */
export interface ChecklistRule {
  id: string;
  /** A checkbox line: group 1 is the mark, group 2 the label. Global and multi-line, on the user's text. */
  pattern: RegExp;
  example: string;
  source: string;
}

export const CHECKLIST_RULES: readonly ChecklistRule[] = [
  {
    id: 'template.checklist-line',
    pattern: /^[ \t]*[-*+][ \t]*\[([ xX✓])\][ \t]*([^\n]*)$/gm,
    example: '- [X] 第三方插件问题：例如[llama.cpp](https://github.com/ggerganov/llama.cpp)、[text-generation-webui](https://github.com/oobabooga/text-generation-webui)、[LlamaChat](https://github.com/alexrozanski/LlamaChat)等，同时建议到对应的项目中查找解决方案',
    source: 'ymcui/Chinese-LLaMA-Alpaca#815 (corpus c737); the same line in English in ymcui/Chinese-LLaMA-Alpaca-2 .github/ISSUE_TEMPLATE/ISSUE_TEMPLATE_EN.yml',
  },
];

/** A label that is only its setting: the item's words and at most markup and punctuation around them. */
const optionLabel = (label: string, item: Item) => label.replace(/[`*_~[\]()（）:：.,，、\s]/g, '').toLowerCase() === item.text.replace(/[`*_~\s]/g, '').toLowerCase();

/**
 * The user's own plan written as a checklist: a line whose label is two or more settings joined by
 * "+", "/", "&", "with" or "and" and nothing else ("- [ ] FSDP + 16-bit LoRA", "- [ ] FSDP + 4-bit
 * qLoRA" in h2oai/h2ogpt#643's plan, c1353; titles of the shape "Support FSDP + QLoRA",
 * modelscope/ms-swift#659, "Add fsdp+qlora support", huggingface/alignment-handbook#160). A template
 * writes sentences or single options ("- [ ] Bug Fix", "- [ ] vLLM"), never settings joined so: the
 * settings are the user's, read as the run (the first such line; the rest contradict it and are said).
 */
const PLAN_JOINER = /^(?:[\s`*_~+/&,，、:：.()（）-]|\b(?:with|and|on)\b|\d+[- ]?bit\b|和|与)*$/i;
function planLabel(label: string, labelAt: number, items: readonly Item[]): boolean {
  const inside = items.filter((i) => labelAt <= i.at && i.end <= labelAt + label.length).sort((a, b) => a.at - b.at);
  if (inside.length < 2) return false;
  let rest = '';
  let from = labelAt;
  for (const i of inside) {
    rest += label.slice(from - labelAt, i.at - labelAt);
    from = Math.max(from, i.end);
  }
  rest += label.slice(from - labelAt);
  return PLAN_JOINER.test(rest) && /[+/&]|\b(?:with|and)\b/i.test(rest);
}

/**
 * Items read inside a template's checklist line are set aside: listed nowhere (the words are the
 * template's, so they are not counted as words the reader failed on either), except a ticked option.
 */
export function templateChecklists(items: Item[], text: string, ignored: string[]): Item[] {
  if (!text || !/\[[ xX✓]\]/.test(text)) return items;
  /** `plan`: the user's own line (their plan, or a line naming their card), whose items stay. */
  const lines: { at: number; end: number; ticked: boolean; label: string; plan: boolean }[] = [];
  for (const rule of CHECKLIST_RULES) {
    for (const m of text.matchAll(rule.pattern)) {
      const end = m.index + m[0].length;
      const labelAt = end - m[2]!.length;
      const namesCard = items.some((i) => i.kind === 'hardware' && labelAt <= i.at && i.end <= end);
      lines.push({ at: m.index, end, ticked: m[1] !== ' ', label: m[2]!, plan: namesCard || planLabel(m[2]!, labelAt, items) });
    }
  }
  if (lines.length === 0) return items;
  const aside = items.filter((i) => {
    const line = lines.find((l) => l.at <= i.at && i.end <= l.end);
    return line !== undefined && !line.plan && !(line.ticked && optionLabel(line.label, i));
  });
  for (const i of aside) ignored.push(i.text);
  return aside.length === 0 ? items : items.filter((i) => !aside.includes(i));
}
