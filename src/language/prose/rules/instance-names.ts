import { gpuById } from '../../../catalog/index.js';
import { instanceByName } from '../../../catalog/instances.js';
import type { ProseRule } from '../types.js';

/**
 * Machines named instead of their cards, beyond the exact instance names `prose.instance-type` reads
 * (src/catalog/instances.ts): an AWS size shortened or misspelt ("g5.24x", "G5.48xl", "g5.48xlarg"),
 * NVIDIA's own systems ("DGX H100", "HGX H100 8-GPU"), Lambda's instance names
 * ("gpu_8x_a100_80gb_sxm4"), and an instance-looking name the table does not hold, which is named as
 * unknown rather than dropped or swapped for another card (issue 22).
 */

/** The AWS GPU families the table holds, longest first so "p4de" is not read as "p4d" + "e". */
const AWS_FAMILIES = 'p3dn|p3|p4de|p4d|p5en|p5e|p5|g4dn|g5|g6e|g6';

/** A size with "xlarge" shortened or misspelt: "24x", "48xl", "48xlarg", "12xlrg" (the exact name was read before). */
const SHORTENED = new RegExp(String.raw`(?<![\w.\-])(?:ml\.)?(${AWS_FAMILIES})\.(\d{0,2})x(?:l[a-z]{0,6})?(?![\w.])`, 'g');

/** What the reply says an instance holds: "g5.24xlarge = 4× A10G 24GB". */
const holds = (name: string, found: { gpuId: string; count: number }) => `${name} = ${found.count}× ${gpuById(found.gpuId).name}`;

/** NVIDIA's 8-GPU systems by their card; a DGX A100's card memory is said by the system's total ("640GB"). */
const NVIDIA_SYSTEM = /(?<![\w.\-])(?:nvidia\s+)?(dgx|hgx)[\s\-]*(a100|h100|h200|b200)(?:[\s\-]*(?:\(\s*)?([48])[\s\-]*gpus?(?:\s*\))?)?(?:[\s\-]*(320|640|40|80)\s*gb?\b)?(?![\w.])/g;

/**
 * An Azure series named without its size ("NCasT4_v3-series", "NCv3 series", "NC A100 v4-series"): the
 * series fixes the card (learn.microsoft.com/azure/virtual-machines/sizes-gpu) but its sizes hold 1 to 4 of them.
 */
const AZURE_SERIES = /(?<![\w.\-])(?:standard_)?(ncas_?t4_?v3|ncv3|nc[\s_]?a100[\s_]?v4)(?:[\s\-]*series)?(?![\w.])/g;
const SERIES_CARD: Record<string, string> = { ncast4v3: 't4', ncv3: 'v100-16g', nca100v4: 'a100-80g' };

/** An AWS family said without its size, before a machine word ("a g6e instance", "g5 machines"): its card, not its count. */
const AWS_FAMILY = /(?<![\w.\-])(g4dn|g5|g6e|g6|p3)(?=[\s\-]+(?:instances?|machines?|nodes?|vms?|servers?|boxe?s?|family|series)\b)/g;
const FAMILY_CARD: Record<string, string> = { g4dn: 't4', g5: 'a10g', g6: 'l4', g6e: 'l40s', p3: 'v100-16g' };

/** Lambda Cloud names its instances `gpu_8x_a100_80gb_sxm4`, `gpu_1x_h100_pcie`. */
const LAMBDA = /(?<![\w.\-])gpu_(\d{1,2})x_([a-z]+\d+[a-z]?)(?:_(\d{2,3})gb)?(?:_(sxm\d?|pcie))?(?![\w.])/g;

/**
 * An instance-looking name the table does not hold: an AWS type ("g4ad.xlarge", "p2.8xlarge",
 * "c5.2xlarge"), a Google machine type ("a2-highgpu-3g", "g2-standard-64"), an Azure size
 * ("Standard_NC6s_v3"). AWS's accelerators that are no GPU (inf, trn, dl) are read by
 * prose.non-gpu-accelerator before this.
 */
const UNKNOWN_INSTANCE =
  /(?<![\w.\-])(?:ml\.)?(?:(?!(?:inf|trn|dl)\d|t5\.)[a-z]{1,3}\d[a-z\d\-]{0,6}\.(?:\d{0,2}xl[a-z]{0,6}|metal)|a\d-(?:high|ultra|mega|edge)gpu-\d{1,2}g|g\d-standard-\d{1,3}|standard_n[cdv][a-z\d]*_[a-z\d_]*v\d)(?![\w.])/g;

