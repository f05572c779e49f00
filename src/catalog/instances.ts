import { NAME_GUARD, alternation } from '../language/spelling.js';

/**
 * Cloud machine types people name instead of a card, as count × catalog GPU.
 * Sources: AWS EC2 accelerated-computing instance types (P3, P4, P5, P6, G4dn, G5, G6, G6e),
 * Google Cloud GPU machine types (A2, A3, A4, G2), Azure GPU VM sizes (ND A100 v4, ND H100 v5,
 * ND H200 v5, ND MI300X v5, NC A100 v4, NC H100 v5, NCasT4_v3, NCv3). Only whole-GPU sizes: fractional
 * and vGPU sizes (Azure NVads A10) are left out.
 */
export interface Instance {
  /** The provider's name, lower-case ("p4d.24xlarge", "a3-highgpu-8g", "standard_nd96isr_h100_v5"). */
  name: string;
  /** Other spellings people use ("nd h100 v5"). */
  aliases: string[];
  gpuId: string;
  count: number;
  provider: 'aws' | 'gcp' | 'azure';
}

function sizes(provider: Instance['provider'], gpuId: string, table: Record<string, number>): Instance[] {
  return Object.entries(table).map(([name, count]) => ({ name, aliases: [], gpuId, count, provider }));
}

function one(provider: Instance['provider'], name: string, gpuId: string, count: number, aliases: string[] = []): Instance {
  return { name, aliases, gpuId, count, provider };
}

/** AWS sizes of one family: every listed size has the given GPU count. */
const AWS: Instance[] = [
  ...sizes('aws', 'v100-16g', { 'p3.2xlarge': 1, 'p3.8xlarge': 4, 'p3.16xlarge': 8 }),
  one('aws', 'p3dn.24xlarge', 'v100-32g', 8),
  one('aws', 'p4d.24xlarge', 'a100-40g', 8, ['p4d']),
  one('aws', 'p4de.24xlarge', 'a100-80g', 8, ['p4de']),
  one('aws', 'p5.48xlarge', 'h100-80g', 8, ['p5']),
  one('aws', 'p5e.48xlarge', 'h200', 8, ['p5e']),
  one('aws', 'p5en.48xlarge', 'h200', 8, ['p5en']),
  one('aws', 'p6-b200.48xlarge', 'b200', 8, ['p6-b200']),
  ...sizes('aws', 't4', { 'g4dn.xlarge': 1, 'g4dn.2xlarge': 1, 'g4dn.4xlarge': 1, 'g4dn.8xlarge': 1, 'g4dn.16xlarge': 1, 'g4dn.12xlarge': 4, 'g4dn.metal': 8 }),
  ...sizes('aws', 'a10g', { 'g5.xlarge': 1, 'g5.2xlarge': 1, 'g5.4xlarge': 1, 'g5.8xlarge': 1, 'g5.16xlarge': 1, 'g5.12xlarge': 4, 'g5.24xlarge': 4, 'g5.48xlarge': 8 }),
  ...sizes('aws', 'l4', { 'g6.xlarge': 1, 'g6.2xlarge': 1, 'g6.4xlarge': 1, 'g6.8xlarge': 1, 'g6.16xlarge': 1, 'g6.12xlarge': 4, 'g6.24xlarge': 4, 'g6.48xlarge': 8 }),
  ...sizes('aws', 'l40s', { 'g6e.xlarge': 1, 'g6e.2xlarge': 1, 'g6e.4xlarge': 1, 'g6e.8xlarge': 1, 'g6e.16xlarge': 1, 'g6e.12xlarge': 4, 'g6e.24xlarge': 4, 'g6e.48xlarge': 8 }),
];

const GCP: Instance[] = [
  ...sizes('gcp', 'a100-40g', { 'a2-highgpu-1g': 1, 'a2-highgpu-2g': 2, 'a2-highgpu-4g': 4, 'a2-highgpu-8g': 8, 'a2-megagpu-16g': 16 }),
  ...sizes('gcp', 'a100-80g', { 'a2-ultragpu-1g': 1, 'a2-ultragpu-2g': 2, 'a2-ultragpu-4g': 4, 'a2-ultragpu-8g': 8 }),
  ...sizes('gcp', 'h100-80g', { 'a3-highgpu-1g': 1, 'a3-highgpu-2g': 2, 'a3-highgpu-4g': 4, 'a3-highgpu-8g': 8, 'a3-megagpu-8g': 8, 'a3-edgegpu-8g': 8 }),
  one('gcp', 'a3-ultragpu-8g', 'h200', 8),
  one('gcp', 'a4-highgpu-8g', 'b200', 8),
  ...sizes('gcp', 'l4', { 'g2-standard-4': 1, 'g2-standard-8': 1, 'g2-standard-12': 1, 'g2-standard-16': 1, 'g2-standard-32': 1, 'g2-standard-24': 2, 'g2-standard-48': 4, 'g2-standard-96': 8 }),
];

