// Types for scripts/build-if-stale.mjs (a plain script, so that it runs before anything is built).
export type BuildState = { fresh: true } | { fresh: false; why: string };
export function buildState(root: string): BuildState;
export function stamp(root: string, phase: 'begin' | 'end'): void;
