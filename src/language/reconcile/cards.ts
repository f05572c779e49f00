import { GPUS } from '../../catalog/index.js';
import { instanceByName } from '../../catalog/instances.js';
import { isGeForceCard, memoryOfItsOwn, moddedMemory, namesMemory, otherSizes } from '../../scenario/card-variants.js';
import type { Doubt } from '../item-trace.js';
import type { Item } from '../items.js';
import { withArticle } from '../article.js';
import { VISIBLE_DEVICES, VISIBLE_DEVICES_WORDS } from '../config-keys/visible-devices.js';

/** The cards: restated, a part of them, a launcher's count, and a Slurm allocation that wins over looser words. */

/**
 * "CUDA_VISIBLE_DEVICES=0,…,7 NPROC_PER_NODE=7" (modelscope/ms-swift#3848): the devices visible
 * are what the launcher may use; the processes it starts are the GPUs the run holds.
 */
export function launched(items: Item[], notes: string[]): Item[] {
  const visible = items.filter((i) => i.kind === 'hardware' && i.count !== null && VISIBLE_DEVICES.test(i.text));
  const started = items.find((i) => i.kind === 'hardware' && i.count !== null && /nproc|num_processes|num_gpus/i.test(i.text));
  if (!started || started.kind !== 'hardware' || visible.length === 0) return items;
  // More processes than devices visible on one node ("export CUDA_VISIBLE_DEVICES=0,1" over a script's
  // `torchrun --nproc_per_node 8`, PolyU-ChenLab/UniPixel#8, c363): each process takes the device of its
  // local rank (torch.cuda.set_device), and past the last one listed there is none, so the run as written
  // holds the devices listed. Read as those, said so; a multi-node launch's own count is left to the resolver.
  const fewest = Math.min(...visible.map((v) => (v.kind === 'hardware' ? v.count! : Infinity)));
  if (fewest < started.count! && started.nodes === null) {
    const shown = visible.find((v) => v.kind === 'hardware' && v.count === fewest)!;
    notes.push(`${fewest} GPUs in all: "${shown.text}" shows ${fewest} devices to the ${started.count} processes of "${started.text}" (one device per process) — say "on ${started.count} gpus" if each process sees a device of its own`);
    return items.filter((i) => i !== started && (i === shown || !visible.includes(i)));
  }
  const each = started.nodes !== null && started.nodes > 1 ? `${started.count} GPUs on each node` : `${started.count} GPUs in all`;
  for (const v of visible) notes.push(`${each}, one per process ("${started.text}"); "${v.text}" lists the devices it may use`);
  return items.filter((i) => !visible.includes(i));
}

type Hardware = Extract<Item, { kind: 'hardware' }>;

/** A launcher's count, by its key: processes started, or the devices a single process sees. */
/** Docker's `--gpus '"device=4"'` and a script's GPUS=0,1: the devices selected (config.key.gpus). */
/** llama.cpp's `--tensor-split 23552,23552` / `-ts 1 1`: the devices given a share of the layers (engines/tensor-split.ts). */
/** Xinference's `--n-gpu 4 --gpu-idx 4,5,6,7`: the model's devices on a machine the prose lists ("8块L20", c2147). */
export const LAUNCHER_KEY = new RegExp(
  String.raw`nproc|num_processes|num_gpus|${VISIBLE_DEVICES_WORDS}|--n[-_]gpu\b|--gpu[-_]idx\b|--include\b|--device\b|llama_arg_device|device=\d|\bgpus[ \t]*[:=][ \t]*["']?\d+[ \t]*[,+][ \t]*\d|tensor[-_]?split|(?<![\w-])-ts[ \t]`,
  'i',
);

/**
 * "README에 … A100 80G 1장으로 학습을 하셨다고 … A100 80G 4장으로 훈련을 돌리는대도 OOM" above
 * `torchrun --nproc_per_node=4` (Beomi/KoAlpaca#13): of the cards said in prose with different
 * counts, the one the launcher starts as many processes as is the run's; the others are another
 * run's (the README's, a past one), set aside and said. The launcher's count is then said once.
 */
