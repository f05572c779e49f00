import type { Item } from '../items.js';
import { sentenceStart } from '../sentence-ends.js';
import { disagree, recordAside, slotsOf, type OwnedRuns } from './owners.js';

/**
 * A setting the user switched to ("后面改用Deepspeed ZeRO2", "后面修改模式为LoRA", "then I switched to LoRA",
 * "changed it to zero2") replaces the one said before it: the run now is the later one. A post that narrates
 * its tries in order (hiyouga/LlamaFactory issue, c658: full DPO under ZeRO-3 fails, "后面改用Deepspeed ZeRO2"
 * still OOMs, "后面修改模式为LoRA / 使用ZeRO2配置" trains and then OOMs) had kept the first method and stage,
 * each later one set aside as contradicting it. The earlier saying of the same slot is set aside, said with its
 * span. A switch asked about or weighed ("是否需要改用", "should I switch to") is no switch made, and an engine's
 * change is prose.engine-alternative's; a setting in a command or config is left to the later steps.
 */

/** The switch, right before the setting in its sentence (up to 24 characters between). */
const SWITCH = /(?:改用|换用|换成|改成|改为|切换到|切换成|修改(?:模式|方式|方法)?为|\b(?:switched|changed|moved|went|upgraded|switching|changing|moving|upgrading)\s+(?:it\s+|over\s+)?(?:from\s+[^.!?\n]{1,30}?\s+)?to)[^。.!?！？\n]{0,24}$/i;
/** A modal before the switch: asked about or weighed, not made. */
const WEIGHED = /(?:是否|要不要|需不需要|需要|应该|能否|能不能|可不可以|可以|should|could|can|would|shall|want to|wants to|whether|if)\s*(?:i\s+|we\s+)?(?:要|得)?\s*$/i;

/** The slots a switch replaces: what a try changes (the method, the stage, the framework, the weights). */
// The cards too: "I moved from a 3090 to a 4090 and … still OOMs", "从3090换成4090" (the brief's two-device messages, s29:
// the 3090 had been read and the 4090 asked as another failing run).
const SWITCHED_SLOTS = new Set(['intent', 'sharding', 'framework', 'weights', 'offload', 'hardware']);

/** A setting written as a flag, a key or a file name (`--deepspeed config_zero3.json`, `zero_stage: 3`). */
const KEYED = /--|[=:]|\w_\w|\.json\b|\.ya?ml\b/;

function switchedAt(text: string, i: Item): boolean {
  const head = text.slice(sentenceStart(text, i.at, Math.max(0, i.at - 80)), i.at);
  const m = SWITCH.exec(head);
  if (!m) return false;
  return !WEIGHED.test(head.slice(0, m.index));
}

export function switchedTo(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!text || !/改|换|切换|switch|chang|mov|went|upgrad/i.test(text)) return items;
  const aside = new Set<Item>();
  for (const later of items) {
    const slots = slotsOf(later).filter((s) => SWITCHED_SLOTS.has(s));
    if (!slots.length || !switchedAt(text, later)) continue;
    for (const earlier of items) {
      if (earlier === later || earlier.at >= later.at || aside.has(earlier)) continue;
      // A command's or config's setting is the run the post shows; a prose try beside it is weighed by the later
      // steps ("--deepspeed config_zero3.json" … "config_zero3换成config_zero2也是oom", hiyouga/LlamaFactory, c940).
      if (KEYED.test(earlier.text)) continue;
      const slot = slots.find((s) => slotsOf(earlier).includes(s) && disagree(s, earlier, later));
      if (!slot) continue;
      notes.push(`read "${later.text.trim()}" as your run's setting, switched to from "${earlier.text.trim()}" (an earlier try; say it alone to estimate that one)`);
      recordAside(owned, earlier, 'an earlier try');
      aside.add(earlier);
    }
  }
  return aside.size ? items.filter((i) => !aside.has(i)) : items;
}
