import { launcherGpus } from '../readers.js';
import { saidUnmodelled } from '../program-option.js';
import { unquote, type Handler } from '../values.js';

/**
 * llama.cpp's --tensor-split / -ts (common/arg.cpp: "fraction of the model to offload to each GPU,
 * comma-separated list of proportions, e.g. 3,1"; KoboldCpp's -ts takes them space-separated,
 * koboldcpp.py `nargs='+'`): one proportion per device, so the devices given a share are the GPUs
 * the layers are spread over — "--tensor-split 14336,14336,14336,14336" is four (gpustack/gpustack#1330,
 * c2058), "-ts 1 1" two (c1122), "--tensor-split 0,1,1" two, the zero share holding no layer (c862).
 * The count is read as a launcher's (reconcile/cards.ts: how many of the machine's cards the run
 * holds). The proportions themselves are not modelled where they differ: the estimate gives each
 * GPU an even share, so the note says so; even shares change nothing and are said only as the engine.
 */
export const tensorSplit =
  (says: string): Handler =>
  (v, ctx) => {
    const value = unquote(v);
    const shares = value.split(/[+,\s/\[\]]+/).filter(Boolean);
    const numeric = shares.length > 0 && shares.every((x) => /^\d+(?:\.\d+)?$/.test(x));
    const used = numeric ? shares.map(Number).filter((x) => x > 0) : [];
    const theirs = ctx.pair && ctx.pair.length <= 80 ? ctx.pair : `${ctx.spelling ?? '--tensor-split'} ${value}`;
    const said = saidUnmodelled({ says }, theirs, 'layers split over the GPUs in these proportions', 'parallelism');
    if (used.length < 2 || !('say' in said!)) return said;
    const count = launcherGpus(used.length);
    const even = used.every((x) => x === used[0]);
    return { say: `${said.say} ${count && 'say' in count ? count.say : ''}`.trim(), weak: true, ...(even ? {} : { note: said.note }) };
  };
