import type { ProseRule } from '../types.js';

/**
 * The host machine and the card told apart where one memory is both or a host's figure looks like a
 * card's: a chip's GPU cores, unified memory (Apple silicon, AMD's Strix Halo APUs), the share of it an
 * APU's firmware gives the GPU, and Ollama's refusal for want of host RAM. (The amdgpu driver's boot line,
 * "98304M of VRAM memory ready", is read by prose.megabytes-of-vram in model-spellings.ts, which runs first.)
 */

const blank = (m: RegExpExecArray) => ' '.repeat(m[0].length);

const UNIFIED = 'unified memory';
function sayUnified(notes: string[], written: string): void {
  if (notes.some((n) => n.includes(UNIFIED))) return;
  notes.push(`"${written.trim()}": ${UNIFIED}, shared by the CPU and the GPU, is read as the GPU's memory; the system keeps part of it for itself, so the real headroom is smaller`);
}

/** The GPU's side of an APU's memory, as firmware settings and users name it. */
const GPU_SIDE = String.raw`(?:(?:i?gpu|graphics|video)[ \t]+memory|vram|i?gpu|uma(?:[ \t]+frame[ \t]+buffer)?|graphics)`;

const gib = (size: string) => `${Math.round(Number(size))}gb`;

export const HOST_AND_CARD_RULES: readonly ProseRule[] = [
  {
    // A chip's GPU cores are no count of GPUs: "Apple M3 Ultra, 28 cores (20P + 8E), 60 GPU cores, 96 GB
    // unified memory" (ml-explore/mlx-lm, c1634: read as 60 GPUs), "M1 Max Macbook Pro with 24 GPU Cores"
    // (codykrieger/gfxCardStatus#374), "30gpu cores" (devMEremenko/XcodeBenchmark#404), "32 Core GPU"
    // (#269), "30C GPU" (#563), "40 核图形处理器" / "40核GPU" (antgroup/echomimic#197).
    id: 'prose.gpu-cores',
    pattern: /(?<![\w.])\d{1,3}[ \t-]*(?:(?:gpu|graphics)[ \t-]*cores?\b|(?:core|c)[ \t-]+(?:gpu|graphics)\b|核[ \t]*(?:gpu|图形处理器))/g,
    when: (t) => /core|c gpu|核/.test(t),
    write: blank,
    example: 'Mac Studio (Mac15,14) — Apple M3 Ultra, 28 cores (20P + 8E), 60 GPU cores, 96 GB unified memory',
    source: 'codykrieger/gfxCardStatus#374',
  },
  {
    // Unified memory is what the GPU can address: "Unified memory: 32 GB" (ollama/ollama, c1649: read as the
    // 8 GiB cache budget's card), "Unified Memory (RAM): 32 GB" (danveloper/flash-moe#2), "96 GB unified
    // memory" (c1634), "32 GB of unified memory", "128GB 统一内存" (antgroup/echomimic_v2#29). Read as the
    // card's memory, said as an assumption (the system keeps part of it). A "RAM:" label before it is the same
    // memory, not a host's ("- **RAM**: 128GB unified memory (~110GB available VRAM)", c2208: read as host RAM).
    id: 'prose.unified-memory',
    pattern:
      /\bunified[ \t]+(?:memory|ram)(?:[ \t]*\((?:ram|vram)\))?[ \t]*(?:[:=：-]|is|of)?[ \t]*(\d{1,3}(?:\.\d+)?)[ \t]*(?:gb|g|gib)(?![\w.])|(?:\b(?:system[ \t]+)?(?:ram|memory)[ \t]*[:=：-][ \t]*)?(?<![\w.])(\d{1,3}(?:\.\d+)?)[ \t]*(?:gb|g|gib)[ \t]+(?:of[ \t]+)?unified[ \t]+(?:memory|ram)\b|(?<![\w.])(\d{1,3})[ \t]*(?:gb|g|gib)?[ \t]*(?:的[ \t]*)?统一内存/g,
    when: (t) => t.includes('unified') || t.includes('统一内存'),
    write: (m, notes) => {
      sayUnified(notes, m[0]);
      return ` ${gib(m[1] ?? m[2] ?? m[3]!)} `.padEnd(m[0].length);
    },
    example: '- Hardware: Mac Studio, Apple M1 Max\n- Unified memory: 32 GB\n- OS: macOS',
    source: 'danveloper/flash-moe#2',
  },
  {
    // An APU's firmware gives the GPU a share of the machine's memory: "I used the included AMD configuration
    // tool to set the GPU memory to 96GB out of the 128GB available" (ollama/ollama, c1641: Ryzen AI Max+ 395),
    // "I set it VRAM to 96GB" (ollama/ollama#13107). The amount first too: "when I allocate 96GB to VRAM on BIOS"
    // (ollama/ollama, c2179: read as the 128GB the platform has), "96GB assigned as VRAM", "VRAM set to 96GB in
    // BIOS", "BIOS里分了96G给显存", "显存分配为96G" (s30's variations). The share is the card; the rest, when said, the host's.
    id: 'prose.gpu-share-of-memory',
    pattern: new RegExp(
      [
        String.raw`\b(?:set|assign|allocat|dedicat|reserv|configur|gave|give)\w*[ \t]+(?:(?:the|its|my|it|her|this)[ \t]+)?${GPU_SIDE}[ \t]+(?:to|at|as)[ \t]+(\d{1,3})[ \t]*(?:gb|g|gib)(?:[ \t]+(?:out[ \t]+)?of[ \t]+(?:the[ \t]+)?(\d{2,3})[ \t]*(?:gb|g|gib))?(?![\w.])`,
        String.raw`\b(?:set|assign|allocat|dedicat|reserv|carv|gave|give|put)\w*(?:[ \t]+out)?[ \t]+(\d{1,3})[ \t]*(?:gb|g|gib)[ \t]+(?:(?:of[ \t]+(?:it|that|them|the[ \t]+\w+)|in[ \t]+(?:the[ \t]+)?bios)[ \t]+)?(?:to|as|for)[ \t]+(?:the[ \t]+)?${GPU_SIDE}\b`,
        String.raw`(?<![\w.])(\d{1,3})[ \t]*(?:gb|g|gib)[ \t]+(?:is[ \t]+|are[ \t]+)?(?:assigned|allocated|dedicated|reserved|carved[ \t]+out|set)[ \t]+(?:to|as|for)[ \t]+(?:the[ \t]+)?${GPU_SIDE}\b`,
        String.raw`\b${GPU_SIDE}[ \t]+(?:size[ \t]+)?(?:is[ \t]+)?(?:set|allocated|configured|assigned|fixed)[ \t]+(?:to|at|as)[ \t]+(\d{1,3})[ \t]*(?:gb|g|gib)(?![\w.])`,
        String.raw`(?:分|分配|划|设置?)了?[ \t]*(\d{1,3})[ \t]*(?:gb|g)[ \t]*(?:给|作为|当|为)[ \t]*(?:gpu[ \t]*)?显存|显存[ \t]*(?:分配|设置|设|划)了?[ \t]*(?:为|成|到)?[ \t]*(\d{1,3})[ \t]*(?:gb|g)(?![\w.])`,
      ].join('|'),
      'g',
    ),
    when: (t) => /vram|gpu memory|igpu|uma|显存/.test(t),
    write: (m, notes) => {
      sayUnified(notes, m[0]);
      const share = Number(m[1] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? m[7]);
      const rest = m[2] !== undefined && Number(m[2]) > share ? ` hostram ${Number(m[2]) - share}gb` : '';
      return ` ${share}gb vram${rest} `.padEnd(m[0].length);
    },
    example: 'I used the included AMD configuration tool to set the GPU memory to 96GB out of the 128GB available.',
    source: 'ollama/ollama#13107',
  },
  {
    // Ollama refuses a model for want of host RAM: "model requires more system memory (31.9 GiB) than is
    // available (31.4 GiB)" (ollama/ollama, c1681: read as a 31.9 GiB card; ollama/ollama#10920,
    // continuedev/continue#11715, stackblitz-labs/bolt.diy#249). Both figures are the machine's RAM, never a
    // card's: what it has free is read as its host RAM, said as that.
    id: 'prose.ollama-system-memory',
    pattern: /\bmodel requires more system memory \((\d+(?:\.\d+)?) ?gib\) than is available \((\d+(?:\.\d+)?) ?gib\)/g,
    when: (t) => t.includes('system memory'),
    write: (m, notes) => {
      notes.push(`"${m[0]}": Ollama's check of the host RAM it found free; read as the host RAM, no card`);
      return ` hostram ${gib(m[2]!)} `.padEnd(m[0].length);
    },
    example: 'Error: 500 Internal Server Error: model requires more system memory (31.9 GiB) than is available (31.4 GiB)',
    source: 'ollama/ollama#10920',
  },
];
