import { VERL_OPTIONS } from './config-keys/frameworks/verl.js';
import { VERL_PROMPT_DEFAULT } from './config-keys/batch.js';
import type { MappedText, Piece } from './mapped-text.js';

/**
 * verl's Hydra overrides (`python3 -m verl.trainer.main_ppo actor_rollout_ref.model.path=… \`),
 * read for the run they describe (verl-project/verl#855, #249, #328). verl trains an actor with
 * FSDP and generates its rollouts with a vLLM/SGLang engine on the same GPUs, so the dotted path
 * says whose setting a key is:
 * - `actor_rollout_ref.rollout.*` is the rollout engine's (its tensor_model_parallel_size,
 *   gpu_memory_utilization), and `critic.*` / `reward_model.*` / `actor_rollout_ref.ref.*` other
 *   models': none is the trained actor's, set aside (read as Megatron's tp 8 and a serving util);
 * - `actor_rollout_ref.model.path` is the model; `algorithm.adv_estimator` the algorithm (grpo,
 *   or gae: PPO with a critic); `*.enable_gradient_checkpointing` recompute;
 *   `actor.fsdp_config.param_offload` / `optimizer_offload` the actor's FSDP offload;
 * - `data.train_batch_size` counts prompts per step over every GPU, and `ppo_mini_batch_size` the
 *   update batch: neither is a per-GPU micro-batch; `ppo_micro_batch_size_per_gpu` is, unless
 *   `use_dynamic_bsz=True` packs micro-batches by tokens (then it is not used);
 * - a sequence is `data.max_prompt_length` + `data.max_response_length`;
 * - with ppo_megatron_trainer.yaml, `actor_rollout_ref.actor.megatron.*_model_parallel_size` is the
 *   actor's Megatron split (tp, pp, ep, cp), and `trainer.nnodes` × `trainer.n_gpus_per_node` the GPUs.
 * Source: verl/trainer/config/ppo_trainer.yaml (v0.3) and its docs "Config Explanation".
 */
// A message naming verl with its overrides of the data or trainer sections is verl's run too.
const VERL_RUN = /verl\.trainer|actor_rollout_ref\.|\bverl\b[\s\S]*(?:^|\s)\+{0,2}(?:data|trainer|algorithm|critic|reward_model)\.[a-z_.]+=/;

/**
 * Overrides verl's option list (config-keys/frameworks/verl.ts) reads or says as not modelled:
 * left in place for the key reader, which reads them by that list (the rollout engine's memory
 * share is said as not modelled, never set aside in silence).
 */
const LEFT_FOR_KEY_READER = new Set(VERL_OPTIONS.filter((o) => 'notModelled' in o.is || ('read' in o.is && typeof o.is.read === 'function')).flatMap((o) => o.spellings));
// A value ends at a backtick too: an override quoted inline in prose (`trainer.n_gpus_per_node=4`) is 4.
const OVERRIDE = /(?<![\w.])\+{0,2}([a-z_]+(?:\.[a-z_0-9]+)+)=("[^"\n]*"|'[^'\n]*'|[^\s\\`]+)/g;

/** A verl key named with no value after it (the value is in the prose, or nowhere). */
const NAMED_KEY = /(?<![\w.])actor_rollout_ref\.[a-z_]+(?:\.[a-z_0-9]+)+(?![\w.=])/g;
/** The word "verl" as the prose rules read it (prose.tool-verl): not the module path verl.trainer. */
const VERL_WORD = /(?<![\w./-])verl(?![\w.-])(?!\/)/i;
/** An algorithm other than PPO named in the message: a critic's keys then do not make the run PPO. */
const OTHER_ALGORITHM = /\b(?:grpo|dapo|gspo|rloo|remax|reinforce(?:\+\+)?|dpo|orpo|kto|simpo|sft)\b/i;

const MEGATRON_DIM: Record<string, string> = { tensor: 'tp', pipeline: 'pp', expert: 'ep', context: 'cp' };