export function launcherPicksTheRun(items: Item[], notes: string[]): Item[] {
  const launcher = items.find((i): i is Hardware => i.kind === 'hardware' && i.count !== null && i.nodes === null && i.gpuId === null && i.capacityGiB === null && LAUNCHER_KEY.test(i.text));
  if (!launcher) return items;
  // Cards named with a count of their own ("A100 80G 4장"); a memory alone ("显存12G") counts nothing.
  const said = items.filter((i): i is Hardware => i.kind === 'hardware' && i !== launcher && i.nodes === null && i.gpuId !== null && i.count !== null);
  const run = said.filter((h) => h.count === launcher.count);
  const others = said.filter((h) => h.count !== launcher.count);
  if (run.length !== 1 || others.length === 0) return items;
  for (const o of others) notes.push(`"${o.text.trim()}" set aside: the launcher starts ${launcher.count} processes ("${launcher.text.trim()}"), as "${run[0]!.text.trim()}" says`);
  return items.filter((i) => i !== launcher && !others.includes(i as Hardware));
}

/**
 * "I used 8 GPUs, 24G*8" above `torchrun --standalone --nproc_per_node=4` (hpcaitech/ColossalAI#3509,
 * c384), "Same machine, 2x Nvidia L40s" beside `CUDA_VISIBLE_DEVICES=0 vllm serve` (c368): the
 * machine's cards are said in prose, the run's by the launcher's key. A launcher that starts fewer
 * than the machine holds runs on that many of its cards: the card and memory come from the prose,
 * the count from the key (its cue), and the note says which was which. More processes than cards,
 * or a multi-node launch, stay for the resolver to report.
 */
export function launcherUsesPart(items: Item[], notes: string[]): Item[] {
  // The card said right after the key joins its phrase ("cuda_visible_devices=1,3，L20 48G"): still the launcher's count.
  const launcher = items.find((i): i is Hardware => i.kind === 'hardware' && i.count !== null && i.nodes === null && LAUNCHER_KEY.test(i.text));
  if (!launcher || /nnodes|num_machines/i.test(items.map((i) => i.text).join(' '))) return items;
  // The machine's count may stand alone, its card said apart: "设备上4卡，0,2长期稳定占用。所以我设置了cuda_visible_devices=1,3"
  // beside "L20 48G" (zai-org/GLM-4#359, corpus c2589: the box has four cards, two busy; the run sees two).
  // One machine is one node said or none: "单台服务器8张L20" (one server of eight L20, xorbitsai/inference#3586, c2147) too.
  const oneMachine = (i: Hardware) => i.nodes === null || i.nodes === 1;
  const isMachine = (i: Item): i is Hardware => i.kind === 'hardware' && i !== launcher && oneMachine(i) && i.count !== null && i.count > launcher.count! && (i.gpuId !== null || i.capacityGiB !== null || !LAUNCHER_KEY.test(i.text));
  const machine = items.find(isMachine);
  if (!machine) return items;
  notes.push(`${launcher.count} GPUs: the run starts on ${launcher.count} of the machine's ${machine.count} cards ("${launcher.text.trim()}"; "${machine.text.trim()}" is the machine)`);
  // The machine said again ("单台服务器8张L20" … "单台服务有8块L20", c2147: the note said 4 and the second saying kept 8 in
  // the estimate): each saying of that count keeps its card and memory and yields its count to the launcher's.
  const sayings = items.filter((i): i is Hardware => isMachine(i) && i.count === machine.count);
  // The machine keeps its card and memory, the launcher its count: each fact traces to its own words.
  return items.map((i) => (sayings.includes(i as Hardware) ? { ...i, count: null, nodes: null } as Hardware : i));
}
/** TGI's shard count (`--num-shard 1`, `NUM_SHARD=2`, SageMaker's `SM_NUM_GPUS`) and SGLang's `--tp-size` (one instance; replicas are its --dp-size):
 *  "--tp-size=4" beside "8*A100 40GB" (sgl-project/sglang, corpus c1758) runs on four; `SM_NUM_GPUS = number_of_gpu = 2`
 *  on an ml.g5.48xlarge (eight A10G, huggingface/text-generation-inference#792, c2610) on two. */