const AZURE: Instance[] = [
  one('azure', 'standard_nd96asr_v4', 'a100-40g', 8, ['nd96asr_v4', 'nd a100 v4', 'nda100 v4']),
  one('azure', 'standard_nd96amsr_a100_v4', 'a100-80g', 8, ['nd96amsr_a100_v4', 'ndm a100 v4', 'ndma100 v4']),
  one('azure', 'standard_nd96isr_h100_v5', 'h100-80g', 8, ['nd96isr_h100_v5', 'nd h100 v5', 'ndh100 v5', 'ndh100v5']),
  one('azure', 'standard_nd96isr_h200_v5', 'h200', 8, ['nd96isr_h200_v5', 'nd h200 v5', 'ndh200 v5']),
  one('azure', 'standard_nd96isr_mi300x_v5', 'mi300x', 8, ['nd96isr_mi300x_v5', 'nd mi300x v5', 'ndmi300x v5']),
  one('azure', 'standard_nc24ads_a100_v4', 'a100-80g', 1, ['nc24ads_a100_v4']),
  one('azure', 'standard_nc48ads_a100_v4', 'a100-80g', 2, ['nc48ads_a100_v4']),
  one('azure', 'standard_nc96ads_a100_v4', 'a100-80g', 4, ['nc96ads_a100_v4']),
  one('azure', 'standard_nc40ads_h100_v5', 'h100-nvl', 1, ['nc40ads_h100_v5']),
  one('azure', 'standard_nc80adis_h100_v5', 'h100-nvl', 2, ['nc80adis_h100_v5']),
  // NCv3 (learn.microsoft.com/azure/virtual-machines/ncv3-series): V100 16GB; "NC24s_v3 cluster … 4 GPUs" (databrickslabs/dolly#35).
  ...sizes('azure', 'v100-16g', { standard_nc6s_v3: 1, standard_nc12s_v3: 2, standard_nc24s_v3: 4, standard_nc24rs_v3: 4 }),
  ...sizes('azure', 't4', { standard_nc4as_t4_v3: 1, standard_nc8as_t4_v3: 1, standard_nc16as_t4_v3: 1, standard_nc64as_t4_v3: 4 }),
];

export const INSTANCES: readonly Instance[] = [...AWS, ...GCP, ...AZURE];

/**
 * The key two spellings of one instance share: lower case, Azure's "Standard_" prefix dropped,
 * and spaces, `_`, `-` and `.` removed ("P4d.24xlarge" = "p4d 24xlarge" = "p4d24xlarge").
 */
export function instanceKey(text: string): string {
  return text.toLowerCase().trim().replace(/^standard[\s_-]*/, '').replace(/[\s_\-.×]+/g, '');
}

/** All spellings of an instance: its name, the name without "standard_", and its aliases. */
export function instanceSpellings(i: Instance): string[] {
  return [...new Set([i.name, i.name.replace(/^standard_/, ''), ...i.aliases])];
}

const index = new Map<string, Instance>();
for (const i of INSTANCES) for (const s of instanceSpellings(i)) index.set(instanceKey(s), i);

/**
 * Every spelling's key holds a digit ("p4d24xlarge", "nda100v4"): a word without one is no instance,
 * answered without making its key. The prose reader asks this of every word of every message (issue 22).
 */
const KEYS_HOLD_DIGITS = [...index.keys()].every((k) => /\d/.test(k));

/**
 * The first characters of the keys. A word of a message (no space or separator before its first
 * character) that starts with none of them, and not with Azure's "standard", starts no instance's
 * name, alone or joined with the words after it: the prose reader's guard (prose.instance-type) asks
 * this before it makes a key for the word and for the word with the next one or two.
 */
const KEY_STARTS = new Set([...index.keys()].map((k) => k[0]));

/** Whether `word` (its first character a letter or a digit) may begin an instance's name: false is certain. */
export function mayStartInstance(word: string): boolean {
  const lower = word.toLowerCase();
  return KEY_STARTS.has(lower[0]) || lower.startsWith('standard');
}

/** "p4d.24xlarge" → 8 × a100-40g; null when the text is not a known instance type. */
export function instanceByName(text: string): { gpuId: string; count: number } | null {
  if (KEYS_HOLD_DIGITS && !/\d/.test(text)) return null;
  const i = index.get(instanceKey(text));
  return i ? { gpuId: i.gpuId, count: i.count } : null;
}

/**
 * Regex source matching any instance spelling inside a request, with any separators between its
 * chunks and never as the prefix of a longer name (built like the lexicon's GPU_SOURCE), for the
 * reading to turn into a hardware item of count × card. Built on first use: most requests name no
 * instance, and a CLI answer should not pay for it.
 */
export function instanceSource(): string {
  instanceSourceMemo ??= alternation(
    INSTANCES.flatMap((i) => instanceSpellings(i).map((spelling) => ({ spelling, guard: NAME_GUARD }))),
  );
  return instanceSourceMemo;
}
let instanceSourceMemo: string | null = null;
