import type { ProseRule } from '../types.js';
import { CPU_NAME, CPU_WORD, hostGb } from './hardware.js';

/**
 * A memory size written right after a CPU is the machine's RAM, not the cards': "Nvidia RTX 4070 (12GB), Intel
 * i9 14900k 96GB" read the 96 GB as the memory of eight 4070s in all, "RTX 3090, Ryzen 9 7950X 48GB" as two 3090s
 * (ollama/ollama#3301; invented variations: 1 of 5 right before, a slash-separated list the only one). The size
 * becomes the host's ("hostram 96gb") and prose.cpu, after this, blanks the CPU's name. A size said as VRAM or
 * 显存 after the CPU is left alone, an APU's ("Ryzen AI Max+ 395 128GB", unified memory the GPU addresses) is the
 * device's (prose.unified-memory, host-and-card.ts), and one said as RAM is the host-RAM rules' already.
 */
export const CPU_MEMORY_RULES: readonly ProseRule[] = [
  {
    id: 'prose.memory-after-cpu',
    pattern: new RegExp(
      String.raw`(?![^,\n]{0,24}?(?:max\+?|strix|80[56]0s|radeon))(${CPU_NAME.source})((?:[ \t]*[,/+&][ \t]*|[ \t]+)(?:(?:and|with|w\/|plus|\+)[ \t]+)?)(\d{1,4})[ \t]*(gb|gib|g|tb)\b(?![ \t]*(?:of[ \t]+)?(?:vram|gpu|显存|video|ram|ddr|内存|memory|system))`,
      'g',
    ),
    when: (t) => CPU_WORD.test(t),
    write: (m) => `${m[1]}${m[2]}hostram ${hostGb(m[3]!, m[4]!)}gb`,
    example: 'Nvidia RTX 4070 (12GB), Intel i9 14900k 96GB',
    source: 'ollama/ollama#3301',
  },
];