const TGI_SHARDS = /num[-_]shard|sm[-_]num[-_]gpus|--tp[-_]size\b|\btp_size\b/i;
/** A report's GPU lines ("GPU 0,1,2,3,4,5,6,7: Tesla V100-PCIE-32GB", "GPU 0: NVIDIA A100…"): the machine's cards. */
const REPORT_CARDS = /^\s*(?:gpu models and configuration:\s*)?gpu\s+\d+(?:\s*,\s*\d+)*\s*:/i;

/**
 * An environment report lists the machine's cards, not the run's: a served model split tp × pp
 * (lmdeploy's and vLLM's one instance, started with --tp 4) runs on that many of them
 * (InternLM/lmdeploy#1032: `--tp 4` beside a report of eight V100). The card comes from the report,
 * the count from the split, and the note says which was which. Training and a data-parallel flag
 * keep the machine's count (the launcher decides there: launcherUsesPart).
 */
export function reportedMachineServesSplit(items: Item[], notes: string[]): Item[] {
  // TGI's shard count as its command sets it ("--num-shard 1"): the processes it starts, one GPU each, never replicas.
  // (vLLM's split beside a machine said in prose keeps the machine: replicas, b16-engine-world-size.test.ts.)
  const keyed = items.filter((i): i is Extract<Item, { kind: 'parallel' }> => i.kind === 'parallel' && i.dim === 'tp' && TGI_SHARDS.test(i.text));
  // The machine a report lists, or cards said in prose beside TGI's shard count over fewer of them:
  // "System Info: 2 RTX 3090" over `--num-shard 1` (huggingface/text-generation-inference, c2143: read as 2).
  const machine = items.find((i): i is Hardware => i.kind === 'hardware' && i.nodes === null && (i.count ?? 1) > 1 &&
    (REPORT_CARDS.test(i.text) || (keyed.length > 0 && (i.gpuId !== null || i.capacityGiB !== null) && !LAUNCHER_KEY.test(i.text))));
  if (!machine || !items.some((i) => i.kind === 'serve' || (i.kind === 'mode' && i.value === 'inference'))) return items;
  const size = (dim: 'tp' | 'pp') => items.find((i): i is Extract<Item, { kind: 'parallel' }> => i.kind === 'parallel' && i.dim === dim)?.value ?? 1;
  if (items.some((i) => i.kind === 'parallel' && i.dim === 'dp')) return items;
  const split = size('tp') * size('pp');
  // A split of one is the command's own count only where the command says it; a report's machine needs a split of two or more.
  // A split of one is TGI's own count ("--num-shard 1": one GPU); vLLM's "tensor_parallel_size=1" on a box of several
  // is read by the corpus as a replica per GPU (c009, c770, c1118), the same memory per GPU.
  if (split < 1 || (split === 1 && keyed.length === 0) || split >= machine.count!) return items;
  if (split === 1) {
    notes.push(`1 GPU: "${keyed[0]!.text.trim()}" runs the model on one of the machine's ${machine.count} cards ("${machine.text.trim()}" lists the machine); say "tp ${machine.count}" if it is split over all`);
    return items.map((i) => (i === machine ? { ...machine, count: 1 } : i));
  }
  notes.push(`${split} GPUs: one instance split ${size('pp') > 1 ? `tp ${size('tp')} × pp ${size('pp')}` : `tp ${split}`} over ${split} of the machine's ${machine.count} cards ("${machine.text.trim()}" lists the machine)`);
  return items.map((i) => (i === machine ? { ...machine, count: split } : i));
}

/**
 * Two items with at most a space, a comma or a bracket between them ("4x2080ti 22GB", "2080ti (22G)"), or
 * two items read from one word the prose wrote apart ("2080ti22g", prose.card-glued-memory: both span the word).
 */
