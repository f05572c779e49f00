import { renderAsync, type ResvgRenderOptions } from '@resvg/resvg-js';
import { chartFont, type ChartFont } from './font.js';

/** resvg options with an explicit font: no system font scan (fast, same pixels on every machine with the font). */
export function resvgOptions(font: ChartFont = chartFont()): ResvgRenderOptions {
  return {
    font: {
      loadSystemFonts: false,
      fontFiles: font.files,
      defaultFontFamily: font.family,
      sansSerifFamily: font.family,
    },
    fitTo: { mode: 'original' },
    logLevel: 'off',
  };
}

/** Rasterises a chart SVG to PNG bytes off the event loop (resvg's thread pool). */
export async function svgToPng(svg: string, font?: ChartFont): Promise<Buffer> {
  const image = await renderAsync(svg, resvgOptions(font));
  return image.asPng();
}
