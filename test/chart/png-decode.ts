import { inflateSync } from 'node:zlib';

/**
 * A small PNG reader for tests: 8-bit RGBA, non-interlaced (what resvg writes). Enough to
 * check headers and compare pixels with a golden image without another dependency.
 */

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface DecodedPng {
  width: number;
  height: number;
  /** RGBA, row-major. */
  pixels: Uint8Array;
}

export function readChunks(png: Buffer): { type: string; data: Buffer }[] {
  if (!png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error('not a PNG: bad signature');
  const chunks: { type: string; data: Buffer }[] = [];
  let at = 8;
  while (at < png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    chunks.push({ type, data: png.subarray(at + 8, at + 8 + length) });
    at += 12 + length;
  }
  return chunks;
}

export function readHeader(png: Buffer): { width: number; height: number; bitDepth: number; colourType: number; interlace: number } {
  const ihdr = readChunks(png)[0];
  if (ihdr?.type !== 'IHDR') throw new Error('first chunk is not IHDR');
  return {
    width: ihdr.data.readUInt32BE(0),
    height: ihdr.data.readUInt32BE(4),
    bitDepth: ihdr.data[8]!,
    colourType: ihdr.data[9]!,
    interlace: ihdr.data[12]!,
  };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Inflates the IDAT stream and undoes the per-row filters (PNG spec §9). */
export function decodePng(png: Buffer): DecodedPng {
  const h = readHeader(png);
  if (h.bitDepth !== 8 || h.colourType !== 6 || h.interlace !== 0) {
    throw new Error(`unsupported PNG: depth ${h.bitDepth}, colour type ${h.colourType}, interlace ${h.interlace}`);
  }
  const raw = inflateSync(Buffer.concat(readChunks(png).filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const bpp = 4;
  const stride = h.width * bpp;
  const pixels = new Uint8Array(stride * h.height);
  for (let y = 0; y < h.height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    for (let i = 0; i < stride; i++) {
      const x = raw[src + i]!;
      const a = i >= bpp ? pixels[row + i - bpp]! : 0;
      const b = y > 0 ? pixels[row - stride + i]! : 0;
      const c = i >= bpp && y > 0 ? pixels[row - stride + i - bpp]! : 0;
      const predictor = filter === 0 ? 0 : filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : paeth(a, b, c);
      pixels[row + i] = (x + predictor) & 0xff;
    }
  }
  return { width: h.width, height: h.height, pixels };
}

/** Share of pixels whose largest channel difference exceeds `threshold` (0–255). */
export function differingShare(a: DecodedPng, b: DecodedPng, threshold = 48): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  let differing = 0;
  for (let i = 0; i < a.pixels.length; i += 4) {
    let worst = 0;
    for (let k = 0; k < 4; k++) worst = Math.max(worst, Math.abs(a.pixels[i + k]! - b.pixels[i + k]!));
    if (worst > threshold) differing++;
  }
  return differing / (a.width * a.height);
}
