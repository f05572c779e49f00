import type { Architecture, Scenario } from './schema.js';

/**
 * A deep copy of a scenario, field by field. The resolver copies the previous scenario for every
 * follow-up and every lever it re-estimates; structuredClone was the largest cost of that path.
 * A scenario is plain data (DESIGN §4: it is JSON), so its shape is all there is to copy.
 */
export function cloneArchitecture(arch: Architecture): Architecture {
  const copy = { ...arch };
  if (arch.mla) copy.mla = { ...arch.mla };
  if (arch.checkpoint) copy.checkpoint = { ...arch.checkpoint };
  if (arch.vision) copy.vision = { ...arch.vision };
  return copy;
}

export function cloneScenario(s: Scenario): Scenario {
  return {
    ...s,
    model: { ...s.model, arch: cloneArchitecture(s.model.arch), overrides: [...s.model.overrides] },
    lora: s.lora ? { ...s.lora, targets: [...s.lora.targets] } : null,
    sharding: { ...s.sharding },
    offload: { ...s.offload },
    parallel: { ...s.parallel },
    hardware: s.hardware ? { ...s.hardware } : null,
    inference: { ...s.inference },
    question: { ...s.question },
    help: [...s.help],
    ...(s.unstated ? { unstated: [...s.unstated] } : {}),
  };
}
