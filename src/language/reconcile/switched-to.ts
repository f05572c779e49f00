import type { Item } from '../items.js';
import { catalogOf, namesModel } from './models.js';
import { sentenceStart, sentenceStop } from '../sentence-ends.js';
import { disagree, recordAside, slotsOf, type OwnedRuns } from './owners.js';

/**
 * A setting the user switched to ("后面改用Deepspeed ZeRO2", "后面修改模式为LoRA", "then I switched to LoRA",
 * "changed it to zero2") replaces the one said before it: the run now is the later one. A post that narrates
 * its tries in order (hiyouga/LlamaFactory issue, c658: full DPO under ZeRO-3 fails, "后面改用Deepspeed ZeRO2"
 * still OOMs, "后面修改模式为LoRA / 使用ZeRO2配置" trains and then OOMs) had kept the first method and stage,
 * each later one set aside as contradicting it. The earlier saying of the same slot is set aside, said with its
 * span. A switch asked about or weighed ("是否需要改用", "should I switch to") is no switch made, and an engine's
 * change is prose.engine-alternative's; a setting in a command or config is left to the later steps.
 *
 * The model is switched the same way, and people name both ends of the switch ("I switched from mistral-7b to
 * llama-3-8b and now it OOMs", "upgrading from Qwen2.5-7B to Qwen3-8B", "replaced llama-2-7b with llama-2-13b",
 * "Qwen2.5-7B换成Qwen2.5-14B后爆显存", "Qwen2.5-14B로 바꾸니 OOM"; "换成 ERNIE-4.5-VL-424B-A47B-Paddle模型总是中途卡住",
 * PaddlePaddle/FastDeploy, c1754): the model switched to is the run now. A switch that fixed the failure ("换成
 * ChatGLM3-6B-Base…后才能正常运行", hiyouga/LlamaFactory, c355; "switched to 7b and it works") is the way out, not
 * the run asked about: left to the run-evidence step (reconcile/asked-run.ts).
 */