// One inside the other is next to it too: "4 2080ti22GB" (c1625) is the card item "4 2080ti22GB" around the memory "2080ti22GB".
const inside = (a: Item, b: Item) => (a.at <= b.at && b.end <= a.end) || (b.at <= a.at && a.end <= b.end);
const nextTo = (a: Item, b: Item) => inside(a, b) || ((a.end <= b.at ? b.at - a.end : a.at - b.end) <= 2 && a.end !== b.end);
const gib = (id: string) => (GPUS.find((g) => g.id === id)?.totalMiB ?? NaN) / 1024;
const near = (a: number, b: number) => Math.abs(a - b) / b <= 0.1;
/** A memory written in the card's own saying ("V100 32GB", "32G*2 (v100)"). */
const MEMORY_SAID = /\d\s*(?:g|gb|gib)(?![a-z])/i;
/** The same card in another memory size ("v100-16g" said with 32G is the "v100-32g"), when the catalog has one. */
function otherSize(id: string, said: number): string | null {
  const stem = id.replace(/-\d+g$/, '');
  if (stem === id) return null;
  return GPUS.find((g) => g.id !== id && g.id.replace(/-\d+g$/, '') === stem && near(said, g.totalMiB / 1024))?.id ?? null;
}

/**
 * Cards said in several places. A memory figure standing alone ("14.3 GB", "51GB used",
 * "160GB") next to a card named elsewhere is the card's memory again (dropped), a total of
 * several such cards ("A100 (160GB)" is two), or an amount of memory the message talks about
 * (dropped, with a note). The same card said twice keeps its first saying.
 */
