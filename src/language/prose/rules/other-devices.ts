import { OTHER_DEVICES, type OtherDevice } from '../../../catalog/other-devices.js';
import { gpuIdOf } from '../../lexicon.js';
import { maskAbbreviations } from '../../sentence-ends.js';
import type { ProseRule } from '../types.js';

/**
 * A device the catalog lacks, named without its memory or with it (issue 22: "read as what it is with
 * its stated memory, or named as unknown — never swapped for another card"): "Ascend 910B2"
 * (gpustack/gpustack#3831, c1604), "8张Ascend 910B" (Tele-AI/TeleChat2#5, c1188), "AMD Radeon RX 6800"
 * (ROCm/AMDMIGraphX#2723, c1616), "NVIDIA GeForce MX150" (mlc-ai/mlc-llm#974, c1618), "Jetson Orin Nano
 * developer kit" (dusty-nv/jetson-containers#331, c1619). The corpus writes such a device as its memory
 * ("on 8x 64GB"); the reader reads it through the table in src/catalog/other-devices.ts: the name is
 * rewritten as "<memory>gb gpu" (a count before or after it stays the engine's: "8*910B", "双卡910B",
 * "2x 7900 XTX"), said ("Ascend 910B is not modelled; read as a device of its 64 GB"). A memory the
 * user states beside the name ("RX7900XTX 24G", "910A(32G)") wins over the table's. Beside a card the
 * catalog has, the device is set aside, said: the CUDA card is the setup ("8张A100(40G)和64张910A(32G)",
 * hiyouga/LlamaFactory#4133). Two rules over one table: a row whose memory is one of several sizes the
 * part ships with (a laptop part, a module sold in two sizes) is read by the weak one, said as a guess.
 */

/** Vendor and family words before a device's name. */
const VENDOR = String.raw`(?:(?:nvidia|geforce|tesla|quadro|amd|radeon|instinct|intel|habana|huawei|华为|ascend|昇腾|atlas\s?\d{3}[a-z]?(?:\s?a[23])?)[\s-]*)*(?:npu\s*)?`;
/** A bare 910 is the Ascend only after its vendor's word. */
const BARE_910 = String.raw`(?:ascend|昇腾|huawei|华为)\s*(?:npu\s*)?910(?![a-z\d])`;
/** The memory the user states right after the name: "RX7900XTX 24G", "910A(32G)", "MX150, 4GB". */
// On the name's line: the next line's size ("gpu: amd 6800xt\nmemory: ddr4 64g", ollama/ollama c1673, its key
// blanked by the config reader) is another thing's, the host's there.
const STATED = String.raw`(?:\s+(?:developer\s+kit|dev\s?kit))?(?:[ \t]*[(（,]?[ \t]*(?<stated>\d{1,3})[ \t]*(?:gb|g|gib|go|gio)(?![a-z])[ \t]*[)）]?)?`;
/**
 * The card's memory said further on the line, by a memory noun: "910B4，单卡显存64GB" (modelscope/ms-swift's
 * c1624: the 64 GB variant, not the table's 32), "Arc A770 with 8GB VRAM". Host RAM is no such memory.
 */
const STATED_LATER = /^[^\n]{0,40}?(?:显存|vram|gpu\s*memory)\s*(?:为|是|有|of|:|：)?\s*(\d{1,3})\s*(?:gb|g|gib|go|gio)(?![a-z])|^[^\n]{0,40}?(?<![\w.])(\d{1,3})\s*(?:gb|g|gib|go|gio)\s*(?:of\s+)?(?:vram|显存|gpu\s*memory)/;

/** Cards counted in words before a device's name. */
const COUNT_WORDS: Record<string, number> = { dual: 2, twin: 2, double: 2, two: 2, triple: 3, three: 3, quad: 4, four: 4, eight: 8 };

/** Another machine's nodes × cards offered before the one read: "用2x16和3x16 华为910B的卡" (c2197). */
const OFFERED = String.raw`(?<![\w.])(?<n0>\d{1,3})\s*[x×*]\s*(?<c0>\d{1,2})\s*(?:和|与|或者?|还是|and|or|/)\s*`;

