import { describe, expect, it } from 'vitest';
import { loadChartRenderer } from '../../src/adapters/slack/chart-loader.js';
import { sweepKind } from '../../src/adapters/slack/listeners/actions/chart.js';
import { estimateReply } from './fixtures.js';

describe('optional chart renderer', () => {
  it('loads chartPng when src/render/chart is present, else resolves to null and logs why (never throws)', async () => {
    const logs: Record<string, unknown>[] = [];
    const chart = await loadChartRenderer((event) => logs.push(event as Record<string, unknown>));
    if (chart === null) expect(logs).toContainEqual(expect.objectContaining({ event: 'slack.chart_unavailable' }));
    else expect(typeof chart).toBe('function');
  });

  it('"Sweep" plots sequence length for a max-seq question and micro-batch otherwise', () => {
    const reply = estimateReply({ canonical: '7b max seq on H100' });
    expect(sweepKind({ ...reply, answer: { kind: 'maxSeq', value: 8192, text: 'max seq 8192', headline: 'Longest sequence: 8,192' } })).toBe('sweep-seq');
    expect(sweepKind({ ...reply, answer: { kind: 'maxBatch', value: 8, text: 'max batch 8', headline: 'Max micro-batch: 8' } })).toBe('sweep-batch');
    expect(sweepKind(reply)).toBe('sweep-batch');
  });
});
