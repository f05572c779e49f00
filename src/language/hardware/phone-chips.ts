import type { GuardRole, HardwareRule } from './types.js';

/**
 * A phone's or tablet's system-on-chip is named by a number that looks like a memory: "Phone soc: snapdragon 778g"
 * (Vali-98/ChatterUI#193, c1768: a Galaxy A73 running a 3B model on its CPU, read as one 778 GB GPU), "Dimensity 9000",
 * "Exynos 2100", "Kirin 990", "Helio G99", "Tensor G3". The number is the chip's name, never a memory or a count:
 * the name is blanked with its number (guards, engine.ts) and listed as set aside. The chip itself is no GPU the catalog models, so nothing is read
 * in its place; a memory the message states for the phone ("8GB RAM") is still read as the words around it say.
 */
export const PHONE_CHIP_RULES: readonly HardwareRule<GuardRole>[] = [
  {
    id: 'not-hw.phone-chip',
    role: 'version',
    // The maker's line, then a letter of the series where it has one (Helio G99, Tensor G3), then the number with
    // its suffix ("778G", "8+", "865+", "7s") and a generation ("Snapdragon 8 Gen 3").
    // The whole name is blanked, "gen 3" with it (else read as 3 generated tokens).
    pattern: /(?<n>\b(?:qualcomm\s+)?(?:snapdragon|dimensity|exynos|kirin|helio\s*[agpx]?|tensor\s*g|unisoc\s*[a-z]?)\s*\d{1,4}(?:\s*(?:g|\+|s)(?![a-z\d]))?(?:\s+gen\s*\d)?)(?![\d.])/g,
    example: 'Phone model: Samsung galaxy a73\nPhone soc: snapdragon 778g',
    source: 'Vali-98/ChatterUI#193',
  },
];
