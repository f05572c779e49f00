import type { ProseRule } from '../types.js';

/**
 * A disk's size is no model's and no card's (issue 22: the machine's other parts are no setup). A spec
 * list names the disk beside the card and the RAM: "显卡：NVIDIA 4090 D （24G） 内存：128G 硬盘：2T 模型：
 * Qwen3-Coder-480B-A35B-Instruct-FP8" (硬盘, hard disk; QwenLM/Qwen3-Coder via corpus c1757) had read "2T" as a
 * 2-trillion-parameter model, and the model on the 模型 line was then set aside against it. The disk's word,
 * before or after its size (固态/硬盘/磁盘/存储, SSD, HDD, NVMe, disk, storage), with a colon or not, is blanked
 * whole with its size. English "Disk: 2T" as a config line is config.key.disk's; this reads it in prose.
 * NVMe without a size ("offload to NVMe") is an offload place, not matched here.
 */
const DISK_WORD = String.raw`(?:固态硬盘|机械硬盘|固态|硬盘|磁盘|存储|ssd|hdd|nvme(?:[ \t]*ssd)?|disks?|storage)`;
const SIZE = String.raw`\d+(?:\.\d+)?[ \t]*(?:tb|tib|t|gb|gib|g)(?![a-z])`;

export const DISK_SIZE_RULES: readonly ProseRule[] = [
  {
    id: 'prose.disk-size',
    pattern: new RegExp(
      // The word first ("硬盘：2T", "SSD 2TB", "disk space: 500GB"), or the size first ("2T硬盘", "2TB NVMe SSD").
      // On one line: a size on the line before is the RAM's ("内存：128G\n硬盘：2T").
      String.raw`(?<![\w])${DISK_WORD}(?:[ \t]*(?:space|大小|容量|空间))?[ \t]*(?:为|是|有)?[ \t]*[:：=]?[ \t]*(?<![\w.])${SIZE}` +
        String.raw`|(?<![\w.])${SIZE}[ \t]*的?[ \t]*${DISK_WORD}(?![a-z])`,
      'g',
    ),
    when: (t) => /硬盘|磁盘|固态|存储|ssd|hdd|nvme|disk|storage/.test(t),
    write: (m) => ' '.repeat(m[0].length),
    example: '内存：128G\n硬盘：2T\n模型：Qwen3-Coder-480B-A35B-Instruct-FP8',
    source: 'QwenLM/Qwen3-Coder#479',
  },
];
