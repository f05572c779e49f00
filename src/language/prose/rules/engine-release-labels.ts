import { LMDEPLOY_VERSION_KEYWORDS } from '../../lmdeploy-versions.js';
import type { ProseRule } from '../types.js';

/**
 * lmdeploy's release written as a label, the way environment lists and issue forms write it, as
 * prose.vllm-release-label (names.ts) reads vLLM's: what cache_max_entry_count is a share of changed at
 * v0.2.2 (memory/lmdeploy.ts), so the release sizes the KV cache. The label's shapes: the word "version"
 * in English, Chinese or Korean, with or without a colon, full-width too ("lmdeploy版本：0.2.1",
 * InternLM/lmdeploy#1080, c2029; "lmdeploy version: 0.4.0"; "lmdeploy 버전 0.5.3"), a pin or an emphasised
 * name ("lmdeploy==0.2.1", "**lmdeploy**: v0.6.3"). Each is written as the item language spells it
 * ("lmdeploy 0.2.1"); a number that is none of lmdeploy's releases is left to the version rules. TGI's
 * label is not read so: its image tag carries the release (commands.ts), and a "TGI version:" line is
 * often one of several tried ("TGI version: 2.2.0 (but I tested 2.3.0 too)", c151).
 */

const LMDEPLOY_RELEASES = new Set(LMDEPLOY_VERSION_KEYWORDS.map((k) => k.value));

/** The label between the engine's name and its release: emphasis, "version" (版本, 버전), "is" (是), a colon, "==". */
const LABEL = String.raw`[*\`]*[ \t]*(?:(?:version|版本|버전)[ \t]*(?:is[ \t]+|是[ \t]*)?)?(?::|：|==?)?[ \t]*[*\`]*v?`;
const RELEASE = String.raw`(\d\.\d{1,2}(?:\.\d)?)`;
const AFTER = String.raw`(?:[.+-]?(?:post|rc|dev)\d*)?(?![\w]|\.\d)`;

const label = (id: string, name: string, spelt: string, releases: ReadonlySet<string>, example: string, source: string): ProseRule => {
  // The guard's pattern made once, not on every message the guard is asked about (issue 22's speed target).
  const named = new RegExp(name);
  return {
    id,
    pattern: new RegExp(String.raw`(?<![\w.\-])(?:${name})${LABEL}${RELEASE}${AFTER}`, 'g'),
    when: (t) => named.test(t),
    write: (m) => (releases.has(m[1]!) ? `${spelt} ${m[1]}`.padEnd(m[0].length) : m[0]),
    example,
    source,
  };
};

export const ENGINE_RELEASE_LABEL_RULES: readonly ProseRule[] = [
  label('prose.lmdeploy-release-label', 'lmdeploy', 'lmdeploy', LMDEPLOY_RELEASES, '显卡：3090\nlmdeploy版本：0.2.1', 'InternLM/lmdeploy#1080'),
];