export const INSTANCE_NAME_RULES: readonly ProseRule[] = [
  {
    // "I'm working on a g5.24x which is 4 x 24GB" (locuslab/wanda#68, c1271: read as 4× 24GB with no card),
    // "AWS G5.48xl machine with A10G GPU (24GB each)" (vllm-project/vllm#2856, c346). Weak: the name is
    // completed by the table, so the reply says which instance it took.
    id: 'prose.instance-type-shortened',
    pattern: SHORTENED,
    when: (t) => /[gp]\d[a-z]{0,2}\.\d{0,2}x/.test(t),
    write: (m, notes) => {
      const name = `${m[1]}.${m[2]}xlarge`;
      const found = instanceByName(name);
      if (!found) return m[0];
      notes.push(`"${m[0].trim()}" read as ${holds(name, found)} (the name completed; say the card and count if it is another machine)`);
      return `${found.count}x ${found.gpuId}`.padEnd(m[0].length);
    },
    weak: true,
    example: "I'm working on a g5.24x which is 4 x 24GB",
    source: 'locuslab/wanda#68',
  },
  {
    // "a DGX H100", "HGX H100 8-GPU", "DGX A100 640GB": eight cards (HGX also comes with four).
    id: 'prose.nvidia-system',
    pattern: NVIDIA_SYSTEM,
    when: (t) => /[dh]gx/.test(t),
    write: (m, notes) => {
      const count = m[3] ? Number(m[3]) : 8;
      const memory = m[4] ? Number(m[4]) : null;
      const perCard = memory === null ? null : memory > 80 ? memory / count : memory;
      const card = m[2] === 'a100' ? (perCard === 40 || perCard === 80 ? `a100-${perCard}g` : 'a100') : m[2]!;
      notes.push(`"${m[0].trim()}" read as ${count}× ${card.toUpperCase().replace(/-(\d+)G$/, ' $1GB')}`);
      return `${count}x ${card}`.padEnd(m[0].length);
    },
    example: 'Llama-3-70B full fine-tune on a DGX H100',
  },
  {
    // "If i go with NCasT4_v3-series … can I be able to run the 2.8b param model. Is GPU memory 16GiB works"
    // (databrickslabs/dolly#172, c1503: read as one 16 GB card with no name). Weak: the series names the card,
    // not how many; the count is the one said beside it, or one.
    id: 'prose.instance-series',
    pattern: AZURE_SERIES,
    when: (t) => /nc(?:as)?[\s_]?(?:t4|v3|a100)/.test(t),
    write: (m, notes) => {
      const card = SERIES_CARD[m[1]!.replace(/[\s_]/g, '')]!;
      notes.push(`"${m[0].trim()}" read as ${gpuById(card).name}: the series names the card, not how many (its sizes hold 1 to 4)`);
      return card.padEnd(m[0].length);
    },
    weak: true,
    example: 'If i go with NCasT4_v3-series of bigger GPU, vCPU and memory, can I be able to run the 2.8b param model.',
    source: 'databrickslabs/dolly#172',
  },
  {
    // "running llama 13b on a g6e instance" (invented; the family of c1163's g4dn.xlarge said without its size):
    // the family's card (AWS's accelerated-computing instance pages), and the count said beside it, or one. Weak.
    id: 'prose.instance-family',
    pattern: AWS_FAMILY,
    when: (t) => /(?:g4dn|g5|g6e?|p3)[\s\-]/.test(t),
    write: (m, notes) => {
      const card = FAMILY_CARD[m[1]!]!;
      notes.push(`"${m[0].trim()}" read as ${gpuById(card).name}: the family names the card, not how many (give the size, e.g. ${m[1]}.12xlarge)`);
      return card.padEnd(m[0].length);
    },
    weak: true,
    example: 'running llama 13b on a g6e instance, OOM',
  },
  {
    // Lambda's instance names: "gpu_8x_a100_80gb_sxm4" is eight A100 80GB.
    id: 'prose.lambda-instance',
    pattern: LAMBDA,
    when: (t) => t.includes('gpu_'),
    write: (m) => `${m[1]}x ${m[2]}${m[3] ? ` ${m[3]}gb` : ''}${m[4] === 'pcie' ? ' pcie' : ''}`.padEnd(m[0].length),
    example: 'serve llama-3-70b on gpu_8x_a100_80gb_sxm4',
  },
  {
    // "on a g4ad.xlarge", "a2-highgpu-3g", "Standard_NC6s_v3": a machine the table does not know. Its GPUs
    // are not guessed (never another card swapped in): the reply names it and asks for the card.
    id: 'prose.instance-unknown',
    pattern: UNKNOWN_INSTANCE,
    when: (t) => /[a-z\d]\.\d{0,2}xl|\.metal|gpu-\d|standard[-_]/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}": an instance type I don't know the GPUs of; say its card and count (e.g. "on 4x A10G")`);
      return ' '.repeat(m[0].length);
    },
    example: 'fine-tune llama-2-7b on a g4ad.xlarge',
  },
];
