import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/** "no flash attention" is one setting, as "no flash" and "without flash attention" are (b13, c531's neighbours). */
describe('no flash attention', () => {
  it.each(['llama-2-7b full no flash attention on 1x v100-32g', 'llama-2-7b full no flash attn on 1x a100', 'llama-2-7b full no fa2 on 1x a100', 'llama-2-7b full without flash attention on 1x a100'])(
    '%s reads as eager attention',
    (text) => expect(read(text).scenario.attention).toBe('eager'),
  );
});
