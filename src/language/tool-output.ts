import { gibOf, TORCH_OOM_MESSAGE, torchOomMessage } from './torch-oom-message.js';
import { GPUS } from '../catalog/index.js';
import { OTHER_DEVICES } from '../catalog/other-devices.js';
import { blank, rewriteLines } from './line-rewrite.js';
import type { MappedText } from './mapped-text.js';
import { readUnslothBanner } from './unsloth-banner.js';
import { withArticle } from './article.js';
import { llamaBenchColumns, llamaBenchTests } from './llama-bench.js';

/**
 * Tool output pasted around a question (issue 11 §2): nvidia-smi's memory column, its table and
 * its --query-gpu CSV, and PyTorch's CUDA out-of-memory message. Their numbers are measurements,
 * never request words: `22457MiB / 24564MiB` is memory in use out of the card's total
 * (vllm-project/vllm#22177), so the total is the card's memory and the figure in use is no card
 * at all; "Tried to allocate 172.00 MiB" is no count. Runs on normalised (lower-case) text.
 */


/** The totals cards report, in GiB (the catalog's totalMiB: what nvidia-smi prints). */
const CARD_TOTALS = [...new Set(GPUS.map((g) => g.totalMiB / 1024))].sort((a, b) => a - b);

/**
 * A card's memory from a total a tool printed: the catalog card total it is (nvidia-smi prints
 * 24564 MiB for a 24 GB card), or the nearest above it within 10% (PyTorch's "total capacity" is the
 * driver's, a little under nvidia-smi's: 23.69 GiB on a 24 GB card, 79.15 GiB on an 80 GB one).
 * Written with two decimals, as a memory figure the lexer reads ("23.99gb").
 */
export function cardMemory(totalGiB: number, totals: readonly number[] = CARD_TOTALS): string {
  const card = totals.find((t) => t >= totalGiB * 0.999 && t <= totalGiB * 1.1) ?? totalGiB;
  return `${Number(card.toFixed(2))}gb`;
}
const gib = (mib: number) => cardMemory(mib / 1024);
/**
 * The memories of the Ascend NPUs (src/catalog/other-devices.ts): torch_npu's "NPU 0; 61.27 GiB total
 * capacity" is a 64 GB 910B / 910C die (Ascend/sglang#617, c1611), as a CUDA card's total is its card's.
 */
const NPU_TOTALS = [...new Set(OTHER_DEVICES.filter((d) => d.vendor === 'huawei').map((d) => d.memoryGB))].sort((a, b) => a - b);

/**
 * nvidia-smi's Memory-Usage column, `used / total` in MiB, and the same pair said in words with thousands grouped:
 * "VRAM | 26,140 MiB of 32,607" (nibor1896/Crow#140, corpus c2616: the total is the card, an RTX 5090's 32 GB;
 * the row went unread and a file's 16.35 GiB was taken), "7,800 MiB out of 24,576 MiB".
 */
