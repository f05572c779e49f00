/**
 * Apple's machines and chips, whose memory is unified: what the message says the device has is the GPU's
 * memory too (issue 22 item 7: a device the catalog lacks is read as what it is with its stated memory).
 * Built from named parts — a product, a chip, a memory before or after them — rather than one spelling per
 * notation, so "Apple M1 chip with 8GB of RAM memory", "m2 pro 16gb", "an iPad Pro with 16GB RAM",
 * "iPhone 15 Pro (8GB)", "a 16GB M2 MacBook Air" and "Mac Studio M2 Ultral 192G" are one phrase each.
 */

/**
 * A chip with its variant: "M2 Pro", "m3 max", "M2 Ultral" (c448: a letter typed past the variant), "m3-max"
 * (ml-explore/mlx, c1975: hyphenated, it was no device and the 2x RTX-3090 it was compared with was read alone).
 */
const CHIP_VARIANT = String.raw`m[1-5][ \t-]*(?:pro|max|ultra)[a-z]?\b`;
/** A chip, its variant optional. */
const CHIP = String.raw`m[1-5]\b(?:[ \t-]*(?:pro|max|ultra)[a-z]?\b)?`;
/**
 * A MacBook's screen size after its name: "MacBook Air 15" (iagooar/qqqa#8, c2031: read as fifteen GPUs), "MacBook Pro
 * 16", "MacBook Pro 14\"", "MacBook Pro 16-inch". Never a memory ("MacBook Pro 16GB"), a year ("MacBook Pro 2021") or
 * a chip's number.
 */
const SCREEN = String.raw`(?:[ \t]+1[1-7](?:[ \t]*-?[ \t]*(?:inch(?:es)?\b|in\b|"|”|''))?(?![ \t]*(?:gb|g\b|gib|tb|t\b)|[\w.]))?`;
/**
 * The products: MacBook (Pro, Air), Mac Studio / mini / Pro, iMac, iPad (Pro, Air, mini), iPhone (15 Pro Max),
 * and a bare "Mac" (never "mac address", "macOS").
 */
const PRODUCT = String.raw`(?:mac[ \t]*book(?:[ \t]*(?:pro|air))?${SCREEN}|mac[ \t]*(?:studio|mini|pro)|imac(?:[ \t]*pro)?|ipad(?:[ \t]*(?:pro|air|mini))?|iphone(?:[ \t]*\d{1,2})?(?:[ \t]*(?:pro|plus))?(?:[ \t]*max)?|mac(?![ \t]*(?:address|os)\b))\b`;
/**
 * A bare chip ("M1") only where the words make it Apple's: after "Apple", or after an article or a verb of
 * having and using ("I've got an M1 with 32G of RAM", ml-explore/mlx, c1679) with a memory or a chip word next.
 */
const BARE_CHIP = String.raw`(?:(?<=\b(?:an?|my|the|on|using|use|got|have)[ \t]+)m[1-5]\b(?=[ \t]*(?:with\b|w\/|,|\(|\d|mac|chip\b|soc\b)))`;

/**
 * The device: a product with its chip before or after it ("MacBook Pro M3 Max", "Mac Studio (M2 Ultra)", "M2 MacBook
 * Air"), a chip, or a bare chip.
 */
const DEVICE = String.raw`(?:apple[ \t]+)?(?:(?:${CHIP}[ \t]+)?${PRODUCT}(?:[ \t]*[(,]?[ \t]*(?:apple[ \t]+)?${CHIP}[ \t]*\)?)?|${CHIP_VARIANT}|(?<=apple[ \t]+)${CHIP}|${BARE_CHIP})(?:[ \t]+(?:chip|soc)\b)?`;

/** The memory words after a size: "of RAM memory", "unified memory", "RAM". */
const MEMORY_WORDS = String.raw`(?:[ \t]+(?:of[ \t]+)?(?:unified[ \t]+)?(?:ram|memory)\b(?:[ \t]+memory\b)?)?`;
/**
 * The chip's core count before its memory, no count of GPUs: "Mac Studio (64 core 128Gb)" (geerlingguy/ai-benchmarks#48,
 * corpus c2278, b64: read as 64 GPUs of 128 GB), "M2 Ultra (76-core GPU, 192GB)", "M3 Max 40 core GPU 128GB".
 */
const CORES = String.raw`(?:\d{1,3}[ \t-]*cores?(?:[ \t]+(?:gpu|cpu))?[ \t]*[,/]?[ \t]*)?`;
/** A size after the device: "with 8GB of RAM memory", ", 64GB RAM", " (96GB)", " 16gb", "w/ 32G", "only has 128GB ram", "M4 + 32GB of RAM". */
const MEMORY_AFTER = String.raw`(?:[ \t]*(?:,|\(|\+|(?:(?:only|just|also)[ \t]+)?(?:with|has|have)\b|w\/|and\b)?[ \t]*(?:an?[ \t]+)?${CORES}(?<after>\d{1,3})[ \t]*(?:gb|g|gib)(?![\w.])${MEMORY_WORDS}[ \t]*\)?)?`;
/** A size right before the device: "a 16GB M2 MacBook Air", "my 64GB Mac Studio". */
const MEMORY_BEFORE = String.raw`(?:(?<![\w.])(?<before>\d{1,3})[ \t]*(?:gb|g|gib)[ \t]+(?:(?:of[ \t]+)?(?:unified[ \t]+)?(?:ram|memory)[ \t]+)?)?`;

/** One Apple device with the memory said beside it, if any: groups `before` and `after` hold the size. */
export const APPLE_DEVICE = new RegExp(String.raw`${MEMORY_BEFORE}\b${DEVICE}${MEMORY_AFTER}`, 'g');

/** The size of the device's memory in GB, from either side, or null when none is said beside it. */
export function appleDeviceMemory(m: RegExpExecArray): string | null {
  return m.groups?.before ?? m.groups?.after ?? null;
}