export function cards(items: Item[], notes: string[], doubts: Doubt[] = []): Item[] {
  items = hostfileSpreads(items, notes);
  const hw = items.filter((i): i is Hardware => i.kind === 'hardware');
  if (hw.length < 2) return items;
  const primaries = hw.filter((h) => h.gpuId !== null || h.count !== null || h.nodes !== null || /gpu|card|vram|each|per\b/i.test(h.text));
  const strays = hw.filter((h) => !primaries.includes(h) && h.capacityGiB !== null);
  const drop = new Set<Item>();
  const replace = new Map<Item, Item>();
  const first = primaries.find((p) => p.gpuId !== null || p.capacityGiB !== null);
  if (first) {
    const memory = first.gpuId !== null ? gib(first.gpuId) : first.capacityGiB;
    const counted = primaries.some((p) => p.count !== null || p.nodes !== null);
    for (const h of strays) {
      const said = h.capacityGiB!;
      drop.add(h);
      if (memory === null || !Number.isFinite(memory)) continue;
      if (near(said, memory)) continue;
      const times = said / memory;
      const count = primaries.find((p) => p.count !== null)?.count ?? 1;
      if (counted && near(said, memory * count)) continue;
      // "4x2080ti 22GB" (ollama/ollama#11702, c1132), "2080 ti 22G" (numz/ComfyUI-SeedVR2_VideoUpscaler#484):
      // a memory written against the card, more than the card was sold with, is a modified card or a slip;
      // the card is kept, and said as weak with the memory as written (issue 22, item 3).
      // Read before the total of several cards: "我2080ti22g成功运行" (zai-org/GLM-4-Voice#25, c1338) is the modified
      // 22 GB card glued to its name, as "2080ti 22G" with a space is (hw.card+hw.memory), not two 11 GB cards.
      // Twice the card's own memory is a modified card (scenario/card-variants.ts moddedMemory): the memory as written wins.
      if (first.gpuId !== null && nextTo(first, h) && moddedMemory(first.gpuId, said)) {
        replace.set(first, { ...first, gpuId: null, capacityGiB: said });
        doubts.push({ at: Math.min(first.at, h.at), end: Math.max(first.end, h.end), note: `"${h.text.trim()}" written against "${first.text.trim()}", which was sold with ${Math.round(memory)} GB: read as ${withArticle(`${said} GB`)} card (a modified one?)` });
        notes.push(`"${first.text.trim()} ${h.text.trim()}": read as ${said} GB cards as you said (a modified card?) — the catalog's ${first.gpuId} has ${Math.round(memory)} GB; say "on ${first.gpuId}" for that card`);
        continue;
      }
      // "The GPU is an RTX4060TI with 8GB of Vram" (ollama/ollama, c1370): a memory a few characters after
      // the card and below its size is the card's — the size of it the user has (the catalog's other size),
      // or one the catalog lacks (the 8 GB 4060 Ti, a laptop part), read at the memory said, said as weak.
      // Not a figure after a comma (",80GB" of "8*A800,80GB" reads as 0.8, c337), nor one under 2 GB.
      if (first.gpuId !== null && h.at >= first.end && h.at - first.end <= 6 && said < memory * 0.9 && said >= 2 && !/^\s*[,;]/.test(h.text)) {
        const sized = otherSizes(first.gpuId).find((g) => near(said, g.nominalGB));
        const name = (GPUS.find((g) => g.id === first.gpuId)?.name ?? first.gpuId).replace(/\s*\d+\s*GB$/, '');
        if (sized) {
          replace.set(first, { ...first, gpuId: sized.id });
          notes.push(`"${first.text.trim()}" with "${h.text.trim()}": read as the ${sized.name}, the size you said`);
          continue;
        }
        if (memoryOfItsOwn(first.gpuId, said)) {
          replace.set(first, { ...first, gpuId: null, capacityGiB: said });
          doubts.push({ at: first.at, end: h.end, note: `"${h.text.trim()}" said of "${first.text.trim()}": read as ${withArticle(`${said} GB`)} card, not the catalog's ${Math.round(memory)} GB ${name}` });
          notes.push(`"${first.text.trim()} … ${h.text.trim()}": read as ${name} with ${said} GB as you said — the ${name} I know has ${Math.round(memory)} GB; say "on ${first.gpuId}" for that card`);
          continue;
        }
      }
      // "on V100" … "32004MiB / 32768MiB" (InternLM/lmdeploy, corpus c1601): the card's other size the catalog sells is that
      // card, before any reading as two 16 GB cards in all (a count the message never says). Only a larger size: a smaller
      // figure far from the card is most often what is free ("A800 … 显存还有40G的空间", corpus c592), an amount.
      // Never over a memory said with the card ("A100 40GB … GPU 80GB으로만", corpus c511, asks of the other size).
      const memorySaid = /\d\s*(?:g|gb|gib)(?![a-z])/i.test(first.text);
      // PyTorch's out-of-memory message prints the card's total capacity (tool-output.ts writes its figure, "39.59", as
      // the nearest size a card is sold in; no unit of the user's is left in its words): the card itself measured, so the
      // card named without a memory is that size, smaller or larger, counted or not ("gpt-j … on an A100" with "39.59 GiB
      // total capacity", EricFillion/happy-transformer#287, corpus c2987; "8 * V100 GPU" with "31.75 GiB total capacity",
      // hpcaitech/ColossalAI#2995, c2993: both read at the catalog's default size).
      const reportedTotal = !memorySaid && first.gpuId !== null && /^\s*\d+\.\d+\s*$/.test(h.text) ? otherSize(first.gpuId, said) : null;
      const resized = reportedTotal ?? (!counted && !memorySaid && first.gpuId !== null && said > memory * 1.1 ? otherSize(first.gpuId, said) : null);
      if (resized) {
        replace.set(first, { ...first, gpuId: resized });
        notes.push(`"${first.text.trim()}" with "${h.text.trim()}" read as the ${GPUS.find((g) => g.id === resized)!.name}`);
        continue;
      }
      if (!counted && times >= 1.9 && Math.abs(times - Math.round(times)) < 0.1) {
        replace.set(first, { ...first, count: Math.round(times) });
        notes.push(`"${h.text}" read as the memory of ${Math.round(times)} such cards in all`);
        continue;
      }
      // "RTX 3080 16GB" (lm-sys/FastChat, c426: the 16 GB laptop 3080), "RTX 2060 8GB" (c1190: the 2060 SUPER's 8):
      // a GeForce card is sold in more memories than the catalog's desktop parts hold (laptop, SUPER and OEM
      // parts under the same name); the memory written right against it is the user's card, read as said and
      // said as weak (issue 22, item 3). Not a datacenter card: "8 x L40S 80GB" is another card's size,
      // "A100 (160GB)" two cards' in all, asked below as the catalog's card; nor a figure past the card's largest
      // other part (under twice its memory: "8 * 4090,256G memory" is the host's, c108) or after a comma.
      if (first.gpuId !== null && said > memory * 1.1 && said < memory * 1.9 && nextTo(first, h) && isGeForceCard(first.gpuId) && !/^\s*[,;]/.test(h.text)) {
        replace.set(first, { ...first, gpuId: null, capacityGiB: said });
        const name = (GPUS.find((g) => g.id === first.gpuId)?.name ?? first.gpuId).replace(/\s*\d+\s*GB$/, '');
        doubts.push({ at: Math.min(first.at, h.at), end: Math.max(first.end, h.end), note: `"${h.text.trim()}" written against "${first.text.trim()}", which the catalog has with ${Math.round(memory)} GB: read as ${withArticle(`${said} GB`)} card` });
        notes.push(`"${first.text.trim()} ${h.text.trim()}": read as ${name} with ${said} GB as you said — the ${name} I know has ${Math.round(memory)} GB; say "on ${first.gpuId}" for that card`);
        continue;
      }
      if (said > memory * 1.1 && nextTo(first, h)) {
        doubts.push({ at: Math.min(first.at, h.at), end: Math.max(first.end, h.end), note: `"${h.text.trim()}" written against "${first.text.trim()}", which was never sold with ${said} GB` });
        notes.push(`"${h.text}" beside "${first.text.trim()}": a memory that card was never sold with, read as the catalog's card`);
        continue;
      }
      notes.push(`"${h.text}" read as an amount of memory the message mentions, not a card's size`);
    }
  }
  // "8卡A100 80G" … "8卡80G": memory alone that is the named card's, said again.
  const card = primaries.find((p) => p.gpuId !== null);
  if (card) {
    for (const p of primaries) {
      if (p.gpuId !== null || p.capacityGiB === null || drop.has(p)) continue;
      if (p.count !== null && card.count !== null && p.count !== card.count) continue;
      if (near(p.capacityGiB, gib(card.gpuId!))) {
        drop.add(p);
        if (p.count !== null && card.count === null) replace.set(card, { ...card, count: p.count });
        continue;
      }
      // "显卡是v100，有4张卡,单张是32G" (Facico/Chinese-Vicuna, c359): the memory of the card's other size.
      const other = otherSize(card.gpuId!, p.capacityGiB);
      if (other) {
        drop.add(p);
        replace.set(card, { ...card, gpuId: other, count: card.count ?? p.count });
        notes.push(`"${card.text.trim()}" with "${p.text.trim()}" read as the ${GPUS.find((g) => g.id === other)!.name}`);
      }
    }
  }
  // "V100全参数训练…" (a title) … "32G*2 (v100)" (hiyouga/LlamaFactory#2931, c2682: read as the 16 GB V100), "on V100 fails.
  // GPU: V100 32GB x 4" (refused as two cards): a card named bare is the catalog's default size; the same card with its
  // memory said elsewhere is that size: the bare saying names the same card again, read at that size.
  const sizedSaying = (p: Hardware) => p.gpuId !== null && MEMORY_SAID.test(p.text);
  for (const bare of primaries) {
    if (bare.gpuId === null || bare.count !== null || bare.nodes !== null || sizedSaying(bare) || drop.has(bare) || replace.has(bare)) continue;
    const stem = bare.gpuId.replace(/-\d+g$/, '');
    const sized = primaries.filter((p) => p !== bare && p.gpuId !== bare.gpuId && sizedSaying(p) && p.gpuId!.replace(/-\d+g$/, '') === stem);
    // One size said; two ("V100是16G和32G", or a 40G and an 80G A100) leave the bare card as it was.
    if (new Set(sized.map((p) => p.gpuId)).size === 1) replace.set(bare, { ...bare, gpuId: sized[0]!.gpuId });
  }
  // The same card said twice ("on 8x A100" … "8 A100s"): keep the first.
  const seen = new Set<string>();
  for (const h of primaries) {
    const key = JSON.stringify([h.gpuId, h.capacityGiB, h.count, h.nodes]);
    if (seen.has(key)) drop.add(h);
    seen.add(key);
  }
  return items.filter((i) => !drop.has(i)).map((i) => replace.get(i) ?? i);
}