const MIB_NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d+)`;
const USAGE = new RegExp(String.raw`(?<![\w.,])${MIB_NUMBER}[ \t]*mib[ \t]*(?:\/[ \t]*${MIB_NUMBER}[ \t]*mib|(?:out[ \t]+)?of[ \t]+${MIB_NUMBER}(?:[ \t]*mib)?)(?![\w.]|,\d)`, 'g');
const mibOf = (figure: string) => Number(figure.replace(/,/g, ''));

/**
 * A row of nvidia-smi's GPU table: `|   0  NVIDIA GeForce RTX 3090   Off | 00000000:01:00.0 Off |   N/A |`
 * (index, name, persistence mode, then the PCI bus id). The name may be cut with "...".
 */
const GPU_ROW = /^\|[ \t]*(\d+)[ \t]+(.+?)[ \t]+(?:on|off)[ \t]*\|[ \t]*[0-9a-f]{4,8}:[0-9a-f]{2}:[0-9a-f]{2}\.[0-9a-f][^\n]*$/;
const GPU_ROW_IN_TEXT = new RegExp(GPU_ROW.source, 'm');
/** A table line: `|…|` or a `+---+` / `|===|` rule. */
const TABLE_LINE = /^[ \t]*[|+][^\n]*$/;

interface Table {
  from: number;
  to: number;
  gpus: Set<string>;
  name: string | null;
  totalMiB: number | null;
}

/**
 * nvidia-smi's tables, pasted whole: the GPU rows give the card (its name) and the count (one row
 * per index); the memory rows give the card's memory. The header, the processes table, clocks,
 * power and temperature are read as nothing. The table becomes "<count>x <name> <memory>gb" in
 * the place of its first GPU row.
 */
function tables(text: MappedText, notes?: string[]): MappedText {
  const lines = text.text.split('\n');
  const found: Table[] = [];
  for (let n = 0; n < lines.length; n++) {
    if (!TABLE_LINE.test(lines[n]!)) continue;
    let end = n;
    while (end + 1 < lines.length && (TABLE_LINE.test(lines[end + 1]!) || /^[ \t]*$/.test(lines[end + 1]!) && TABLE_LINE.test(lines[end + 2] ?? ''))) end++;
    const block = lines.slice(n, end + 1);
    const table: Table = { from: n, to: end, gpus: new Set(), name: null, totalMiB: null };
    for (const line of block) {
      const row = GPU_ROW.exec(line);
      if (row) {
        table.gpus.add(row[1]!);
        table.name ??= row[2]!.replace(/\.{2,}.*$/, '').replace(/[-_ ]+$/, '');
      }
      const usage = /\|[ \t]*\d+[ \t]*mib[ \t]*\/[ \t]*(\d+)[ \t]*mib[ \t]*\|/.exec(line);
      if (usage) table.totalMiB ??= Number(usage[1]);
    }
    // nvidia-smi's own: GPU rows, its header, or its processes table. A Markdown table ("| model | GPU memory |") is prose and stays.
    const processes = block.some((l) => /processes:/.test(l)) && block.some((l) => /\bpid\b/.test(l));
    if (table.gpus.size || processes || block.some((l) => /nvidia-smi \d|memory-usage/.test(l))) found.push(table);
    n = end;
  }
  const say = new Map<number, string>();
  for (const t of found) {
    const firstRow = lines.findIndex((l, n) => n >= t.from && n <= t.to && GPU_ROW.test(l));
    for (let n = t.from; n <= t.to; n++) say.set(n, '');
    // Only its memory rows (`nvidia-smi | egrep "Default"`, InternLM/lmdeploy, corpus c1601: "32004MiB / 32768MiB" beside
    // "on V100" in prose): the card's memory, said at the first of them; the card and the count are the prose's.
    const memoryRow = lines.findIndex((l, n) => n >= t.from && n <= t.to && /\|[ \t]*\d+[ \t]*mib[ \t]*\/[ \t]*\d+[ \t]*mib[ \t]*\|/.test(l));
    if (firstRow < 0 && t.totalMiB !== null && memoryRow >= 0) say.set(memoryRow, ` ${gib(t.totalMiB)} `);
    if (firstRow < 0 || !t.name) continue;
    const memory = t.totalMiB !== null ? ` ${gib(t.totalMiB)}` : '';
    // An NVIDIA vGPU profile ("NVIDIA A10-12Q", "A100-20C", "T4-8Q": the card, then its frame buffer in GB and the profile's
    // letter) is a slice of the card, read by the slice's memory, said (corpus c1135: an A10-12Q is 12 GB, not an A10's 24).
    const vgpu = /^(?:nvidia\s+)?([a-z]+\d+[a-z]*)-(\d{1,3})[qabc]$/.exec(t.name);
    if (vgpu) {
      notes?.push(`"${t.name}": an NVIDIA vGPU profile, a ${vgpu[2]} GB slice of an ${vgpu[1]!.toUpperCase()}; read as a device of ${vgpu[2]} GB`);
      say.set(firstRow, ` ${t.gpus.size}x ${vgpu[2]}gb `);
      continue;
    }
    say.set(firstRow, ` ${t.gpus.size}x ${t.name}${memory} `);
  }
  return rewriteLines(text, say, 'tool.smi-table');
}

/**
 * PyTorch's CUDA out-of-memory message (torch-oom-message.ts reads it, in all its spellings): only the total capacity
 * is the card; the request, the free, allocated and reserved figures are what it was doing. A message cut before its
 * total is blanked whole: nothing in it is the card, and none of its figures a setting.
 */
/**
 * The advice PyTorch prints after it: "try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"
 * is a suggestion, not the user's setting; the exception's class names the OOM the text says anyway.
 */
const TORCH_ADVICE =
  /if reserved (?:but unallocated )?memory is (?:large|>> allocated memory) try setting (?:pytorch_cuda_alloc_conf=expandable_segments:true|max_split_size_mb) to avoid fragmentation\.?(?:[ \t]*see documentation for memory management(?: and pytorch_cuda_alloc_conf)?(?:[ \t]*\(https?:\/\/[^)\s]*\))?\.?)?|(?<![\w.])torch(?:\.cuda)?\.outofmemoryerror:?/g;

function torchMessages(text: MappedText, notes: string[]): MappedText {
  if (!/tried to allocate|outofmemoryerror|to avoid fragmentation/.test(text.text)) return text;
  return text
    .replace(TORCH_ADVICE, (m) => blank(m[0]), 'tool.torch-advice')
    .replace(TORCH_OOM_MESSAGE, (m) => {
      const oom = torchOomMessage(m);
      const { total } = oom;
      if (!total) return blank(m[0]);
      const { amount } = total;
      const unit = total.unit[0]!.toLowerCase();
      // torch_npu prints the same message with NPU for GPU; its total is an Ascend device's memory.
      const npu = oom.device === 'npu';
      const memory = cardMemory(gibOf(total), npu ? NPU_TOTALS : CARD_TOTALS);
      // The total's own characters carry the card's memory (the reply quotes them); the rest is blank.
      const from = total.at - m.index;
      const to = from + amount.length;
      notes.push(`${npu ? "torch_npu's" : "PyTorch's"} out-of-memory message: its total capacity, ${amount} ${unit.toUpperCase()}iB, read as the ${npu ? "NPU's" : "card's"} memory (${memory.replace('gb', ' GiB')}); the figures allocated, reserved and free are what the run held`);
      return [
        { text: blank(m[0].slice(0, from)), from: 0, to: from },
        { text: ` ${memory} `, from, to },
        { text: blank(m[0].slice(to)), from: to, to: m[0].length },
      ];
    }, 'tool.torch-oom');
}

/** An nvidia-smi command line (`$ nvidia-smi`, `watch -n 1 nvidia-smi`, `nvidia-smi --query-gpu=…`): what was run to show the output. */
const SMI_COMMAND = /^[ \t]*(?:[$#>][ \t]*)?(?:watch[ \t]+(?:-n[ \t]*[\d.]+[ \t]+)?)?nvidia-smi(?:[ \t]+-[^\n]*)?[ \t]*$/gm;

/**
 * `nvidia-smi --query-gpu=name,memory.total,memory.used --format=csv`: a header naming the columns,
 * then one row per GPU ("NVIDIA A100-SXM4-80GB, 81920 MiB, 70000 MiB"). Read as "<rows>x <name> <total>".
 */
const CSV_HEADER = /^[ \t]*((?:name|index|memory\.(?:total|used|free)|[\w.]+)(?:[ \t]*\[[^\]\n]*\])?(?:,[ \t]*[\w.]+(?:[ \t]*\[[^\]\n]*\])?)+)[ \t]*$/;
function queryCsv(text: MappedText): MappedText {
  if (!/memory\.total/.test(text.text)) return text;
  const lines = text.text.split('\n');
  const say = new Map<number, string>();
  for (let n = 0; n < lines.length; n++) {
    const header = CSV_HEADER.exec(lines[n]!);
    if (!header || !/memory\.total/.test(header[1]!)) continue;
    const columns = header[1]!.split(',').map((c) => c.trim().replace(/[ \t]*\[.*$/, ''));
    const [name, total] = [columns.indexOf('name'), columns.indexOf('memory.total')];
    const rows: string[][] = [];
    for (let k = n + 1; k < lines.length; k++) {
      const cells = lines[k]!.split(',').map((c) => c.trim());
      if (cells.length !== columns.length) break;
      rows.push(cells);
    }
    if (!rows.length) continue;
    const mib = Number(/^(\d+)/.exec(rows[0]![total] ?? '')?.[1]);
    const words = [`${rows.length}x`, name >= 0 ? rows[0]![name]! : 'gpus', Number.isFinite(mib) && total >= 0 ? gib(mib) : ''].join(' ');
    say.set(n, '');
    say.set(n + 1, ` ${words} `);
    for (let k = n + 2; k <= n + rows.length; k++) say.set(k, '');
    n += rows.length;
  }
  return rewriteLines(text, say, 'tool.smi-csv');
}

/**
 * A memory figure in MiB said alone ("memory used 20000 MiB", a process row's "22450MiB", "Tried to
 * allocate 20.00 MiB"): tools print a card's size as a total beside what is used (read above), so a
 * lone MiB figure is a measurement, read as nothing. Never a count: "20000 MiB" is not 20,000 GPUs.
 */
const MIB_FIGURE = /(?<![\w.])(\d+(?:\.\d+)?)[ \t]*mib(?![\w])/g;
/**
 * …unless it is said as what the card has: "我现在的虚拟显存只有8000MiB" (my VRAM is only 8000MiB, baichuan-inc, corpus
 * c933: set aside, the card went unread), "VRAM: 24576 MiB", "my GPU has 16384MiB", "显存为24576MiB". A memory word
 * (or the card's "has") right before it, and no word of use or a total after it ("VRAM: 7000 MiB used", "8000MiB / 24576MiB");
 * the figure is read as the catalog card's memory it is (cardMemory).
 */
// A card's name before "with" says it too: "4 NVIDIA GeForce RTX 2080 with 11264MiB each" (an invented variation of
// c2435's "RTX 2080，显存为11264MiB": the figure went unread, and the 8 GB 2080 silent).
const MIB_OWNED = /(?:\b(?:vram|gpu\s+memory|video\s+memory|(?:gpu|card)\s+(?:has|with)|(?<=(?:\b[a-z]{1,2}\d{2,3}|\d{4}(?:\s?ti)?)\s)with)|显存|内存(?=\s*(?:只有|有|为|是)))\s*(?:(?:only|just|of|is|has|只有|仅有|有|为|是|总共|一共|[:：=])\s*){0,2}(\d{4,6})[ \t]*mib(?![\w])(?![ \t]*(?:\/|(?:is\s+|are\s+|was\s+)?(?:used|in use|allocated|free|reserved|occupied|available)\b|已用|可用|空闲|占用))/g;

/**
 * accelerate's `max_memory={0: "12GiB", 1: "12GiB", "cpu": "26GiB"}` (device_map="auto"; OpenMOSS/MOSS#35,
 * corpus c452): one entry per device index, each the most the loader may put on it. The indices are
 * that many GPUs; the figures are caps the user chose below the card's size ("12GiB to leave room
 * for CUDA kernels"), so they are no card's memory, and the "cpu" or "disk" entry is no host RAM.
 * Read as "<count>x gpus"; the card and its memory come from the words around it.
 */
const MAX_MEMORY = /max_memory\s*=\s*\{([^{}\n]*)\}/g;
// accelerate's own form: integer keys (a quoted key is read earlier, as a setting the reader does not use).
const DEVICE_INDEX = /(?:^|,)\s*(\d{1,3})\s*:/g;

function maxMemory(text: MappedText, notes: string[]): MappedText {
  if (!/max_memory/.test(text.text)) return text;
  return text.replace(MAX_MEMORY, (m) => {
    const devices = new Set([...m[1]!.matchAll(DEVICE_INDEX)].map((d) => d[1]));
    if (!devices.size) return blank(m[0]);
    notes.push(`"${text.userText(m.index, m.index + m[0].length)}" read as ${devices.size} GPU${devices.size > 1 ? 's' : ''}, one per device index; its figures are the most the loader may place on each, not the cards' memory`);
    return ` ${devices.size}x gpus `;
  }, 'tool.max-memory');
}

