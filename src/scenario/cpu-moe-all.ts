/**
 * --cpu-moe: the routed experts of every layer in host RAM (more than any model's layers).
 *
 * Its own module, apart from schema.ts, because the reader and the canonical text need only this
 * number: importing it from schema.ts ran zod and every scenario schema at the terminal's start
 * (~95 bundled zod modules, their top levels and a larger code cache), though a one-answer CLI run
 * validates nothing with them.
 */
export const CPU_MOE_ALL = 10_000;
