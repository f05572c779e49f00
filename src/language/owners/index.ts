export { clausesOf, cuesIn, mayHoldOtherRuns, ownerOf, type Clause, type Cue, type Ownership } from './clauses.js';
export { OWNER_RULES, WORKING_RUN_RULES, type Owner, type OwnerRule } from './rules.js';