const truthy = (v: string) => /^["']?(?:true|1|yes)["']?$/i.test(v);
const unquoted = (v: string) => v.replace(/^["']|["']$/g, '');

/**
 * verl's `actor.ppo_micro_batch_size` (the key before `_per_gpu`, kept as a deprecated alias since)
 * counts over all the actor's GPUs: ActorRolloutRefWorker.__init__ divides it by the data-parallel
 * size (`ppo_micro_batch_size //= (device_mesh.shape[0] // ulysses_sequence_parallel_size)`,
 * verl/workers/fsdp_workers.py at verl v0.1 as vendored by Jiayi-Pan/TinyZero e3df048, 2025-01; the
 * same division, then `ppo_micro_batch_size_per_gpu = ppo_micro_batch_size`, in later releases'
 * fsdp_workers.py; megatron_workers.py divides by `mpu.get_data_parallel_world_size()`, the GPUs
 * over tp × pp × cp). v0.1 then multiplies it by `rollout.n` and later releases do not, so with
 * n > 1 the per-GPU batch depends on the release and is not read; nor when the GPU count is not
 * written (a shell variable such as `$N_GPUS`) or the division leaves less than one.
 */
export function perGpuMicroBatch(values: ReadonlyMap<string, string>): number | undefined {
  const num = (key: string, fallback: number) => {
    const v = values.get(key);
    return v === undefined ? fallback : Number(unquoted(v));
  };
  const global = num('actor_rollout_ref.actor.ppo_micro_batch_size', NaN);
  const gpus = num('trainer.n_gpus_per_node', NaN) * num('trainer.nnodes', 1);
  const ulysses = num('actor_rollout_ref.actor.ulysses_sequence_parallel_size', 1);
  const n = num('actor_rollout_ref.rollout.n', 1);
  const megatron = ['tensor_model', 'pipeline_model', 'context'].map((d) => num(`actor_rollout_ref.actor.megatron.${d}_parallel_size`, 1));
  if (![global, gpus, ulysses, n, ...megatron].every((x) => Number.isInteger(x) && x > 0) || n > 1) return undefined;
  const dataParallel = Math.floor(gpus / ulysses / megatron.reduce((a, b) => a * b, 1));
  const perGpu = dataParallel > 0 ? Math.floor(global / dataParallel) : 0;
  return perGpu >= 1 ? perGpu : undefined;
}

/** Each override rewritten as request words in place, or blanked; `notes` gets what was set aside. */
export function readVerl(input: MappedText, notes: string[]): MappedText {
  if (!VERL_RUN.test(input.text)) return input;
  const values = new Map<string, string>();
  for (const m of input.text.matchAll(OVERRIDE)) values.set(m[1]!, m[2]!);
  const dynamicBatch = [...values].some(([k, v]) => k.endsWith('.use_dynamic_bsz') && k.includes('.actor.') && truthy(v));
  const prompt = Number(unquoted(values.get('data.max_prompt_length') ?? ''));
  const response = Number(unquoted(values.get('data.max_response_length') ?? ''));
  let seqSaid = false;
  let fsdpSaid = false;
  let gpusSaid = false;
  const setAside: string[] = [];
  // The trainer is verl's whether or not the message names it or its algorithm (verl-project/verl#388,
  // c651: main_ppo overrides with a critic and no adv_estimator; verl-project/verl#2450, c1686: the
  // overrides under a title naming GRPO only). The word "verl" is written once, over the first
  // actor override the reader rewrites, and the prose rules read it with the algorithm the message
  // names (prose.tool-verl-algorithm) or verl's default, PPO, as a guess (prose.tool-verl). A critic
  // (`critic.*`) is PPO's value model, trained only under adv_estimator gae: PPO, not a guess.
  const critic = [...values.keys()].some((k) => k.startsWith('critic.'));
  let trainerSaid = values.has('algorithm.adv_estimator') || VERL_WORD.test(input.text);
  // The trainer's words before what the override itself says (a blank, the model path's kept value, or
  // its own words), where they fit in the override's characters; null where they do not.
  const withTrainer = (written: string | Piece[], length: number): string | Piece[] | null => {
    const words = critic && !OTHER_ALGORITHM.test(input.text) ? ' verl ppo' : ' verl';
    if (typeof written === 'string') {
      if (written.trim() || length <= words.length) return null;
    } else if (!(written[0] && written[0].to - written[0].from > words.length + written[0].text.trimEnd().length)) return null;
    trainerSaid = true;
    if (critic && words.endsWith('ppo')) notes.push("verl: critic.* set with no algorithm.adv_estimator: PPO with its critic (gae, verl's default)");
    if (typeof written === 'string') return words.padEnd(length);
    const [first, ...rest] = written;
    return [{ ...first!, text: (words + first!.text.trimEnd()).padEnd(first!.to - first!.from) }, ...rest];
  };
  // Each override is a config key of its own: its rewrite is named after the key's dotted path.
  const out = input.replaceEach(OVERRIDE, (m) => {
    const key = m[1]!;
    const written = readOverride(m, key);
    if (!trainerSaid && key.startsWith('actor_rollout_ref.') && written !== m[0]) {
      const said = withTrainer(written, m[0].length);
      // The override keeps its key's rule whether it is blanked or read: the trainer's word rides along, and the
      // step still names the key the user wrote (a 'config.key.verl-trainer' step had named no key of theirs).
      if (said) return { result: said, rule: `config.key.${key}` };
    }
    return written === m[0] ? null : { result: written, rule: `config.key.${key}` };
  });
  function readOverride(m: RegExpExecArray, key: string): string | Piece[] {
    const value = unquoted(m[2]!);
    const keep = (words: string): Piece[] => [{ text: words.padEnd(m[0].length), from: 0, to: m[0].length }];
    const blank = (): string => ' '.repeat(m[0].length);
    // The model's name stays as written (a Hub id or a path): only the key goes.
    if (key === 'actor_rollout_ref.model.path') return [{ text: ' '.repeat(m[0].length - m[2]!.length), from: 0, to: m[0].length - m[2]!.length }, { text: m[2]!, from: m[0].length - m[2]!.length, to: m[0].length }];
    if (LEFT_FOR_KEY_READER.has(key)) return m[0];
    if (/^actor_rollout_ref\.(?:rollout|ref)\.|^(?:critic|reward_model)\./.test(key)) {
      setAside.push(key);
      return blank();
    }
    // The trainer is verl's, whose actor keeps every position's logits (memory/rl.ts logitsOfCompletionOnly).
    if (key === 'algorithm.adv_estimator') return value === 'gae' ? keep(' verl ppo') : value === 'grpo' ? keep(' verl grpo') : blank();
    if (key.endsWith('.enable_gradient_checkpointing')) return keep(truthy(value) ? ' gc' : ' no gc');
    if (key.startsWith('actor_rollout_ref.actor.fsdp_config.')) {
      const words = [fsdpSaid ? '' : ' fsdp'];
      fsdpSaid = true;
      if (key.endsWith('.param_offload') && truthy(value)) words.push(' offload params');
      if (key.endsWith('.optimizer_offload') && truthy(value)) words.push(' offload optimizer');
      return keep(words.join(''));
    }
    // ppo_megatron_trainer.yaml: the actor's Megatron split (c617: tp 4 pp 2 ep 4).
    const split = /^actor_rollout_ref\.actor\.megatron\.(tensor|pipeline|expert|context)_(?:model_)?parallel_size$/.exec(key);
    if (split) return Number(value) > 0 ? keep(` ${MEGATRON_DIM[split[1]!]} ${Number(value)}`) : blank();
    // verl's trainer section: the nodes and the GPUs on each, every one of them the actor's.
    // Both are said at the first of the two, whichever order they come in ("trainer.n_gpus_per_node=4
    // trainer.nnodes=1" as "1 nodes of 4 gpus", not "of 4 gpus 1 nodes", which reads as no count at all).
    if (key === 'trainer.nnodes' || key === 'trainer.n_gpus_per_node') {
      if (gpusSaid) return blank();
      const nodes = Number(unquoted(values.get('trainer.nnodes') ?? ''));
      const perNode = Number(unquoted(values.get('trainer.n_gpus_per_node') ?? ''));
      if (!(perNode > 0) && !(nodes > 0)) return blank();
      gpusSaid = true;
      if (!(perNode > 0)) return keep(` ${nodes} nodes`);
      return keep(nodes > 0 ? ` ${nodes} nodes of ${perNode} gpus` : ` on ${perNode} gpus`);
    }
    if (key === 'actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu') return dynamicBatch ? blank() : keep(` bs ${value}`);
    if (key === 'actor_rollout_ref.actor.ppo_micro_batch_size') {
      const perGpu = dynamicBatch ? undefined : perGpuMicroBatch(values);
      return perGpu === undefined ? blank() : keep(` bs ${perGpu}`);
    }
    // One of the two alone: the other is verl's default (512 each, ppo_trainer.yaml), said in a note.
    if (key === 'data.max_prompt_length' || key === 'data.max_response_length') {
      const [p, r] = [prompt > 0 ? prompt : VERL_PROMPT_DEFAULT, response > 0 ? response : VERL_PROMPT_DEFAULT];
      if (seqSaid || !(Number(unquoted(m[2]!)) > 0)) return blank();
      seqSaid = true;
      if (!(prompt > 0 && response > 0)) notes.push(`sequence ${p + r}: data.max_prompt_length ${p} + data.max_response_length ${r}, the one not set at verl's default (${VERL_PROMPT_DEFAULT})`);
      return keep(` seq ${p + r}`);
    }
    if (key.startsWith('data.') || key.startsWith('algorithm.') || key.startsWith('actor_rollout_ref.')) return blank();
    return m[0];
  }
  if (dynamicBatch) notes.push('verl use_dynamic_bsz=True: micro-batches are packed by tokens (ppo_max_token_len_per_gpu), so ppo_micro_batch_size_per_gpu is not the micro-batch; micro-batch 1 of the whole sequence is estimated');
  if (setAside.length) notes.push(`verl: the rollout engine's and the other models' settings (${setAside.slice(0, 3).join(', ')}${setAside.length > 3 ? ' …' : ''}) are not the trained actor's; not modelled`);
  return trainerSaid && fsdpSaid ? out : namedKeys(out);

  /**
   * verl's keys named in prose without a value ("When I set the parameters
   * actor_rollout_ref.actor.fsdp_config.param_offload, … optimizer_offload … all to true",
   * verl-project/verl#1149, c756): the run is verl's trainer, and an actor `fsdp_config` key says
   * its actor is FSDP-sharded; the values are the prose's (offload read there, or not at all).
   */
  function namedKeys(text: MappedText): MappedText {
    let verlSaid = trainerSaid;
    let shardSaid = fsdpSaid;
    let offloadNamed = false;
    const read = text.replaceEach(NAMED_KEY, (m) => {
      if (/_offload$/.test(m[0])) offloadNamed = true;
      const words = [verlSaid ? '' : ' verl', !shardSaid && m[0].startsWith('actor_rollout_ref.actor.fsdp_config.') ? ' fsdp' : ''].join('');
      // The other keys named are verl's too: set aside, not listed as words not read.
      if (!words) return { result: ' '.repeat(m[0].length), rule: 'config.key.verl-named-key' };
      verlSaid = true;
      if (words.includes('fsdp')) shardSaid = true;
      return { result: words.padEnd(m[0].length), rule: 'config.key.verl-named-key' };
    });
    if (!offloadNamed) return read;
    // An offload key named with its value in prose ("all to true", then "all three to false"): the
    // offload the prose says is a guess, never a setting read from the key.
    const spans = [...read.text.matchAll(/(?<![\w.])offload(?![\w])/gi)].map((o) => ({ at: o.index!, to: o.index! + o[0].length }));
    return read.marked(spans, { id: 'config.key.verl-named-key', weak: true });
  }
}
