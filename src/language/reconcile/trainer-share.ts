import type { Item } from '../items.js';
import type { OwnedRuns } from './owners.js';

/**
 * An RL or online-DPO run that gives some of the machine's cards to the trainer and the rest to its
 * generation engine: "I used two GPUs with 32GB of memory, one device for training, another for vllm"
 * (TRL GRPO with `use_vllm`, huggingface/trl, corpus c338), "8xH100s … I am running 4 H100s for train & 4
 * for inference" (prime-rl, c679). The trained model's states live on the trainer's share only, so that
 * share is the run's count; the machine keeps its card and memory. Said with both sayings. A share said
 * of the generation side alone ("2 GPUs for vLLM") leaves the rest to the trainer where the machine's
 * count is said. The cards of a run that trains on all of them ("24 H100s just for train", c871) are
 * the machine's own count and change nothing.
 */
type Hardware = Extract<Item, { kind: 'hardware' }>;

const NUMBER: Record<string, number> = { one: 1, 'a single': 1, single: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, 一: 1, 两: 2, 二: 2, 三: 3, 四: 4, 六: 6, 八: 8 };
const COUNT = String.raw`(\d{1,3}|one|a single|single|two|three|four|five|six|seven|eight|[一两二三四六八])`;
/** A card word after the count ("4 H100s", "one device", "两张卡"), or none ("& 4 for inference"). */
const UNIT = String.raw`(?:\s*(?:x\s*)?(?:(?:[a-z]{0,8}[\s-]?\d{2,4}[a-z]{0,6}s?|gpus?|devices?|cards?)\b|[张块]卡?|卡))?`;
/** The trainer's side: "for train(ing)", "to train", "just for the trainer", "for the actor", "用于训练". */
const TRAINER = String.raw`\s*(?:(?:is|are)\s+)?(?:(?:just|only|used)\s+)?(?:for|to|用于|做|跑)\s*(?:the\s+)?(?:train(?:ing|er)?|actor|policy|fine-?tun\w*|训练)(?![a-z])`;
/** The generation side: "for vllm", "for inference", "for rollouts", "用于推理". */
const GENERATOR = String.raw`\s*(?:(?:is|are)\s+)?(?:(?:just|only|used)\s+)?(?:for|to run|runs?|用于|做|跑)\s*(?:the\s+)?(?:vllm|sglang|inference|generation|rollouts?|sampling|serving|推理|生成)(?![a-z])`;

const TRAINER_SHARE = new RegExp(String.raw`(?<![\w.])${COUNT}${UNIT}${TRAINER}`, 'gi');
const GENERATOR_SHARE = new RegExp(String.raw`(?<![\w.])(?:${COUNT}${UNIT}|(another|the other|the rest|the remaining|other)(?:\s+(?:one|gpus?|devices?|cards?))?)${GENERATOR}`, 'gi');

const valueOf = (word: string) => NUMBER[word.toLowerCase()] ?? Number(word);

export function trainerShare(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!text || !/train|actor|policy|fine-?tun|训练/i.test(text)) return items;
  const trainer = [...text.matchAll(TRAINER_SHARE)][0];
  const generator = [...text.matchAll(GENERATOR_SHARE)][0];
  if (!trainer || !generator) return items;
  const machine = items.find((i): i is Hardware => i.kind === 'hardware' && i.nodes === null && i.count !== null && i.count > 1 && !(i.at >= trainer.index && i.at < trainer.index + trainer[0].length));
  if (!machine) return items;
  const share = valueOf(trainer[1]!);
  const rest = generator[1] ? valueOf(generator[1]) : machine.count! - share;
  // The shares must split the machine's cards: "one for training, another for vllm" on two, "4 for train & 4 for inference" on eight.
  if (!Number.isInteger(share) || share < 1 || share >= machine.count! || share + rest !== machine.count) return items;
  const at = trainer.index;
  const end = at + trainer[0].length;
  const said = text.slice(at, end).trim();
  notes.push(`${share} GPU${share > 1 ? 's' : ''} for training ("${said}"): the other ${rest} of the machine's ${machine.count} ("${machine.text.trim()}") run the generation engine, which the estimate does not size`);
  owned?.cues.push({ at, end });
  // The trainer's share said as a card item of its own ("4 H100s for train") goes: the machine's card with the share's count is the run.
  const inShare = (i: Item) => i.kind === 'hardware' && i !== machine && i.at >= at && i.end <= end;
  return items.filter((i) => !inShare(i)).map((i) => (i === machine ? { ...machine, count: share } : i));
}