function pattern(rows: readonly OtherDevice[], offered = false): RegExp {
  const names = rows.map((row) => `(?:${row.pattern})`).join('|');
  const extra = rows.some((row) => row.name === 'Ascend 910A') ? `|${BARE_910}` : '';
  return new RegExp(String.raw`${offered ? OFFERED : ''}(?<![\w.])(?:(?<nodes>\d{1,3})\s*[x×*]\s*(?=\d))?(?:(?<count>\d{1,4})\s*(?:[x×*]|张|卡|块|台|片)?\s*|(?<word>dual|twin|double|two|triple|three|quad|four|eight)\s+)?${VENDOR}(?<name>${names}${extra})(?!\w|\.\w)(?!\s*(?:series|系列|family))${STATED}(?:\s*[x×*]\s*(?<after>\d{1,3})(?![\w.]))?`, 'g');
}

/** Each row with its pattern anchored to a whole name. */
const anchored = (rows: readonly OtherDevice[]) => rows.map((row) => ({ row, whole: new RegExp(`^(?:${row.pattern})$`) }));

/** The row a matched name is read by (the first whose pattern takes the whole name). */
function rowOf(rows: readonly { row: OtherDevice; whole: RegExp }[], name: string): OtherDevice | undefined {
  const bare = name.replace(/^(?:ascend|昇腾|huawei|华为)\s*(?:npu\s*)?/, '');
  // A bare 910 after its vendor's word is the first Ascend 910, 32 GB of HBM, the 910A's row (s45 rhw3: "Ascend 910 (64GB HBM)"
  // had been left to the hardware grammar, which read 910 cards).
  if (bare === '910') return rows.find(({ row }) => row.name === 'Ascend 910A')?.row;
  return rows.find(({ whole }) => whole.test(bare))?.row;
}

/** Whether the text names a card the catalog has outside the match (within [from, to) where given). */
function catalogCardElsewhere(m: RegExpExecArray, from = 0, to = m.input.length): boolean {
  const end = m.index + m[0].length;
  for (const w of m.input.slice(0, to).matchAll(/(?<![\w.-])(?:[a-z]{1,4}[ -]?\d{1,4}[a-z]?|\d{4})(?![\w.])/g)) {
    if (w.index < from || (w.index >= m.index && w.index < end)) continue;
    if (gpuIdOf(w[0])) return true;
  }
  return false;
}

/**
 * Whether a catalog card stands in the device's own sentence: a comparison or a mixed machine ("8张A100(40G)和64张910A(32G)",
 * c250; "Compare training on 4-cards Gaudi2 and 4-cards A100-80G", c3201; "24GB 7900XTX and 8GB 2070 Super", c1371). A catalog
 * card only in other sentences is another run's or the same run's said again, which the owners' cues weigh (s46 rdev: "Qwen2-7B
 * runs out of memory on an Ascend 910B. The same thing also happens with Llama-3-8B on an A800" had read the A800).
 */
function catalogCardInSentence(m: RegExpExecArray): boolean {
  const text = maskAbbreviations(m.input);
  const end = m.index + m[0].trimEnd().length;
  let from = 0;
  for (const e of text.slice(0, m.index).matchAll(SENTENCE_END)) from = e.index + e[0].length;
  const stop = FIRST_END.exec(text.slice(end));
  return catalogCardElsewhere(m, from, stop ? end + stop.index : text.length);
}
/** A sentence's end in the normalised text, where a CJK full stop is already a dot: a dot before a space, a CJK letter or the end; "?", "!", a line. */
const SENTENCE_END = /\.(?=\s|$|[\u3000-\u9fff\uac00-\ud7af])|[!?\n。？！]/g;
const FIRST_END = new RegExp(SENTENCE_END.source);

/** How the reply says the device is not modelled. */
function notModelled(row: OtherDevice): string {
  if (row.vendor === 'huawei') return `Huawei Ascend NPUs are not modelled (CUDA GPUs only), nor the ${row.name}`;
  if (row.name.startsWith('Radeon RX')) return `AMD Radeon consumer cards are not in the catalog, nor the ${row.name}`;
  return `the ${row.name} is not in the catalog`;
}

