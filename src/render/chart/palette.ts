import type { ComponentGroup } from '../../memory/types.js';

/**
 * Okabe–Ito palette (Okabe & Ito 2008, "Color Universal Design"): distinguishable under the
 * common colour-vision deficiencies. Each chart is drawn on its own opaque light card so the
 * same colours read the same in Slack's and Discord's dark and light themes.
 */
export const OKABE_ITO = {
  orange: '#E69F00',
  skyBlue: '#56B4E9',
  bluishGreen: '#009E73',
  yellow: '#F0E442',
  blue: '#0072B2',
  vermillion: '#D55E00',
  reddishPurple: '#CC79A7',
  black: '#000000',
} as const;

/** The card and ink colours: near-white card, near-black ink (contrast ratio > 15:1). */
export const THEME = {
  card: '#FCFCFA',
  cardBorder: '#C8C8C0',
  ink: '#1A1A1A',
  mutedInk: '#55554F',
  grid: '#E3E3DD',
  capacity: '#1A1A1A',
  overflow: OKABE_ITO.vermillion,
  headroom: OKABE_ITO.bluishGreen,
  peak: OKABE_ITO.vermillion,
} as const;

/** One colour per component group, in the order segments stack from the bottom. */
export const GROUP_ORDER: readonly ComponentGroup[] = [
  'weights',
  'gradients',
  'optimizer',
  'activations',
  'logits',
  'kv',
  'buffers',
  'overhead',
];

export const GROUP_COLOUR: Record<ComponentGroup, string> = {
  weights: OKABE_ITO.blue,
  gradients: OKABE_ITO.skyBlue,
  optimizer: OKABE_ITO.bluishGreen,
  activations: OKABE_ITO.orange,
  logits: OKABE_ITO.vermillion,
  kv: OKABE_ITO.reddishPurple,
  buffers: OKABE_ITO.yellow,
  // Okabe–Ito's eighth colour is black; a mid grey keeps overhead visibly "not the model".
  overhead: '#999999',
};

export const GROUP_LABEL: Record<ComponentGroup, string> = {
  weights: 'weights',
  gradients: 'gradients',
  optimizer: 'optimizer states',
  activations: 'activations',
  logits: 'logits + loss',
  kv: 'KV cache',
  buffers: 'buffers',
  overhead: 'slack + context',
};

/** Series styles for sweep lines: colour plus a distinct dash and marker, so lines differ without colour. */
export const SERIES_STYLE = [
  { colour: OKABE_ITO.blue, dash: undefined, marker: 'circle' },
  { colour: OKABE_ITO.orange, dash: '12 6', marker: 'square' },
  { colour: OKABE_ITO.bluishGreen, dash: '3 5', marker: 'triangle' },
] as const;

/** Black or white label ink for a fill, by WCAG relative luminance (WCAG 2.1, §1.4.3 definition). */
export function inkOn(fill: string): string {
  const channel = (hex: string): number => {
    const c = parseInt(hex, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance =
    0.2126 * channel(fill.slice(1, 3)) + 0.7152 * channel(fill.slice(3, 5)) + 0.0722 * channel(fill.slice(5, 7));
  // Contrast with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05): equal at L ≈ 0.179.
  return luminance > 0.179 ? '#000000' : '#FFFFFF';
}