/** The switch, right before the setting in its sentence (up to 24 characters between). */
const SWITCH = /(?:改用|换用|换成|改成|改为|切换到|切换成|修改(?:模式|方式|方法)?为|\b(?:switched|changed|moved|went|upgraded|switching|changing|moving|upgrading)\s+(?:it\s+|over\s+)?to|\b(?:(?:switch|chang|mov|upgrad|migrat|port)\w*|went|go(?:ing|ne)?)\s+(?:(?:the|my|our)\s+)?(?:(?:base\s+)?models?\s+)?from\s+[^。!?！？\n]{1,60}?\s+(?:to|into)|\breplac\w*\s+[^。!?！？\n]{1,60}?\s+(?:with|by))[^。.!?！？\n]{0,24}$/i;
/** The switch said after the model, as Korean says it ("Qwen2.5-14B로 바꾸니", "…으로 변경했더니"). */
const SWITCH_AFTER = /^\s*(?:으로|로)\s*(?:바꾸|바꿨|바꿔|변경|교체)/;
/** The run switched to said to work ("and it works now", "后才能正常运行", "잘 돌아갑니다"): the fix, not the run asked about. */
const WORKS = /\b(?:works?|worked|runs? (?:fine|well|ok)|fine(?![-_ ]?tun)|fixed|solved|no (?:problem|issue|oom)s?)\b|正常|没问题|没有问题|可以(?:跑|运行|训练|推理|加载)|成功|能跑|跑通|跑起来|잘\s*(?:돌|됩|되)|문제\s*없/i;
/** A works word said not to hold ("doesn't work", "still not fine", "不能正常", "无法正常"). */
const NEGATED = /(?:n't|\bnot|\bnever|\bno longer|\bstill)\s+(?:\w+\s+)?$|(?:不|无法|没法|没有|不能)$/i;
/** A modal before the switch: asked about or weighed, not made. */
const WEIGHED = /(?:是否|要不要|需不需要|需要|应该|能否|能不能|可不可以|可以|should|could|can|would|shall|want to|wants to|whether|if)\s*(?:i\s+|we\s+)?(?:要|得)?\s*$/i;

/** The slots a switch replaces: what a try changes (the method, the stage, the framework, the weights). */
// The cards too: "I moved from a 3090 to a 4090 and … still OOMs", "从3090换成4090" (rhw8's two-device messages:
// the 3090 had been read and the 4090 asked as another failing run).
const SWITCHED_SLOTS: ReadonlySet<string> = new Set(['intent', 'sharding', 'framework', 'weights', 'offload', 'hardware']);
/**
 * The model, switched before two names of one size are taken for one model said twice (models.ts): "upgrading
 * from Qwen2.5-7B-Instruct to Qwen3-8B" names two releases, and the one switched to is the run.
 */
const MODEL_SLOT: ReadonlySet<string> = new Set(['model']);

/** A setting written as a flag, a key or a file name (`--deepspeed config_zero3.json`, `zero_stage: 3`). */
const KEYED = /--|[=:]|\w_\w|\.json\b|\.ya?ml\b/;

function switchedAt(text: string, i: Item): boolean {
  const from = sentenceStart(text, i.at, Math.max(0, i.at - 80));
  const head = text.slice(from, i.at);
  const m = SWITCH.exec(head);
  if (m) return !WEIGHED.test(head.slice(0, m.index));
  return SWITCH_AFTER.test(text.slice(i.end, i.end + 12)) && !WEIGHED.test(head);
}

/** Two catalog models, however close their sizes ("Qwen2.5-7B" and "Qwen3-8B"): a switch between them is a switch. */
function twoReleases(a: Item, b: Item): boolean {
  if (!namesModel(a) || !namesModel(b)) return false;
  const [x, y] = [catalogOf(a)?.id, catalogOf(b)?.id];
  return x !== undefined && y !== undefined && x !== y;
}

/** The model switched to is said to work in the rest of its sentence. */
function worksAfter(text: string, i: Item): boolean {
  const rest = text.slice(i.end, sentenceStop(text, i.end));
  const m = WORKS.exec(rest);
  return m !== null && !NEGATED.test(rest.slice(Math.max(0, m.index - 16), m.index));
}

/** The model switched to replaces the one switched from (run before the models said twice are collapsed). */
export const switchedModel = (items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] => switchedTo(items, text, notes, owned, MODEL_SLOT);

export function switchedTo(items: Item[], text: string, notes: string[], owned?: OwnedRuns, switched = SWITCHED_SLOTS): Item[] {
  if (!text || !/改|换|切换|switch|chang|mov|went|upgrad|migrat|port|replac|\bgo|바꾸|바꿨|바꿔|변경|교체/i.test(text)) return items;
  const aside = new Set<Item>();
  for (const later of items) {
    const slots = slotsOf(later).filter((s) => switched.has(s));
    if (!slots.length || !switchedAt(text, later)) continue;
    if (slots.includes('model') && worksAfter(text, later)) continue;
    for (const earlier of items) {
      if (earlier === later || earlier.at >= later.at || aside.has(earlier)) continue;
      // A command's or config's setting is the run the post shows; a prose try beside it is weighed by the later
      // steps ("--deepspeed config_zero3.json" … "config_zero3换成config_zero2也是oom", hiyouga/LlamaFactory, c940).
      if (KEYED.test(earlier.text)) continue;
      const slot = slots.find((s) => slotsOf(earlier).includes(s) && (disagree(s, earlier, later) || twoReleases(earlier, later)));
      if (!slot) continue;
      notes.push(`read "${later.text.trim()}" as your run's ${slot === 'model' ? 'model' : 'setting'}, switched to from "${earlier.text.trim()}" (an earlier try; say it alone to estimate that one)`);
      recordAside(owned, earlier, 'an earlier try');
      aside.add(earlier);
    }
  }
  return aside.size ? items.filter((i) => !aside.has(i)) : items;
}
