import type { HubContext } from '../hub/types.js';
import { errorReply } from '../language/errors.js';
import type { ErrorReply } from '../reply/types.js';
import { gpuCountOf } from './gpus.js';
import type { Patch } from './patch.js';
import type { Preset } from './presets.js';
import type { Scenario, WeightFormat } from './schema.js';

/**
 * One resolution: the draft scenario and the defaults used, which the steps (resolve-steps.ts, in
 * dependency order) fill in. Its fields are open to the steps, each a function of its own file.
 */
export class Resolution {
  s!: Scenario;
  readonly assumptions: string[] = [];
  readonly isNew: boolean;
  /** Fields a framework preset set in this request (their defaults are not "assumed"). */
  readonly presetSet = new Set<string>();
  /** The framework preset applied in this request, for what it said (resolve-preset-said.ts). */
  preset: Preset | null = null;
  /** The weight format a Hub model's quantization_config names (AWQ, GPTQ …), for its inference default. */
  hubWeights: WeightFormat | null = null;
  /** An EXL2 repository's bits per weight, read from its name (prose/model-name.ts exl2InName). */
  hubBpw: number | undefined = undefined;
  /**
   * The nodes a count of GPUs on each was assumed for ("on 4-node H800": 8 on each, resolve-hardware.ts):
   * the hardware fact those words set is weak, said once with the switch (node-counts.ts), not as a default besides.
   */
  perNodeDefault: { nodes: number; perNode: number } | null = null;

  constructor(
    readonly text: string,
    readonly patch: Patch,
    readonly base: Scenario | null,
    readonly hub: HubContext = {},
  ) {
    this.isNew = base === null;
  }

  err(slot: string, message: string, extra: { suggestion?: string; expected?: string[] } = {}): ErrorReply {
    return errorReply(this.text, this.patch.get(slot)?.item.at ?? 0, message, extra);
  }

  assume(words: string): void {
    this.assumptions.push(words);
  }

  /** Says `now` where `was` was said, in its place (a note completed by a later step). */
  reassume(was: string, now: string): void {
    const at = this.assumptions.indexOf(was);
    if (at >= 0) this.assumptions[at] = now;
  }

  unassume(words: string): void {
    const at = this.assumptions.indexOf(words);
    if (at >= 0) this.assumptions.splice(at, 1);
  }

  /** The intent assumption comes first: it is the one that changes the question answered. */
  intent(words: string): void {
    this.assumptions.unshift(words);
  }

  /** A new request, or a follow-up that changed the mode: the mode's own defaults apply afresh. */
  modeChanged(): boolean {
    return this.isNew || this.base!.mode !== this.s.mode;
  }

  /** The GPUs of the draft, counted (gpus.ts). */
  gpus(): number {
    return gpuCountOf(this.s);
  }
}
