/**
 * What a launcher's config file says by its name alone (one reader for every launcher and every place the name
 * stands: a `deepspeed:` key, `--deepspeed`, accelerate's `--config_file`, a name in prose). People name these
 * files after what they set: DeepSpeed's `ds_config_zero2.json`, LLaMA-Factory's `ds_z3_offload_config.json`
 * (hiyouga/LlamaFactory#9075, corpus c2437), FastChat's `deepspeed_config_s2.json`, LLaVA's `zero3_offload.json`,
 * Chinese-LLaMA-Alpaca's `ds_zero2_no_offload.json`, TRL's and open-r1's accelerate configs `deepspeed_zero3.yaml`,
 * `zero3.yaml`, `fsdp.yaml`, PEFT's `fsdp_config_qlora.yaml`. The stage (z2, zero2, stage2, zero_stage3, s2 beside
 * "deepspeed"), FSDP (fsdp, fsdp2, hsdp) and an offload (offload, cpu_offload; not no_offload) are read from the
 * name's words, split at `_`, `-` and `.`. The file itself is not in the message: what it offloads is the name's
 * word only, said as weak by the callers (a stage-3 offload config offloads optimizer states and parameters, as
 * LLaMA-Factory's and LLaVA's do; below stage 3 only the optimizer states can be).
 */

export interface FileSharding {
  /** The request words the name says ("zero3 offload optimizer offload params", "fsdp"). */
  words: string;
  /** ZeRO (DeepSpeed) or FSDP. */
  kind: 'zero' | 'fsdp';
  /** The offload is read from the name's word ("offload"), not from the file. */
  offload: boolean;
}

const SEP = String.raw`(?:^|[_\-.])`;
const END = String.raw`(?=[_\-.]|$)`;
const STAGE = new RegExp(`${SEP}(?:ds[_-]?)?(?:zero[_-]?stage|zero|stage|z)[_-]?([0-3])${END}`);
/** FastChat's `deepspeed_config_s2.json`: "s2" is a stage only beside a DeepSpeed word. */
const SHORT_STAGE = new RegExp(`${SEP}s([0-3])${END}`);
const DEEPSPEED_WORD = new RegExp(`${SEP}(?:deepspeed|ds)${END}`);
const FSDP = new RegExp(`${SEP}(fsdp2?|hsdp)${END}`);
const OFFLOAD = new RegExp(`${SEP}(?:cpu[_-]?)?offload`);
const NO_OFFLOAD = new RegExp(`${SEP}no[_-]?offload`);

export function shardingOfFileName(path: string): FileSharding | null {
  const name = (path.split(/[\\/]/).pop() ?? '').toLowerCase().replace(/\.(?:json|ya?ml)$/, '');
  const offload = OFFLOAD.test(name) && !NO_OFFLOAD.test(name);
  const fsdp = FSDP.exec(name);
  if (fsdp) return { kind: 'fsdp', offload, words: `${fsdp[1] === 'hsdp' ? 'hsdp' : 'fsdp'}${offload ? ' offload params offload optimizer' : ''}` };
  const stage = STAGE.exec(name)?.[1] ?? (DEEPSPEED_WORD.test(name) ? SHORT_STAGE.exec(name)?.[1] : undefined);
  if (stage === undefined) return null;
  const offloaded = offload ? (stage === '3' ? ' offload optimizer offload params' : ' offload optimizer') : '';
  return { kind: 'zero', offload, words: `zero${stage}${offloaded}` };
}