function writeDevice(table: readonly OtherDevice[]) {
  // Compiled when a device is first met: most messages name none (cold start, issue 22).
  let rows: ReturnType<typeof anchored> | null = null;
  return (m: RegExpExecArray, notes: string[]): string => {
    const said = m[0].trim();
    if (gpuIdOf(m.groups!.name!.replace(/\s+/g, ''))) return m[0];
    const row = rowOf((rows ??= anchored(table)), m.groups!.name!);
    if (!row || row.notAfter?.test(m.input.slice(Math.max(0, m.index - 12), m.index))) return m[0];
    // A name before a full stop is read for the devices whose name looks like a size or a model ("on a 910B.", "an RX 7900
    // XTX."; s46 rdev); a CUDA card the catalog lacks stays as before, its memory left to what the message's CUDA log prints
    // ("Tesla P4. CUDA out of memory … 14.58 GiB total capacity": test/language/rhw6-card-against-oom-capacity.test.ts).
    if (row.vendor === 'nvidia' && m.input[m.index + m[0].length] === '.') return m[0];
    // An NVIDIA card the catalog lacks is a CUDA card like the one named beside it: a run of its own, which the
    // owners' cues weigh ("works on RTX 4070 but doesn't on GTX1650 4GB VRAM", a stranger's message: the GTX 1650 had
    // been set aside and the working 4070 read, silently). Another vendor's device beside a CUDA card in its own sentence
    // stays aside (a comparison, a mixed machine); beside one only in other sentences it is a run of its own too (s46 rdev).
    if (row.vendor !== 'nvidia' && catalogCardInSentence(m)) {
      notes.push(`"${said}": ${notModelled(row)}; set aside beside the card named`);
      return ' '.repeat(m[0].length);
    }
    const later = m.groups!.stated ? null : STATED_LATER.exec(m.input.slice(m.index + m[0].length, m.index + m[0].length + 80));
    const stated = m.groups!.stated ? Number(m.groups!.stated) : later ? Number(later[1] ?? later[2]) : null;
    // A bare "910" names no variant (32 or 64 GB): read only with the memory said ("华为910多卡失败", c3480, names none).
    if (stated === null && /^(?:ascend|昇腾|huawei|华为)\s*(?:npu\s*)?910$/.test(m.groups!.name!)) return m[0];
    // A memory a little under a size the part is sold in is that module's, the rest kept by the system (60 GB of the
    // 64 GB AGX Orin, c2539); one far from every size is the user's own figure.
    const module = stated !== null ? row.sizes?.find((size) => stated <= size && stated >= size * 0.9) : undefined;
    const memory = module ?? stated ?? row.memoryGB;
    const whose = module !== undefined && module !== stated ? `the module your ${stated} GB is (sold with ${row.sizes!.join(' or ')} GB; the system keeps the rest)` : stated !== null ? 'the memory you state' : row.usual ? `its most common memory (it ships in more than one size; say "on 1x NNgb" with yours)` : 'its published memory';
    const shared = row.unified ? ', memory it shares with the CPU' : '';
    notes.push(`"${said}": ${notModelled(row)}; read as a device of ${memory} GB, ${whose}${shared}, with a CUDA card's overheads`);
    // The count before the name ("8*910B", "2x 7900 XTX") or after it ("7900xtx x2", "910B*8").
    // Beside a catalog card, one device named alone is one card ("doesn't on GTX1650 4GB"): counted, so the owners
    // compare it with the other card as a machine, not as an amount of memory (reconcile/owners.ts disagree).
    // Nodes × cards before the name ("2x16 华为910B": two machines of sixteen, c2197, read as two NPUs).
    const { nodes } = m.groups!;
    // A count word before it as well ("triple Radeon PRO W7900", "dual Jetson AGX Orin"; c2451's "Dual RTX PRO 6000" for a
    // device the catalog lacks).
    const word = m.groups!.word ? String(COUNT_WORDS[m.groups!.word]) : undefined;
    const count = m.groups!.count ?? word ?? m.groups!.after ?? (catalogCardElsewhere(m) ? '1' : undefined);
    // Two machines offered, the first before "和"/"or": the first read, the other said ("2x16和3x16": 2 nodes of 16, or 3?).
    const { n0, c0 } = m.groups!;
    if (n0 && c0 && nodes && m.groups!.count) {
      notes.push(`"${said}": ${n0}x${c0} or ${nodes}x${count} — read as ${n0} nodes of ${c0}; say "on ${nodes} nodes of ${count} gpus" for the other`);
      return ` ${n0} nodes of ${c0}x ${memory}gb gpu `.padEnd(m[0].length);
    }
    if (nodes && m.groups!.count) return ` ${nodes} nodes of ${count}x ${memory}gb gpu `.padEnd(m[0].length);
    return (count ?? nodes ? ` ${count ?? nodes}x ${memory}gb gpu ` : ` ${memory}gb gpu `).padEnd(m[0].length);
  };
}

