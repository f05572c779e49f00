import { rewriteLines } from './line-rewrite.js';
import type { MappedText } from './mapped-text.js';

/**
 * Environment reports pasted into issues (issue 11 §2): PyTorch's collect_env.py, which vLLM's
 * issue template asks for, and `nvidia-smi -L`. Their GPU lines ("GPU 0: NVIDIA H100 80GB HBM3",
 * one per device) are the cards: read as "<count>x <name>". The rest (library versions, CPU
 * details, the GPU topology matrix and its legend) is the machine, not the request, and is read as
 * nothing: "GPU 0" is never a count of 0, "L3 cache: 32 MiB" never a card. Runs on normalised text.
 */


/**
 * One GPU: collect_env's "GPU 0: NVIDIA GeForce RTX 3090 Ti", nvidia-smi -L's "GPU 0: NVIDIA
 * A100-SXM4-80GB (UUID: GPU-…)"; or several of one name on one line, as mmengine's collect_env
 * groups them ("GPU 0,1,2,3,4,5,6,7: Tesla V100-PCIE-32GB", mmengine/utils/dl_utils/collect_env.py,
 * which lmdeploy's `lmdeploy check_env` prints): device indices, never a count of 0.
 */
const GPU_LINE = /^[ \t]*(?:gpu models and configuration:[ \t]*)?gpu[ \t]+(\d+(?:[ \t]*,[ \t]*\d+)*):[ \t]*([^\n(]+?)[ \t]*(?:\(uuid:[^)\n]*\))?[ \t]*$/;

/**
 * Labels of collect_env.py's report (torch/utils/collect_env.py, vllm/collect_env.py) and of the
 * lscpu block inside it: "label: value" lines that describe the machine. Labels a config could use
 * too (`model:`, `os:`, `flags:`) count only next to a line of the report. The same labels as the
 * bullets of `llamafactory-cli env` ("- PyTorch version: 2.3.0+cu121 (GPU)", LLaMA-Factory's
 * extras/env.py; c699, whose "(GPU)" tag had read as one GPU) and `transformers-cli env`
 * ("- PyTorch version (GPU?): 2.1.0+cu121 (True)", transformers commands/env.py).
 */
const REPORT_LABEL =
  /^[ \t]*(?:pytorch version|is debug build|cuda used to build pytorch|rocm used to build pytorch|gcc version|clang version|cmake version|libc version|python version|python platform|is cuda available|cuda runtime version|cuda_module_loading set to|gpu models and configuration|nvidia driver version|cudnn version|hip runtime version|miopen runtime version|is xnnpack available|versions of relevant libraries|rocm version|neuron sdk version|vllm version|vllm build flags|cuda archs|gpu topology|cpu op-mode\(s\)|address sizes|byte order|cpu\(s\)|on-line cpu\(s\) list|vendor id|cpu family|thread\(s\) per core|core\(s\) per socket|socket\(s\)|cpu (?:max|min) mhz|cpu scaling mhz|frequency boost|bogomips|hypervisor vendor|virtualization type|l[123][di]? cache|numa node\(s\)|numa node\d+ cpu\(s\)|vulnerability [^:\n]+)[ \t]*:[^\n]*$/;
/**
 * …and mmengine's collect_env (mmengine/utils/dl_utils/collect_env.py), which `lmdeploy check_env`
 * prints with its own packages: "sys.platform: linux", "CUDA available: True", "NVCC: Cuda
 * compilation tools …", "PyTorch: 2.0.1+cu117" (InternLM/lmdeploy#1032).
 */
const NEIGHBOUR_LABEL =
  /^[ \t]*(?:os|model|model name|architecture|flags|stepping|virtualization|cpu|sys\.platform|python|cuda available|musa available|numpy_random_seed|cuda_home|nvcc|gcc|pytorch|pytorch compiling details|torchvision|opencv(?:-python)?|mmengine|mmcv|lmdeploy|transformers|gradio|fastapi|pydantic|triton|nvidia topology)[ \t]*:[^\n]*$/;