/**
 * "a server with 4 x 48G A6000 GPUs … ran Gemma-7B on 2 of the cards" (LoveCatc/supervised-llm-
 * uncertainty-estimation#4): the run used 2 of the machine's cards. The card keeps its type and
 * memory and takes the count the run used. Chinese says it after the machine ("有四张A100 40G显卡，容器启动只
 * 指定了两张", c402).
 */
/** The words of a count the run took of the machine's: "of the cards", 只指定了两张, 我配置了3张 (prose.some-of-the-cards-zh). */
const SOME_OF = /\bof\s+(?:the|my|our|its|these|those|them|all)\b|(?:指定|配置|分配|选|用|使用|挂载)了?\s*(?:\d{1,3}|[一两二三四五六七八])\s*(?:张|块)/i;

export function someOfTheCards(items: Item[], notes: string[]): Item[] {
  const part = items.find((i): i is Hardware => i.kind === 'hardware' && i.gpuId === null && i.capacityGiB === null && i.count !== null && SOME_OF.test(i.text));
  if (!part) return items;
  const machine = items.find((i): i is Hardware => i.kind === 'hardware' && i !== part && (i.gpuId !== null || i.capacityGiB !== null) && (i.count ?? 1) > part.count!);
  if (!machine) return items;
  notes.push(`"${part.text.trim()}": the run used ${part.count} of the ${machine.count ?? 1} cards`);
  return items.filter((i) => i !== part).map((i) => (i === machine ? { ...machine, count: part.count } : i));
}

