import type { ProseRule } from '../types.js';

/**
 * What is offloaded and where, said in Chinese: "将所有参数放置在cpu上" (put all the parameters on the CPU,
 * OpenBMB/MiniCPM-V#286, c1988), "把优化器和模型参数都offload到内存" (c1096), "优化器状态卸载到CPU",
 * "参数放到NVMe". The object (优化器 the optimizer, 参数 / 权重 the parameters, weights), a verb of putting or
 * moving (放 / 放置 / 存放 / 移 / 转移 / 挪 / 卸载 / offload, then 到 / 在 / 至) and the place (cpu, 内存 host memory,
 * nvme, 硬盘 / 磁盘 / ssd disk). The English offload-phrases rule reads only English objects, so each of
 * these left "cpu" unread and the run read as no offload at all.
 *
 * A place is needed: 卸载 alone is also "uninstall" ("卸载vllm"), and "卸载cpu" without a verb of moving is
 * often asked as a feature (c1167). The GPU is no offload place (the English rule blanks layers sent there).
 * "所有参数" / "全部参数" (all the parameters) with ZeRO is everything the run keeps: the optimizer's states
 * with the weights, a guess about the states, so that reading is its own, weak rule.
 */
const OPTIMIZER = String.raw`优化器(?:状态|的状态)?|optimi[sz]er(?:\s*states?)?`;
const PARAMS = String.raw`(?:模型)?(?:参数|权重)|(?:model\s*)?(?:param(?:eter)?s?|weights)`;
const ALL_PARAMS = String.raw`(?:所有|全部)的?(?:模型)?(?:参数|权重)`;
const OBJECT = String.raw`(?:${OPTIMIZER}|${PARAMS})`;
const OBJECTS = String.raw`${OBJECT}(?:\s*(?:和|与|及|以及|、|,|，|\+|&|and)\s*${OBJECT})*`;
/** 放到 / 放置在 / 卸载到 / offload到 …: a verb of putting, then where. */
const VERB = String.raw`\s*(?:都|全部|也)?\s*(?:放置|存放|放|转移|移动|移|挪|卸载|offload(?:ing|ed)?)\s*(?:到|在|至|进|入)\s*`;
const PLACE = String.raw`(?:主机|系统|cpu)?(?:内存|ram)|cpu|nvme(?:\s*ssd)?|硬盘|磁盘|ssd`;
const NEGATION = String.raw`(没有|没|不|未|无需|不用)?`;

/** The items for what and where: NVMe or disk is ZeRO-Infinity's place. */
function items(objects: string, place: string): string {
  const nvme = /nvme|硬盘|磁盘|ssd/.test(place) ? 'nvme ' : '';
  const out: string[] = [];
  if (/优化器|optimi/.test(objects)) out.push(`${nvme}offload optimizer`);
  if (/参数|权重|param|weights/.test(objects)) out.push(`${nvme}offload params`);
  return out.join(' ');
}

export const OFFLOAD_ZH_RULES: readonly ProseRule[] = [
  {
    id: 'prose.offload-all-params-zh',
    pattern: new RegExp(String.raw`${NEGATION}(?:将|把)?(?:尽可能|尽量)?(?:将|把)?${ALL_PARAMS}${VERB}(${PLACE})(?:上|中|里)?`, 'g'),
    when: (t) => /[参权]/.test(t),
    write: (m, notes) => {
      if (m[1]) return ' no offload ';
      notes.push(`"${m[0].trim()}" (all the parameters to ${m[2]}): read as the optimizer's states and the parameters offloaded both`);
      return ` ${items('优化器 参数', m[2]!)} `;
    },
    example: '使用deepspeed zero3配置，并尽可能将所有参数放置在cpu上，仍然显示显存不够',
    source: 'OpenBMB/MiniCPM-V#286',
    weak: true,
  },
  {
    id: 'prose.offload-what-where-zh',
    pattern: new RegExp(String.raw`${NEGATION}(?:将|把)?(${OBJECTS})${VERB}(${PLACE})(?:上|中|里)?`, 'g'),
    when: (t) => /[参权优]/.test(t) && /[\u4e00-\u9fff]/.test(t),
    write: (m) => (m[1] ? ' no offload ' : ` ${items(m[2]!, m[3]!)} `),
    example: '使用了deepspeed的zero3，把优化器和模型参数都offload到内存',
    source: 'zai-org/ChatGLM-6B#1155',
  },
];