/** A cheap test for any of the table's names. */
const MAY_NAME = /910|atlas|310\s?p|\d\s?(?:xtx|xt|gre)\b|rx\s?\d{4}|radeon|w[67]\d00|mi\s?[156]0|arc\s?[ab]|max\s?1[15]|gaudi|jetson|orin|xavier|mx\s?[1-5]\d0|gtx\s?(?:1[0-6]|9[678]0)|rtx\s?[2-8]\d00|rtx\s?(?:50[67]0|3050)|(?<![\w.])a(?:770|750|580|380|310)|arc\s?\d|a[245]\d00|quadro|p6000|titan\s?[vx]|[km][468]0|tesla|a16|nvidia\s?a2|spark|gb10|gx10|steam\s?deck|ally|legion\s?go|mi\s?300a|r9700/;

const known = (usual: boolean) => OTHER_DEVICES.filter((row) => Boolean(row.usual) === usual);

/**
 * The hardware field of an issue form, its label opening the line: MindSpore's "/device ascend" and "Hardware Environment(`Ascend`/
 * `GPU`/`CPU`):", Paddle's and the Chinese forms' "硬件环境：", "加速卡：", "NPU:", "Device:", Korean "하드웨어 환경:" (s46 rdev).
 */
const HARDWARE_FIELD = /^[ \t]*(?:[-*>|][ \t]*)*(?:\*\*)?(?:\/device|(?:hardware|device|npu|accelerator|硬件|加速卡|设备|하드웨어)[^:：\n]{0,40}[:：])[ \t*]*$/;

/**
 * A bare "Ascend 910" in an issue form's hardware field is the user's device though it names no variant: read as the first
 * 910's 32 GB (the 910A's row), weak, said with the switch to a 910B's 64 GB. In prose a bare 910 stays unread ("华为910多卡
 * 失败", c3480): the field is what makes it the run's device.
 */
function writeFieldDevice(m: RegExpExecArray, notes: string[]): string {
  const line = m.input.slice(m.input.lastIndexOf('\n', m.index - 1) + 1, m.index);
  if (!HARDWARE_FIELD.test(line)) return m[0];
  if (STATED_LATER.test(m.input.slice(m.index + m[0].length, m.index + m[0].length + 80))) return m[0];
  notes.push(`"${m[0].trim()}": Huawei Ascend NPUs are not modelled (CUDA GPUs only); an Ascend 910 with no variant named is read as the first 910's 32 GB, with a CUDA card's overheads — say "on 1x 64gb" for a 910B`);
  return ' 32gb gpu '.padEnd(m[0].length);
}

export const OTHER_DEVICE_RULES: readonly ProseRule[] = [
  {
    // Weak: a bare "Ascend 910" in an issue form's hardware field, read as the first 910's memory.
    id: 'training.ascend-910-field',
    pattern: /(?<![\w.])(?:ascend|昇腾|huawei|华为)[ \t]*(?:npu[ \t]*)?910(?![\w]|\.\w)(?![ \t]*[(（]?[ \t]*\d)/g,
    when: (t) => t.includes('910'),
    write: writeFieldDevice,
    example: '- Hardware Environment(`Ascend`/`GPU`/`CPU`): Ascend 910',
    weak: true,
  },
  {
    // Weak: two machines of the device offered ("2x16和3x16 华为910B"), the first read and the other said.
    id: 'training.other-device-offered',
    // Every row: the offer is weak whichever memory the device's is ("华为910B" names no variant, a row sold in two sizes).
    pattern: pattern(OTHER_DEVICES, true),
    when: (t) => MAY_NAME.test(t) && /\d\s*[x×*]\s*\d/.test(t),
    write: writeDevice(OTHER_DEVICES),
    example: '我用2x16和3x16 华为910B的卡 grpo方式 训练qwen2.5-32B模型',
    source: 'modelscope/ms-swift#4748',
    weak: true,
  },
  {
    id: 'training.other-device',
    pattern: pattern(known(false)),
    when: (t) => MAY_NAME.test(t),
    write: writeDevice(known(false)),
    example: '### GPU\n\nAscend 910B2\n\nDeploy Qwen/Qwen3-8B using SGLang 0.5.6.post1',
    source: 'gpustack/gpustack#3831',
  },
  {
    // Weak: the part ships with more than one memory size and the row's is the most common one.
    id: 'training.other-device-usual',
    pattern: pattern(known(true)),
    when: (t) => MAY_NAME.test(t),
    write: writeDevice(known(true)),
    example: 'I have two graphic cards: Intel(R) UHD Graphics 620 as the integrated, and NVIDIA GeForce MX150 as the independent.',
    source: 'mlc-ai/mlc-llm#974',
    weak: true,
  },
];
