import type { ProseRule } from '../types.js';

/**
 * A PCIe link is no setting (issue 22: versions and the like are no setup). Its generation ("gen3",
 * "Gen 4", "4.0") and lane width ("x8", "x16") describe the slot a card sits in: "GPU0 x8 gen3, GPU1 x8
 * gen3, GPU2 x4 gen3" (5p00kyy/club-5060ti#5, c1888, an Ollama host's PCIe layout) had read "gen3" as
 * 3 generated tokens, and a lane width has the shape of a card count. The link is blanked whole, where "pcie" names it or a
 * generation and a lane width stand together; "gen 512" (the generated tokens) has neither.
 */
const LANES = String.raw`x\s?(?:1|2|4|8|16)(?![\w.])`;
const GENERATION = String.raw`gen\s?[1-6](?:\.0)?(?![\w.])`;

export const PCIE_LINK_RULES: readonly ProseRule[] = [
  {
    id: 'prose.pcie-link',
    pattern: new RegExp(
      String.raw`\bpci[\s-]?e(?:xpress)?\s*(?:(?:${GENERATION}|[1-6]\.0(?![\w.])|[1-6](?![\w.]))\s*(?:${LANES})?|${LANES}(?:\s*${GENERATION})?)` +
        String.raw`|(?<![\w.])${LANES}\s*(?:pci[\s-]?e\s*)?${GENERATION}` +
        String.raw`|(?<![\w.])${GENERATION}\s*${LANES}`,
      'g',
    ),
    when: (t) => t.includes('pci') || t.includes('gen'),
    write: (m) => ' '.repeat(m[0].length),
    example: 'PCIe layout/link width: GPU0 x8 gen3, GPU1 x8 gen3, GPU2 x4 gen3',
    source: '5p00kyy/club-5060ti#5',
  },
];
