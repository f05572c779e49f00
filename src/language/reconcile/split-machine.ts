import type { Item } from '../items.js';
import { VISIBLE_DEVICES_WORDS } from '../config-keys/visible-devices.js';
import { LAUNCHER_KEY } from './cards.js';

/**
 * A machine split between the processes of one run (s46, rhw4, mechanism 1). An RL run puts its generation engine on some
 * of the machine's cards and the trainer on the rest: "GPU: 4*A100" above `CUDA_VISIBLE_DEVICES=0 swift rollout …` and
 * `CUDA_VISIBLE_DEVICES=1,2,3 NPROC_PER_NODE=3 swift rlhf …`, "GPU：8×H800 … CUDA_VISIBLE_DEVICES=0,1,2,3 跑训练，4,5,6,7 给
 * vllm rollout". The launcher's count had replaced the machine's (launcherUsesPart: "3 GPUs: the run starts on 3 of the
 * machine's 4 cards"), a count derived from one process's launch over the count the user states of the machine. The run
 * is the machine's: its cards are the user's own statement, and the launches are how they are shared; the trainer's
 * share is said as the other reading, with its switch.
 *
 * Evidence that the launches split the machine rather than pick a part of it: two device lists of the message that share
 * no device, or one list beside a generation process given the other cards ("4,5,6,7 给 vllm rollout", "0 号卡给 vllm",
 * "剩下 6 张训练", "rollout on gpu 0") — each in a message that trains and names a generation engine or rollouts. A single
 * launcher on part of the machine with no other process is still the run's part (c368, "Same machine, 2x Nvidia L40s"
 * beside `CUDA_VISIBLE_DEVICES=0 vllm serve`), and a share said in words ("one device for training, another for vllm",
 * c338) is the user's own statement of the trainer's count (reconcile/trainer-share.ts runs first).
 */
type Hardware = Extract<Item, { kind: 'hardware' }>;

/** A device list as a launch sets it: `CUDA_VISIBLE_DEVICES=0,1`, `CUDA_VISIBLE_DEVICES="4,5"`, `os.environ[...] = '3'`. */
const DEVICE_LIST = new RegExp(String.raw`${VISIBLE_DEVICES_WORDS}['"\]]*[ \t]*[=:][ \t]*['"]?(\d{1,2}(?:[ \t]*,[ \t]*\d{1,2})*)`, 'gi');
/** The other cards given to the generation process in words: "4,5,6,7 给 vllm rollout", "0 号卡给 vllm", "rollout on gpu 0". */
const GENERATION_APART = new RegExp(
  [
    String.raw`(?<![\w.=])\d{1,2}(?:[ \t]*,[ \t]*\d{1,2})*[ \t]*(?:号卡|号|张卡)?[ \t]*(?:给|用于|跑|for|to|runs?)[ \t]*(?:the[ \t]+)?(?:vllm|sglang|lmdeploy|rollouts?|推理|generation|inference)`,
    String.raw`(?:rollouts?|vllm|sglang|generation)[ \t]+(?:server[ \t]+)?(?:on|uses?)[ \t]+(?:gpus?|cards?|devices?)[ \t]*\d`,
    String.raw`(?:剩下|其余|其他|the rest|the remaining|the other)[ \t]*\d{0,2}[ \t]*(?:张|块)?[ \t]*(?:卡|gpus?|cards?)?[ \t]*(?:for[ \t]+|to[ \t]+|用于|做|跑)?[ \t]*(?:训练|train|the trainer|the actor)`,
    // A launch of a generation server itself given part of the cards: "CUDA_VISIBLE_DEVICES=0,1 vllm serve …", "… swift rollout".
    String.raw`${VISIBLE_DEVICES_WORDS}[ \t]*=[ \t]*['"]?[\d,]+['"]?[ \t]+(?:[a-z_][\w]*=[^\s=]+[ \t]+){0,6}(?:vllm[ \t]+serve|trl[ \t]+vllm-serve|swift[ \t]+rollout|python[0-9.]*[ \t]+-m[ \t]+(?:vllm\.entrypoints|sglang\.launch_server))`,
  ].join('|'),
  'gi',
);
const TRAINS = /train|rlhf|grpo|ppo|dpo|actor|policy|训练|微调|학습/i;
const GENERATES = /rollout|vllm|sglang|lmdeploy|generation|推理/i;

function deviceLists(text: string): number[][] {
  const lists = [...text.matchAll(DEVICE_LIST)].map((m) => m[1]!.split(',').map((d) => Number(d.trim())));
  const seen = new Set<string>();
  return lists.filter((l) => (seen.has(l.join(',')) ? false : (seen.add(l.join(',')), true)));
}

export function machineSplitBetweenProcesses(items: Item[], text: string, notes: string[]): Item[] {
  if (!text || !TRAINS.test(text) || !GENERATES.test(text)) return items;
  const launchers = items.filter((i): i is Hardware => i.kind === 'hardware' && i.count !== null && i.nodes === null && LAUNCHER_KEY.test(i.text));
  if (launchers.length === 0) return items;
  const lists = deviceLists(text);
  const disjoint = lists.length >= 2 && lists.every((a, i) => lists.every((b, j) => i === j || !a.some((d) => b.includes(d))));
  GENERATION_APART.lastIndex = 0;
  const apart = lists.length >= 1 && GENERATION_APART.test(text);
  if (!disjoint && !apart) return items;
  const largest = Math.max(...launchers.map((l) => l.count!));
  const used = new Set(lists.flat());
  const machine = items.find((i): i is Hardware =>
    i.kind === 'hardware' && !launchers.includes(i as Hardware) && (i.nodes === null || i.nodes === 1) && i.count !== null &&
    i.count > largest && used.size <= i.count && [...used].every((d) => d < i.count!) && (i.gpuId !== null || i.capacityGiB !== null) && !LAUNCHER_KEY.test(i.text));
  if (!machine) return items;
  const shown = lists.map((l) => `"${l.join(',')}"`).join(' and ');
  notes.push(`${machine.count} GPUs: the machine's ("${machine.text.trim()}"), split between the run's processes (devices ${shown}, the trainer and its generation engine); say "on ${largest} gpus" to size the trainer's share alone`);
  return items.filter((i) => !launchers.includes(i as Hardware) || (i as Hardware).count! >= machine.count!);
}
