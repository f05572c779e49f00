import type { Item } from '../items.js';

/**
 * Gradient checkpointing the user tries to turn on and cannot is not on in the run they ask about:
 * "Implementing the suggestion of gradient checkpointing throws an AttributeError … Can you tell me
 * how you pass the Lora config and enable checkpointing?" (huggingface/trl, corpus c887: the PPO run
 * that OOMs has no checkpointing). A recompute said as the subject of an error other than running
 * out of memory ("enabling gradient checkpointing raises a ValueError"), or as what the user asks
 * how to enable ("how do I enable gradient checkpointing?", "怎么开启gradient checkpointing"), is set
 * aside, said. One said as failing with OOM ("with gradient checkpointing it still throws OOM") is
 * the run's and stays.
 */
export const FAILED_SWITCH_RULE = {
  id: 'reconcile.failed-switch',
  example: 'Implementing the suggestion of gradient checkpointing throws an AttributeError',
  source: 'huggingface/trl (corpus c887)',
} as const;

/** Right after the setting: it raises an error that is not memory ("throws an AttributeError", "gives an error"). */
const RAISES = /^\s*(?:\([^)\n]{0,40}\)\s*)?(?:also\s+|just\s+|still\s+|then\s+)?(?:throws?|raises?|gives?|returns?|produces?|leads? to|results? in|causes?)\s+(?:me\s+)?(?:an?\s+|the\s+|this\s+)?([a-z]*(?:error|exception))\b/i;
const MEMORY = /memory|oom/i;
/** Right before the setting: how to turn it on is asked ("how do I enable", "how you … enable", "怎么开启"). */
const ASKS_HOW = /(?:\bhow\s+(?:do|does|can|could|should|would|to|you|i|we)\b[^.?!\n]{0,60}\b(?:enable|turn\s+on|switch\s+on|activate|use|add)\s+(?:the\s+)?|(?:如何|怎么|怎样|怎麼)\s*(?:开启|打开|启用|使用|開啟|啟用)\s*)$/i;

export function failedSwitches(items: Item[], text: string, notes: string[]): Item[] {
  if (!text) return items;
  const failed = items.filter((i) => {
    if (i.kind !== 'recompute' || i.value === 'none') return false;
    const raised = RAISES.exec(text.slice(i.end, i.end + 80));
    if (raised && !MEMORY.test(raised[1]!)) return true;
    return ASKS_HOW.test(text.slice(Math.max(0, i.at - 90), i.at));
  });
  if (failed.length === 0) return items;
  for (const i of failed) notes.push(`"${i.text.trim()}" set aside: said as what you try to turn on (it fails, or you ask how), not a setting of the run`);
  return items.filter((i) => !failed.includes(i));
}