const SLURM_TEXT = /\b(?:srun|sbatch|salloc)\b|#sbatch/i;
const family = (id: string) => id.split('-')[0];

/**
 * The job's allocation is what runs: its node and GPU counts win over the message's looser words
 * ("2 nodes with 8xA100(40G)s" beside `srun --gres=gpu:4 --nodes=2`, haotian-liu/LLaVA#655, is 8
 * GPUs). The card the message names stays when the allocation names none, or names the same card
 * less precisely (`gpu:a100:4` and "A100 40G"). What was set aside is said.
 */
export function slurmAllocationWins(items: Item[], notes: string[]): Item[] {
  const alloc = items.find((i): i is Hardware => i.kind === 'hardware' && SLURM_TEXT.test(i.text) && (i.count !== null || i.nodes !== null));
  if (!alloc) return items;
  const others = items.filter((i): i is Hardware => i.kind === 'hardware' && i !== alloc);
  if (!others.length) return items;
  const card = others.find((o) => o.gpuId !== null && (alloc.gpuId === null || family(o.gpuId) === family(alloc.gpuId)));
  const memory = others.find((o) => o.capacityGiB !== null);
  const merged: Hardware = {
    ...alloc,
    gpuId: card?.gpuId ?? alloc.gpuId,
    capacityGiB: alloc.capacityGiB ?? (card || alloc.gpuId ? null : (memory?.capacityGiB ?? null)),
  };
  const counted = others.filter((o) => (o.count !== null && o.count !== alloc.count) || (o.nodes !== null && o.nodes !== alloc.nodes));
  if (counted.length) {
    const total = (alloc.count ?? 1) * (alloc.nodes ?? 1);
    const quoted = counted.map((o) => `"${o.text}"`).join(' and ');
    notes.push(`the GPUs are the Slurm allocation's, ${alloc.nodes && alloc.nodes > 1 ? `${alloc.nodes} nodes of ${alloc.count}` : alloc.count} (${total} GPUs in all); ${quoted} in the message ${counted.length > 1 ? 'are' : 'is'} set aside`);
    // What the set-aside words were read as no longer holds ("2 nodes 8x" read as 8 per node, 16 GPUs in all).
    if (counted.some((o) => o.nodes !== null)) {
      for (let k = notes.length - 2; k >= 0; k--) if (/read as \d+ per node, \d+ GPUs in all/.test(notes[k]!)) notes.splice(k, 1);
    }
  }
  return items.filter((i) => !others.includes(i as Hardware)).map((i) => (i === alloc ? merged : i));
}

