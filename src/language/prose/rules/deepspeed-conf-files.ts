import type { Piece } from '../../mapped-text.js';
import { shardingOfFileName } from '../../sharding-file.js';
import type { ProseRule } from '../types.js';
import { DEEPSPEED_CONTEXT } from './ds-short-names.js';

/**
 * A DeepSpeed config named in prose with a `.config` or `.conf` extension: "When I use 'ds_configs/stage2.config',
 * I meet the error" (yizhongw/Tk-Instruct#22, corpus c2988: the repository's ds_configs/stage2.config), open-instruct's
 * `ds_configs/stage3_no_offloading.conf`. The file-name rules know `.json` and `.yaml` only, so the name was left
 * unread and the run taken as plain DDP in silence. Its name says the stage (and an offload) as sharding-file.ts
 * reads every launcher's config names; only where the message is about DeepSpeed (its name, a ZeRO stage, a
 * ds_config folder), and weak: the file itself is not in the message, so the reply says the stage came from its name.
 */
const CONF_PATH = /(?<![\w.\-/~])[a-z0-9_.\-~/]*[a-z0-9_-]\.conf(?:ig)?(?![\w.\-/])/g;

export const DEEPSPEED_CONF_FILE_RULES: readonly ProseRule[] = [
  {
    id: 'prose.deepspeed-conf-file',
    pattern: CONF_PATH,
    when: (t) => t.includes('.conf') && DEEPSPEED_CONTEXT.test(t),
    write: (m, notes) => {
      const path = m[0];
      const name = path.slice(path.lastIndexOf('/') + 1);
      const sharding = shardingOfFileName(name.replace(/\.conf(?:ig)?$/, ''));
      if (!sharding) return path;
      notes.push(`"${name}": ${sharding.words} read from the DeepSpeed config's name only (say the stage and what it offloads if the file sets another)`);
      const folders = path.length - name.length;
      const pieces: Piece[] = [{ text: sharding.words, from: folders, to: path.length }];
      return folders ? [{ text: ' '.repeat(folders), from: 0, to: folders }, ...pieces] : pieces;
    },
    example: "I am trying to finetune t5 11b with deepspeed on 8 RTX6000 GPUs (48G). When I use 'ds_configs/stage2.config', I meet the error.",
    source: 'yizhongw/Tk-Instruct#22',
    weak: true,
    // A path of two parts looks like a Hub id ("ds_configs/stage2.config"): the rule reads it as prose.path does.
    insideHubIds: true,
  },
];
