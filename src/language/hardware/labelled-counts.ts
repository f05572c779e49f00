import type { HardwareRule, PartRole } from './types.js';

/**
 * A count with its counter noun in other forms (s45, rhw3, mechanism 3): "divided by the number of cards, 4", "除以卡数4",
 * "GPU数量: 4", "num of gpus = 8", "world size 8", "GPU 개수 4", "卡数：8". Each had been missed and the card read as one.
 * The noun names what is counted, so a count of another thing ("number of samples 4", "8 nodes in the dataset graph")
 * is none. The count joins the card the message names, as "4 GPUs" does.
 */
export const LABELLED_COUNT_RULES: readonly HardwareRule<PartRole>[] = [
  {
    id: 'hw.count-labelled',
    role: 'count',
    pattern: new RegExp(
      String.raw`\b(?:(?:number|num|no\.?)[ \t]*of[ \t]*(?:gpus|cards|devices|npus)|gpu[ \t_-]?(?:count|num|number)|world[ \t_]?size)[ \t]*(?:[:=：,，]|is|are|was|of)?[ \t]*(?<n>\d{1,4})(?![\d.]|[ \t]*(?:gb|g|gib|%)(?![a-z]))|(?:gpu|npu|显卡|卡)[ \t]*(?:数量|数目|个数|数|개수)[ \t]*(?:[:=：,，]|为|是|은|는)?[ \t]*(?<n2>\d{1,4})(?![\d.]|[ \t]*(?:gb|g|gib|%)(?![a-z]))`,
      'g',
    ),
    example: '卡数：8，型号 H20，deepseek-v2-lite 推理',
    source: 'invented (s45 rhw3, mechanism 3: "divided by the number of cards, 4" / "除以卡数4" from a fresh batch)',
  },
];
