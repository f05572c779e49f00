/**
 * The maker's words that may stand between a count and a card's name, any number of them: "两张NVIDIA GeForce RTX
 * 5090" (c1306), "4个 rtx 3090", "24G左右的 tesla t4". One spelling for the count and guard patterns of
 * hardware/rules.ts and prose/rules/hardware.ts, which had each written it (with one vendor word allowed, until c1306).
 */
export const VENDOR_WORDS = String.raw`(?:(?:nvidia|geforce|tesla|rtx|gtx|quadro)\s*)*`;