/** The version bullets of `llamafactory-cli env` and `transformers-cli env` (a GPU line there is kept: "- GPU models and configuration: Each node contains 4 × A100", c716). */
const BULLET_LABEL = /^[ \t]*[-*][ \t]+(?:pytorch version(?: \(gpu\?\))?|(?:tensorflow|flax|jax|jaxlib) version[^:\n]*|python version)[ \t]*:[^\n]*$/;
/** `[pip3] torch==2.6.0`, `[conda] numpy 2.2.4 pypi_0 pypi`. */
const PACKAGE_LINE = /^[ \t]*\[(?:pip3?|conda)\][^\n]*$/;
/** The topology matrix ("GPU0  X  NV18  NV18  0-7  0  N/A", its header, NIC rows) and its legend ("NV#  = Connection …"). */
const TOPOLOGY_LINE = /^[ \t]*(?:(?:gpu|nic)\d+(?:[ \t]+(?:x|nv\d+|sys|node|phb|pxb|pix|\d+(?:-\d+)?(?:,\d+(?:-\d+)?)*|n\/a))+|(?:gpu\d+[ \t]+)+(?:nic\d+[ \t]+)*cpu affinity[^\n]*|legend:|(?:x|sys|node|phb|pxb|pix|nv#)[ \t]+=[^\n]*|nic legend:|nic\d+:[ \t]*mlx[^\n]*|collecting environment information\.*)[ \t]*$/;

const REPORT_MARK = /collecting environment information|gpu models and configuration|nvidia driver version|pytorch version(?: \(gpu\?\))?:|\[pip3\]|^gpu[ \t]+\d+(?:,\d+)*:/m;

/**
 * llama.cpp's loader names each device it loads onto, one a line: "llama_load_model_from_file: using device CUDA2
 * (NVIDIA A100-SXM4-80GB) - 80567 MiB free" (llama_model_load_from_file_impl in later releases; Ollama's server log
 * prints it under journald's stamp, ollama/ollama#8930, c2895: six lines of A100s, read as one card said six times).
 * The devices are numbered from 0, so the highest index shown counts the cards (the first lines may be cut from a
 * pasted log): a count the log implies, read weak and said with the log's words.
 */
const DEVICE_USE_LINE = /\busing device (?:cuda|rocm|vulkan|sycl)(\d{1,2}) \(([^)\n]+)\)/;
export const LLAMA_DEVICE_LINES = { id: 'env.llama-device-lines', weak: true } as const;

/** llama.cpp's device lines of one card read as "<highest index + 1>x <card>", weak, where an index above 0 shows. */
function readDeviceLines(text: MappedText): MappedText {
  if (!text.text.includes('using device')) return text;
  const lines = text.text.split('\n');
  const say = new Map<number, string>();
  for (let n = 0; n < lines.length; n++) {
    const first = DEVICE_USE_LINE.exec(lines[n]!);
    if (!first) continue;
    let highest = Number(first[1]);
    let end = n;
    // The lines that follow, of the same card: one per device.
    while (end + 1 < lines.length) {
      const next = DEVICE_USE_LINE.exec(lines[end + 1]!);
      if (!next || next[2] !== first[2]) break;
      highest = Math.max(highest, Number(next[1]));
      end++;
    }
    // Device 0 alone says no count: the loader lists the devices it uses, not the machine's (c863's container sees one of two).
    if (highest > 0) {
      say.set(n, ` ${highest + 1}x ${first[2]} `);
      for (let k = n + 1; k <= end; k++) say.set(k, '');
    }
    n = end;
  }
  return rewriteLines(text, say, LLAMA_DEVICE_LINES);
}

/** The report's GPU lines read as the cards, the rest of it blanked; llama.cpp's device lines counted. */
export function readEnvironmentReport(given: MappedText): MappedText {
  const text = readDeviceLines(given);
  if (!REPORT_MARK.test(text.text)) return text;
  const lines = text.text.split('\n');
  const say = new Map<number, string>();
  for (let n = 0; n < lines.length; n++) {
    const first = GPU_LINE.exec(lines[n]!);
    if (!first) continue;
    const name = first[2]!;
    const indices = new Set<string>(first[1]!.split(',').map((i) => i.trim()));
    let end = n;
    // The GPU lines that follow, of the same card: one per device.
    while (end + 1 < lines.length) {
      const next = GPU_LINE.exec(lines[end + 1]!);
      if (!next || next[2] !== name) break;
      for (const i of next[1]!.split(',')) indices.add(i.trim());
      end++;
    }
    say.set(n, ` ${indices.size}x ${name} `);
    for (let k = n + 1; k <= end; k++) say.set(k, '');
    n = end;
  }
  lines.forEach((line, n) => {
    if (!say.has(n) && (REPORT_LABEL.test(line) || BULLET_LABEL.test(line) || PACKAGE_LINE.test(line) || TOPOLOGY_LINE.test(line))) say.set(n, '');
  });
  // A label a config could use too, read as the report's only beside the report's lines (a run of them: lscpu's block).
  for (let changed = true; changed; ) {
    changed = false;
    lines.forEach((line, n) => {
      if (say.has(n) || !NEIGHBOUR_LABEL.test(line) || !(say.has(n - 1) || say.has(n + 1))) return;
      say.set(n, '');
      changed = true;
    });
  }
  return rewriteLines(text, say, 'env.report-lines');
}