/**
 * ms-swift's `--device_max_memory 15GB 15GB 15GB 15GB` (modelscope/ms-swift#3056, c1337; c922, an InternVL2-26B
 * deploy on four GPUs; the flag of ms-swift#3282/#3347): like accelerate's max_memory, one cap per device that
 * the user chose, never the card's size. Its figures are that many GPUs; the card stays unknown unless named.
 * The same flag quoted back in an error (`remaining_argv: ['--device_max_memory', '15GB', …]`) is a repeat,
 * read as nothing.
 */
const DEVICE_MAX_MEMORY = /(['"]?)--device_max_memory\1((?:[\s,]*(['"]?)\d+(?:\.\d+)?\s*(?:gib|gb|g|mib)\3(?![\w.]))+)/g;

function deviceMaxMemory(text: MappedText, notes: string[]): MappedText {
  if (!/device_max_memory/.test(text.text)) return text;
  return text.replace(DEVICE_MAX_MEMORY, (m) => {
    if (m[1]) return blank(m[0]);
    const devices = [...m[2]!.matchAll(/\d+(?:\.\d+)?\s*(?:gib|gb|g|mib)/g)].length;
    notes.push(`"${text.userText(m.index, m.index + m[0].length)}" read as ${devices} GPU${devices > 1 ? 's' : ''}, one cap per device; its figures are the most the loader may place on each, not the cards' memory`);
    return ` ${devices}x gpus `;
  }, 'tool.device-max-memory');
}

/**
 * A DeepSpeed (or MPI) hostfile: one `<host> slots=<gpus>` line per machine (microsoft/DeepSpeed-MII,
 * corpus c459: "deepspeed-mii-inference-worker-0 slots=1"). The lines are the nodes, the slots the
 * GPUs on each; the host names are names, so "deepspeed" or "inference" inside one is no setting.
 * Read as "<hosts> nodes of <slots>x gpus" when every host has as many slots, else as the GPUs in all.
 */
const HOSTFILE_LINE = /^[ \t]*[\w.\-]+[ \t]+slots[ \t]*=[ \t]*(\d{1,2})[ \t]*$/;
function hostfile(text: MappedText, notes: string[]): MappedText {
  if (!/slots[ \t]*=/.test(text.text)) return text;
  const lines = text.text.split('\n');
  const say = new Map<number, string>();
  for (let n = 0; n < lines.length; n++) {
    const slots: number[] = [];
    while (n + slots.length < lines.length && HOSTFILE_LINE.test(lines[n + slots.length]!)) slots.push(Number(HOSTFILE_LINE.exec(lines[n + slots.length]!)![1]));
    if (!slots.length) continue;
    const total = slots.reduce((a, b) => a + b, 0);
    const even = slots.every((k) => k === slots[0]);
    const words = slots.length > 1 && even ? `${slots.length} nodes of ${slots[0]}x gpus` : `${total}x gpus`;
    notes.push(`a hostfile of ${slots.length} host${slots.length > 1 ? 's' : ''} (slots ${slots.join(', ')}) read as ${words.replace(' gpus', '')}`);
    say.set(n, ` ${words} `);
    for (let k = 1; k < slots.length; k++) say.set(n + k, '');
    n += slots.length - 1;
  }
  return rewriteLines(text, say, 'tool.hostfile');
}

/** nvidia-smi's tables, CSV and `used / total` figures, and PyTorch's OOM message, read as the cards they show; llama-bench's test names as no setting. */
export function readToolOutput(text: MappedText): { text: MappedText; notes: string[] } {
  const notes: string[] = [];
  const torch = llamaBenchColumns(llamaBenchTests(hostfile(deviceMaxMemory(maxMemory(torchMessages(readUnslothBanner(text, notes), notes), notes), notes), notes))).replace(SMI_COMMAND, (m) => blank(m[0]), 'tool.smi-command');
  // A GPU row pasted alone has no memory figure; its card is still the table's (s46 rdev).
  if (!/mib/.test(torch.text) && !GPU_ROW_IN_TEXT.test(torch.text)) return { text: torch, notes };
  const read = tables(queryCsv(torch), notes);
  const usage = read.replace(USAGE, (m) => {
    // The figure in use goes; the total keeps its own place in the user's text. A total under the figure in use or
    // under any card's memory ("1762 MiB of 2 GPUs") is no such pair.
    const total = m[2] ?? m[3]!;
    if (mibOf(total) < Math.max(1024, mibOf(m[1]!))) return m[0];
    const at = m[0].lastIndexOf(total);
    notes.push(`"${read.userText(m.index, m.index + m[0].length)}" read as memory in use / the card's total: ${withArticle(gib(mibOf(total)).replace('gb', ' GiB'))} card`);
    return [
      { text: blank(m[0].slice(0, at)), from: 0, to: at },
      { text: gib(mibOf(total)), from: at, to: m[0].length },
    ];
  }, 'tool.smi-usage');
  const out = usage.replace(MIB_OWNED, (m) => {
    const at = m[0].lastIndexOf(m[1]!);
    notes.push(`"${usage.userText(m.index, m.index + m[0].length).trim()}" read as the card's memory: ${withArticle(gib(Number(m[1])).replace('gb', ' GiB'))} card`);
    return [
      { text: m[0].slice(0, at), from: 0, to: at },
      { text: ` ${gib(Number(m[1]))} `, from: at, to: m[0].length },
    ];
  }, 'tool.mib-owned').replace(MIB_FIGURE, (m) => blank(m[0]), 'tool.mib-figure');
  return { text: out, notes: [...new Set(notes)] };
}