/**
 * "I have 2 GPU with 16GB" above a hostfile of two `worker-N slots=1` lines (corpus c459): the same
 * GPUs, said once by their memory and once by where they sit. When the cards in all agree, the
 * machine keeps its card and memory and takes the hostfile's nodes; a disagreement stays, for the
 * mentions to report as two setups.
 */
function hostfileSpreads(items: Item[], notes: string[]): Item[] {
  const hostfile = items.find((i): i is Hardware => i.kind === 'hardware' && i.nodes !== null && i.gpuId === null && i.capacityGiB === null && /slots\s*=/i.test(i.text));
  if (!hostfile) return items;
  const inAll = hostfile.nodes! * (hostfile.count ?? 1);
  const machine = items.find((i): i is Hardware => i.kind === 'hardware' && i !== hostfile && i.nodes === null && i.count === inAll);
  if (!machine) return items;
  notes.push(`"${machine.text.trim()}" spread over the hostfile's ${hostfile.nodes} nodes, ${hostfile.count ?? 1} on each`);
  return items.filter((i) => i !== hostfile).map((i) => (i === machine ? { ...machine, nodes: hostfile.nodes, count: hostfile.count ?? 1 } : i));
}

/**
 * The same cards said twice, once with their memory: "hits out of memory on an AWS 8x Nvidia A100 VM"
 * … "Produces an OOM error on the AWS p4d.24xlarge VM" (huggingface/transformers#14541, c1131): the
 * instance is eight A100 40GB, so the A100 said bare is the 40 GB one, not the catalog's default
 * 80 GB, and the instance no other run. The same for a size said later in words ("8 A100s …
 * they are the 40G ones" read as "a100 40g"). Only one card of the same line with no memory of its
 * own, and counts that agree (or one unsaid).
 */
export function sizeSaidAgain(items: Item[], notes: string[]): Item[] {
  const hw = items.filter((i): i is Hardware => i.kind === 'hardware' && i.gpuId !== null);
  const line = (id: string) => id.replace(/-\d+g$/, '');
  const names = (h: Hardware) => namesMemory(h.text) || instanceByName(h.text.trim()) !== null;
  const bare = hw.filter((h) => !names(h));
  const sized = hw.filter((h) => names(h));
  if (bare.length !== 1 || sized.length !== 1) return items;
  const [a, b] = [bare[0]!, sized[0]!];
  if (a.gpuId === b.gpuId || line(a.gpuId!) !== line(b.gpuId!)) return items;
  if (a.count !== null && b.count !== null && a.count !== b.count) return items;
  if (a.nodes !== b.nodes && a.nodes !== null && b.nodes !== null) return items;
  notes.push(`"${a.text.trim()}" with "${b.text.trim()}": the ${GPUS.find((g) => g.id === b.gpuId)!.name}`);
  const merged: Hardware = { ...a, gpuId: b.gpuId, count: a.count ?? b.count, nodes: a.nodes ?? b.nodes };
  return items.filter((i) => i !== b).map((i) => (i === a ? merged : i));
}
