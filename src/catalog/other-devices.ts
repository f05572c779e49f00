/**
 * Devices the GPU catalog does not model (issue 22: "read as what it is with its stated memory, or
 * named as unknown — never swapped for another card"): Huawei Ascend NPUs, AMD Radeon and older
 * Instinct cards, Intel Arc, Data Center Max and Gaudi, NVIDIA Jetson modules, GeForce MX laptop parts
 * and workstation cards the catalog lacks. Each row gives the memory the vendor publishes for one device
 * (what `torch.cuda`/`torch_npu` shows as one device), so a message that names the device and not its
 * memory is read as that many devices of that memory, with a CUDA card's overheads, said.
 *
 * `usual`: the part ships with more than one memory size (a laptop part, a module sold in two sizes) and
 * the row holds the most common; a reading from it is weak and says so. A memory the user states always
 * wins over the row's.
 *
 * The patterns are written on normalised (lower-case) text, with no look-behind of their own; the prose
 * rule (src/language/prose/rules/other-devices.ts) puts the word boundaries around them. A row never
 * names a card the catalog has (the rule checks `gpuIdOf` first).
 */
export interface OtherDevice {
  /** How the reply names it. */
  name: string;
  /** A regex source, on lower-case text, for the device's name without vendor words. */
  pattern: string;
  /** Memory of one device, GB as the vendor writes it. */
  memoryGB: number;
  vendor: 'huawei' | 'amd' | 'intel' | 'nvidia';
  /** The memory is shared with the host (a Jetson module's LPDDR): the whole of it is not the GPU's. */
  unified?: true;
  /** Sold in more than one memory size: the row's is the most common, a guess said as weak. */
  usual?: true;
  /**
   * Every memory the part is sold with, where it is sold in several: a memory the user states a little under one of them
   * is that module, the rest kept by the system ("Jetson AGX Orin platform with 60Go of VRAM" is the 64 GB module,
   * unslothai/unsloth#2590, corpus c2539).
   */
  sizes?: readonly number[];
  /** A word before the name that makes it something else ("apache" before "spark"). */
  notAfter?: RegExp;
  /** The vendor's specification page the memory is taken from. */
  spec: string;
}

const ASCEND = 'https://www.hiascend.com/hardware/product';
const ATLAS_A3 = 'https://www.hiascend.com/document/detail/en/mindcluster/730/clustersched/schedulingug/dl_affinity_0040.html';
const AMD_SPECS = 'https://www.amd.com/en/products/specifications/graphics.html';
const AMD_INSTINCT = 'https://www.amd.com/en/products/specifications/accelerators.html';
const INTEL_ARC = 'https://www.intel.com/content/www/us/en/products/details/discrete-gpus/arc.html';
const INTEL_MAX = 'https://www.intel.com/content/www/us/en/products/details/discrete-gpus/data-center-gpu/max-series.html';
const GAUDI = 'https://www.intel.com/content/www/us/en/products/details/processors/ai-accelerators/gaudi.html';
const JETSON = 'https://developer.nvidia.com/embedded/jetson-modules';
const DGX_SPARK = 'https://www.nvidia.com/en-us/products/workstations/dgx-spark/';
const GEFORCE_MX = 'https://www.nvidia.com/en-us/geforce/gaming-laptops/mx-series/';
const NVIDIA_WORKSTATION = 'https://www.nvidia.com/en-us/design-visualization/desktop-graphics/';
const NVIDIA_DATA_CENTER = 'https://www.nvidia.com/en-us/data-center/products/';
const GEFORCE = 'https://www.nvidia.com/en-us/geforce/graphics-cards/compare/';
const STEAM_DECK = 'https://www.steamdeck.com/en/tech';
const ROG_ALLY = 'https://rog.asus.com/gaming-handhelds/rog-ally/';
const LEGION_GO = 'https://www.lenovo.com/us/en/p/handheld/legion-go/';

/** Radeon RX: the four-digit number and its suffix, e.g. "7900 xtx", "rx 6800". */
const rx = (n: string, suffix = '') => (suffix ? String.raw`(?:rx\s?)?${n}\s?${suffix}` : String.raw`rx\s?${n}(?!\s?(?:xtx|xt|gre))`);

