// Types for scripts/ascii-script.mjs (a plain script the bundle step runs).
export function asciiScript(source: string): { text: string; kept?: string };
