import type { GuardRole, HardwareRule } from './types.js';

/**
 * A card's model number is never a count (s45, rhw3, mechanism 1). "Verified on Ascend 910 (64GB HBM)" was read as 910
 * cards of 64 GB; "Ascend 310 (8GB)" as 310. A number right after an accelerator's family word — Ascend / 昇腾 / Huawei /
 * 华为 / Atlas, Tesla, Instinct, Gaudi, Jetson, Xeon, Cambricon's MLU, Kunlun / 昆仑 — is part of the device's name: its
 * digits are blanked, so the memory said with it ("(64GB HBM)") is read as one device of that memory, the name said
 * (prose/rules/other-devices.ts reads the ones the table holds first: "Ascend 910B", "Gaudi 2", "Tesla M40"). A count
 * before the family word stays the count ("8x Ascend 910", "4 Tesla P40s"); a letter glued to the digits is a name the
 * catalog or the table reads. A bare "910" after its vendor's word is left to other-devices.ts, which names it (the first
 * Ascend 910, 32 GB, or the memory said with it).
 */
const FAMILY = String.raw`(?:\b(?:ascend|atlas|huawei|tesla|instinct|gaudi|jetson|xeon|mlu|kunlun)|昇腾|华为|昆仑|寒武纪\s*mlu)`;

export const DEVICE_NAME_NUMBER_RULES: readonly HardwareRule<GuardRole>[] = [
  {
    id: 'not-hw.device-name-number',
    role: 'version',
    pattern: new RegExp(String.raw`${FAMILY}[ \t-]?(?:npu[ \t]*)?(?!910(?!\d))(?<n>\d{2,4})(?![\d.a-z]|[ \t]*[x×*][ \t]*\d)`, 'g'),
    example: 'qwen2-7b inference on Ascend 310 (8GB)',
    source: 'invented (s45 rhw3, mechanism 1, from a fresh batch the lead saw)',
  },
];