/** Intel Arc A-series: "Arc A770", "A770", "arc770" (the A of its name dropped after Arc). */
const arcA = (n: string) => String.raw`(?:arc\s?a?|a)${n}`;

export const OTHER_DEVICES: readonly OtherDevice[] = [
  // Huawei Ascend (the count before them is the engine's: "8*910B", "8卡910B", "双卡910B").
  { name: 'Ascend 910B4', pattern: String.raw`910\s?b4`, memoryGB: 32, vendor: 'huawei', spec: ASCEND },
  { name: 'Ascend 910B', pattern: String.raw`910\s?b[1-3]`, memoryGB: 64, vendor: 'huawei', spec: ASCEND },
  // A bare "910B" names no variant: the B1–B3 hold 64 GB, the B4 32 GB ("910b 280t 8机64卡", the 280-TFLOPS B4,
  // hiyouga/LlamaFactory#4572, c1376; "8张910B … 32b显存", vllm-project/vllm-ascend#2267, c1331: both read as
  // 64 GB in silence). The common 64 GB is read, said as a guess (rule training.other-device-usual).
  { name: 'Ascend 910B', pattern: String.raw`910\s?b(?![1-4])`, memoryGB: 64, sizes: [32, 64], vendor: 'huawei', usual: true, spec: ASCEND },
  // 910C: two dies in one package, each one device of 64 GB (Atlas A3, "NPU 0; 61.27 GiB total capacity", Ascend/sglang#617).
  { name: 'Ascend 910C', pattern: String.raw`910\s?c`, memoryGB: 64, vendor: 'huawei', spec: ATLAS_A3 },
  { name: 'Ascend 910A', pattern: String.raw`910\s?a(?![a-z\d])`, memoryGB: 32, vendor: 'huawei', spec: ASCEND },
  // An Atlas A2 server or card named alone ("NPU: Atlas 800T A2", the MindSpore issue form's hardware field; s46 rdev) names its
  // NPUs: the 800T A2 and 800I A2 hold eight Ascend 910B of 64 GB, read as one of them (the count is the run's to say). An NPU
  // named right after it ("Atlas 800I A2 服务器（910B4，32G）") is read by its own row.
  { name: "Atlas A2 server's Ascend 910B (one of its NPUs)", pattern: String.raw`atlas\s?(?:800[ti]|900)\s?a2(?![^\n]{0,16}?910)`, memoryGB: 64, vendor: 'huawei', spec: ASCEND },
  { name: 'Ascend 310P', pattern: String.raw`310\s?p\d?`, memoryGB: 24, vendor: 'huawei', usual: true, spec: ASCEND },
  // AMD Radeon RX and Radeon Pro.
  { name: 'Radeon RX 7900 XTX', pattern: rx('7900', 'xtx'), memoryGB: 24, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 7900 XT', pattern: rx('7900', 'xt'), memoryGB: 20, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 7900 GRE', pattern: rx('7900', 'gre'), memoryGB: 16, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 7800 XT', pattern: rx('7800', 'xt'), memoryGB: 16, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 7700 XT', pattern: rx('7700', 'xt'), memoryGB: 12, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 7600 XT', pattern: rx('7600', 'xt'), memoryGB: 16, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 7600', pattern: rx('7600'), memoryGB: 8, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 6950 XT', pattern: rx('6950', 'xt'), memoryGB: 16, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 6900 XT', pattern: rx('6900', 'xt'), memoryGB: 16, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 6800 XT', pattern: rx('6800', 'xt'), memoryGB: 16, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 6800', pattern: rx('6800'), memoryGB: 16, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 6750 XT', pattern: rx('6750', 'xt'), memoryGB: 12, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 6700 XT', pattern: rx('6700', 'xt'), memoryGB: 12, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 6700', pattern: rx('6700'), memoryGB: 10, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 6650 XT', pattern: rx('6650', 'xt'), memoryGB: 8, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 6600 XT', pattern: rx('6600', 'xt'), memoryGB: 8, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 6600', pattern: rx('6600'), memoryGB: 8, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 6500 XT', pattern: rx('6500', 'xt'), memoryGB: 4, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 5700 XT', pattern: rx('5700', 'xt'), memoryGB: 8, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 5700', pattern: rx('5700'), memoryGB: 8, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 5600 XT', pattern: rx('5600', 'xt'), memoryGB: 6, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 5500 XT', pattern: rx('5500', 'xt'), memoryGB: 8, vendor: 'amd', usual: true, spec: AMD_SPECS },
  { name: 'Radeon RX 9070 XT', pattern: rx('9070', 'xt'), memoryGB: 16, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 9070', pattern: rx('9070'), memoryGB: 16, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon RX 9060 XT', pattern: rx('9060', 'xt'), memoryGB: 16, vendor: 'amd', usual: true, spec: AMD_SPECS },
  { name: 'Radeon Pro W7900', pattern: String.raw`(?:pro\s?)?w7900`, memoryGB: 48, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon Pro W7800', pattern: String.raw`(?:pro\s?)?w7800`, memoryGB: 32, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon Pro W7700', pattern: String.raw`(?:pro\s?)?w7700`, memoryGB: 16, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon Pro W7600', pattern: String.raw`(?:pro\s?)?w7600`, memoryGB: 8, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon Pro W6800', pattern: String.raw`(?:pro\s?)?w6800`, memoryGB: 32, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon Pro W6600', pattern: String.raw`(?:pro\s?)?w6600`, memoryGB: 8, vendor: 'amd', spec: AMD_SPECS },
  { name: 'Radeon VII', pattern: String.raw`radeon\s(?:pro\s)?vii`, memoryGB: 16, vendor: 'amd', spec: AMD_SPECS },
  // AMD's Radeon AI PRO R9700 (32 GB): "vllm serve … -tp 2" on two of them (vllm-project/vllm, corpus c2354's thread).
  { name: 'Radeon AI PRO R9700', pattern: String.raw`(?:ai\s?pro\s?)?r9700`, memoryGB: 32, vendor: 'amd', spec: AMD_SPECS },
  // Handheld PCs on AMD APUs: the memory is the machine's, shared by CPU and GPU (rhw11, s32: "Koboldccp 1.64, Hardware:
  // Steamdeck", LostRuins/koboldcpp#817, corpus c2364, had been read with no device at all).
  { name: 'Steam Deck', pattern: String.raw`steam\s?deck(?:\s?(?:oled|lcd))?`, memoryGB: 16, vendor: 'amd', unified: true, spec: STEAM_DECK },
  { name: 'ROG Ally X', pattern: String.raw`(?:asus\s?)?(?:rog\s?)?ally\s?x(?![a-z\d])`, memoryGB: 24, vendor: 'amd', unified: true, spec: ROG_ALLY },
  { name: 'ROG Ally', pattern: String.raw`(?:asus\s?)?rog\s?ally(?!\s?x(?![a-z\d]))`, memoryGB: 16, vendor: 'amd', unified: true, spec: ROG_ALLY },
  { name: 'Legion Go', pattern: String.raw`(?:lenovo\s?)?legion\s?go(?![a-z])`, memoryGB: 16, vendor: 'amd', unified: true, usual: true, spec: LEGION_GO },
  // AMD Instinct MI300A: an APU, 128 GB of HBM3 shared by its CPU and GPU dies (the MI300X is the catalog's 192 GB card).
  { name: 'Instinct MI300A', pattern: String.raw`mi\s?300a`, memoryGB: 128, vendor: 'amd', unified: true, spec: AMD_INSTINCT },
  // AMD Instinct before the MI210 (which the catalog has).
  { name: 'Instinct MI100', pattern: String.raw`mi\s?100`, memoryGB: 32, vendor: 'amd', spec: AMD_INSTINCT },
  { name: 'Instinct MI60', pattern: String.raw`mi\s?60`, memoryGB: 32, vendor: 'amd', spec: AMD_INSTINCT },
  { name: 'Instinct MI50', pattern: String.raw`mi\s?50`, memoryGB: 16, vendor: 'amd', usual: true, spec: AMD_INSTINCT },
  // Intel.
  // The A-series by its number alone too: "GPU:A770 16G" (c439), "Xeon+ARC770" (c1171); no other card is an A770.
  { name: 'Arc A770', pattern: arcA('770'), memoryGB: 16, vendor: 'intel', usual: true, spec: INTEL_ARC },
  { name: 'Arc A750', pattern: arcA('750'), memoryGB: 8, vendor: 'intel', spec: INTEL_ARC },
  { name: 'Arc A580', pattern: arcA('580'), memoryGB: 8, vendor: 'intel', spec: INTEL_ARC },
  { name: 'Arc A380', pattern: arcA('380'), memoryGB: 6, vendor: 'intel', spec: INTEL_ARC },
  { name: 'Arc A310', pattern: arcA('310'), memoryGB: 4, vendor: 'intel', spec: INTEL_ARC },
  { name: 'Arc B580', pattern: String.raw`arc\s?b580`, memoryGB: 12, vendor: 'intel', spec: INTEL_ARC },
  { name: 'Arc B570', pattern: String.raw`arc\s?b570`, memoryGB: 10, vendor: 'intel', spec: INTEL_ARC },
  { name: 'Arc Pro B60', pattern: String.raw`arc\s?pro\s?b60`, memoryGB: 24, vendor: 'intel', spec: INTEL_ARC },
  { name: 'Data Center GPU Max 1550', pattern: String.raw`(?:data\s?center\s?)?(?:gpu\s?)?max\s?1550`, memoryGB: 128, vendor: 'intel', spec: INTEL_MAX },
  { name: 'Data Center GPU Max 1100', pattern: String.raw`(?:data\s?center\s?)?(?:gpu\s?)?max\s?1100`, memoryGB: 48, vendor: 'intel', spec: INTEL_MAX },
  { name: 'Gaudi 3', pattern: String.raw`gaudi[\s-]?3`, memoryGB: 128, vendor: 'intel', spec: GAUDI },
  { name: 'Gaudi 2', pattern: String.raw`gaudi[\s-]?2`, memoryGB: 96, vendor: 'intel', spec: GAUDI },
  { name: 'Gaudi', pattern: String.raw`gaudi(?:[\s-]?1)?(?![\s-]?\d)`, memoryGB: 32, vendor: 'intel', spec: GAUDI },
  // NVIDIA Jetson (memory shared with the CPU).
  { name: 'Jetson AGX Orin', pattern: String.raw`(?:jetson\s?)?agx\s?orin`, memoryGB: 64, sizes: [32, 64], vendor: 'nvidia', unified: true, usual: true, spec: JETSON },
  { name: 'Jetson Orin NX', pattern: String.raw`(?:jetson\s?)?orin\s?nx`, memoryGB: 16, sizes: [8, 16], vendor: 'nvidia', unified: true, usual: true, spec: JETSON },
  { name: 'Jetson Orin Nano', pattern: String.raw`(?:jetson\s?)?(?:orin\s?nano|nano\s?orin)`, memoryGB: 8, sizes: [4, 8], vendor: 'nvidia', unified: true, usual: true, spec: JETSON },
  { name: 'Jetson AGX Xavier', pattern: String.raw`(?:jetson\s?)?agx\s?xavier`, memoryGB: 32, sizes: [32, 64], vendor: 'nvidia', unified: true, usual: true, spec: JETSON },
  { name: 'Jetson Xavier NX', pattern: String.raw`(?:jetson\s?)?xavier\s?nx`, memoryGB: 8, sizes: [8, 16], vendor: 'nvidia', unified: true, usual: true, spec: JETSON },
  { name: 'Jetson Nano', pattern: String.raw`jetson\s?nano(?!\s?orin)`, memoryGB: 4, vendor: 'nvidia', unified: true, spec: JETSON },
  { name: 'Jetson Orin', pattern: String.raw`jetson\s?orin`, memoryGB: 64, sizes: [32, 64], vendor: 'nvidia', unified: true, usual: true, spec: JETSON },
  // NVIDIA DGX Spark (GB10 superchip, 128 GB LPDDR5x shared by the Grace CPU and the Blackwell GPU), and the
  // partners' boxes on the same chip (ASUS Ascent GX10; "two Asus Ascent GX10s" in the plural, s31). "2 sparks vllm loading issue" (c2233), "a single DGX
  // Spark" (c2112), "ASUS Ascent GX10 (GB10 superchip)" (c2113). A bare "spark" is the box ("2 sparks", "on spark"),
  // never Apache Spark's: its own words after it ("spark-submit", "spark sql"), "pyspark" (a letter before), "Apache
  // Spark" (the prose rule's notAfter).
  { name: 'DGX Spark', pattern: String.raw`(?:nvidia\s?)?dgx[\s-]?sparks?|gb10|(?:asus\s?)?ascent\s?gx10s?|gx10s?|sparks?(?![\s-]?(?:sql|submit|streaming|session|context|jobs?|executors?|dataframes?|udf|ml|shell|connect|config|conf|driver|\d))`, memoryGB: 128, vendor: 'nvidia', unified: true, notAfter: /apache[\s-]*$/, spec: DGX_SPARK },
  // GeForce MX laptop parts (2 GB in most laptops; a few ship 4 GB).
  { name: 'GeForce MX', pattern: String.raw`mx\s?[1-5][1-7]0`, memoryGB: 2, vendor: 'nvidia', usual: true, spec: GEFORCE_MX },
  // GeForce desktop cards the catalog lacks.
  { name: 'GeForce GTX 1650', pattern: String.raw`gtx\s?1650(?:\s?super)?`, memoryGB: 4, vendor: 'nvidia', spec: GEFORCE },
  { name: 'GeForce GTX 1660', pattern: String.raw`gtx\s?1660(?:\s?(?:ti|super))?`, memoryGB: 6, vendor: 'nvidia', spec: GEFORCE },
  { name: 'GeForce GTX 1070', pattern: String.raw`gtx\s?1070(?:\s?ti)?`, memoryGB: 8, vendor: 'nvidia', spec: GEFORCE },
  { name: 'GeForce GTX 1080', pattern: String.raw`gtx\s?1080(?!\s?ti)`, memoryGB: 8, vendor: 'nvidia', spec: GEFORCE },
  { name: 'GeForce GTX 1050 Ti', pattern: String.raw`gtx\s?1050\s?ti`, memoryGB: 4, vendor: 'nvidia', spec: GEFORCE },
  // Maxwell and the plain 1050: "Device 0: NVIDIA GeForce GTX 970" (c1006, llama.cpp's device list), "GTX 960 2GB".
  { name: 'GeForce GTX 1050', pattern: String.raw`gtx\s?1050(?!\s?ti)`, memoryGB: 2, vendor: 'nvidia', usual: true, spec: GEFORCE },
  { name: 'GeForce GTX 980 Ti', pattern: String.raw`gtx\s?980\s?ti`, memoryGB: 6, vendor: 'nvidia', spec: GEFORCE },
  { name: 'GeForce GTX 980', pattern: String.raw`gtx\s?980(?!\s?ti)`, memoryGB: 4, vendor: 'nvidia', spec: GEFORCE },
  { name: 'GeForce GTX 970', pattern: String.raw`gtx\s?970`, memoryGB: 4, vendor: 'nvidia', spec: GEFORCE },
  { name: 'GeForce GTX 960', pattern: String.raw`gtx\s?960`, memoryGB: 2, vendor: 'nvidia', usual: true, spec: GEFORCE },
  // The RTX 3050 Laptop GPU (and its Ti) ship with 4 GB (a few 6 GB), half the desktop card's 8: "Device 0: NVIDIA
  // GeForce RTX 3050 Laptop GPU" (c1146). The desktop row above leaves the laptop words to this one.
  { name: 'GeForce RTX 3050 Laptop GPU', pattern: String.raw`rtx\s?3050(?:\s?ti)?\s?(?:laptop|mobile)(?:\s?gpu)?`, memoryGB: 4, vendor: 'nvidia', usual: true, spec: GEFORCE },
  { name: 'GeForce RTX 3050', pattern: String.raw`rtx\s?3050(?!\s?(?:ti|laptop|mobile|max))`, memoryGB: 8, vendor: 'nvidia', spec: GEFORCE },
  { name: 'GeForce RTX 5060 Ti', pattern: String.raw`rtx\s?5060\s?ti(?!\s?(?:laptop|mobile))`, memoryGB: 16, vendor: 'nvidia', usual: true, spec: GEFORCE },
  { name: 'GeForce RTX 5060', pattern: String.raw`rtx\s?5060(?!\s?(?:ti|laptop|mobile))`, memoryGB: 8, vendor: 'nvidia', spec: GEFORCE },
  { name: 'GeForce RTX 5070', pattern: String.raw`rtx\s?5070(?!\s?(?:ti|laptop|mobile))`, memoryGB: 12, vendor: 'nvidia', spec: GEFORCE },
  // NVIDIA workstation and data-center cards the catalog lacks.
  { name: 'RTX 5000 Ada', pattern: String.raw`rtx\s?5000\s?ada(?:\s+generation)?`, memoryGB: 32, vendor: 'nvidia', spec: NVIDIA_WORKSTATION },
  { name: 'RTX 4500 Ada', pattern: String.raw`rtx\s?4500\s?ada(?:\s+generation)?`, memoryGB: 24, vendor: 'nvidia', spec: NVIDIA_WORKSTATION },
  { name: 'RTX 4000 Ada', pattern: String.raw`rtx\s?4000\s?(?:sff\s?)?ada(?:\s+generation)?`, memoryGB: 20, vendor: 'nvidia', spec: NVIDIA_WORKSTATION },
  { name: 'RTX 2000 Ada', pattern: String.raw`rtx\s?2000\s?ada(?:\s+generation)?`, memoryGB: 16, vendor: 'nvidia', spec: NVIDIA_WORKSTATION },
  { name: 'RTX A5500', pattern: String.raw`(?:rtx\s?)?a5500`, memoryGB: 24, vendor: 'nvidia', spec: NVIDIA_WORKSTATION },
  { name: 'RTX A4500', pattern: String.raw`(?:rtx\s?)?a4500`, memoryGB: 20, vendor: 'nvidia', spec: NVIDIA_WORKSTATION },
  { name: 'RTX A2000', pattern: String.raw`(?:rtx\s?)?a2000`, memoryGB: 12, vendor: 'nvidia', usual: true, spec: NVIDIA_WORKSTATION },
  { name: 'Quadro RTX 8000', pattern: String.raw`(?:quadro\s?)?rtx\s?8000`, memoryGB: 48, vendor: 'nvidia', spec: NVIDIA_WORKSTATION },
  { name: 'Quadro RTX 6000', pattern: String.raw`quadro\s?rtx\s?6000`, memoryGB: 24, vendor: 'nvidia', spec: NVIDIA_WORKSTATION },
  { name: 'Quadro RTX 5000', pattern: String.raw`(?:quadro\s?)?rtx\s?5000(?!\s?ada)`, memoryGB: 16, vendor: 'nvidia', spec: NVIDIA_WORKSTATION },
  { name: 'Quadro RTX 4000', pattern: String.raw`(?:quadro\s?)?rtx\s?4000(?!\s?(?:sff\s?)?ada)`, memoryGB: 8, vendor: 'nvidia', spec: NVIDIA_WORKSTATION },
  { name: 'Quadro P6000', pattern: String.raw`(?:quadro\s?)?p6000`, memoryGB: 24, vendor: 'nvidia', spec: NVIDIA_WORKSTATION },
  { name: 'Titan V', pattern: String.raw`titan\s?v(?![a-z])`, memoryGB: 12, vendor: 'nvidia', spec: NVIDIA_WORKSTATION },
  { name: 'Titan Xp', pattern: String.raw`titan\s?xp`, memoryGB: 12, vendor: 'nvidia', spec: NVIDIA_WORKSTATION },
  // Tesla boards: the M60 is two GPUs on one board, each one device of 8 GB. (The K80, two 12 GB dies, is left
  // out: named as the card that failed beside "which GPU" (meta-llama/llama#810, c1310) it would answer the question.)
  { name: 'Tesla M60', pattern: String.raw`m60`, memoryGB: 8, vendor: 'nvidia', spec: NVIDIA_DATA_CENTER },
  { name: 'Tesla M40', pattern: String.raw`m40`, memoryGB: 24, vendor: 'nvidia', usual: true, spec: NVIDIA_DATA_CENTER },
  { name: 'Tesla K40', pattern: String.raw`k40`, memoryGB: 12, vendor: 'nvidia', spec: NVIDIA_DATA_CENTER },
  { name: 'Tesla P4', pattern: String.raw`tesla\s?p4(?!\d)`, memoryGB: 8, vendor: 'nvidia', spec: NVIDIA_DATA_CENTER },
  { name: 'NVIDIA A16', pattern: String.raw`(?:nvidia|tesla)\s?a16`, memoryGB: 16, vendor: 'nvidia', spec: NVIDIA_DATA_CENTER },
  { name: 'NVIDIA A2', pattern: String.raw`(?:nvidia|tesla)\s?a2(?!\d)`, memoryGB: 16, vendor: 'nvidia', spec: NVIDIA_DATA_CENTER },
];
