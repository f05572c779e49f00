/**
 * Minimal SVG writers. Every number is printed with a fixed number of decimals so the same
 * input always gives byte-identical markup (deterministic PNGs, stable golden images).
 */

/** Coordinates rounded to 0.1 px: finer than resvg's anti-aliasing can show. */
export function px(n: number): string {
  const rounded = Math.round(n * 10) / 10;
  return Object.is(rounded, -0) ? '0' : `${rounded}`;
}

/** XML text escaping for labels that come from user input (model names, lever text). */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

type Attrs = Record<string, string | number | undefined>;

function attrs(a: Attrs): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? px(v) : escapeXml(v as string)}"`)
    .join('');
}

export function rect(x: number, y: number, width: number, height: number, a: Attrs = {}): string {
  return `<rect${attrs({ x, y, width: Math.max(0, width), height: Math.max(0, height), ...a })}/>`;
}

export function line(x1: number, y1: number, x2: number, y2: number, a: Attrs = {}): string {
  return `<line${attrs({ x1, y1, x2, y2, ...a })}/>`;
}

export function polyline(points: readonly (readonly [number, number])[], a: Attrs = {}): string {
  const list = points.map(([x, y]) => `${px(x)},${px(y)}`).join(' ');
  return `<polyline${attrs({ points: list, fill: 'none', ...a })}/>`;
}

export function polygon(points: readonly (readonly [number, number])[], a: Attrs = {}): string {
  const list = points.map(([x, y]) => `${px(x)},${px(y)}`).join(' ');
  return `<polygon${attrs({ points: list, ...a })}/>`;
}

export function circle(cx: number, cy: number, r: number, a: Attrs = {}): string {
  return `<circle${attrs({ cx, cy, r, ...a })}/>`;
}

export function text(x: number, y: number, content: string, a: Attrs = {}): string {
  return `<text${attrs({ x, y, ...a })}>${escapeXml(content)}</text>`;
}

/** Wraps elements with a shared attribute set (fonts, a data-role for tests). */
export function group(children: readonly string[], a: Attrs = {}): string {
  return `<g${attrs(a)}>${children.join('')}</g>`;
}

/** Root element; text inherits the generic sans-serif family that font.ts maps onto a real file. */
export function svgDocument(width: number, height: number, children: readonly string[]): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif">` +
    children.join('') +
    '</svg>'
  );
}
