import { describe, expect, it } from 'vitest';
import { GPUS, gpuById } from '../../src/catalog/index.js';

const MiB_PER_GiB = 1024;

describe('GPU catalog', () => {
  it('holds at least 28 cards with unique ids', () => {
    expect(GPUS.length).toBeGreaterThanOrEqual(28);
    expect(new Set(GPUS.map((g) => g.id)).size).toBe(GPUS.length);
  });

  it.each(GPUS.map((g) => [g.id, g] as const))('%s: memory, context and price are sane', (_id, g) => {
    expect(g.usableMiB).toBeLessThanOrEqual(g.totalMiB);
    // The driver / ECC reservation is a few percent at most.
    expect(g.usableMiB).toBeGreaterThanOrEqual(g.totalMiB * 0.95);
    expect(g.contextMiB).toBeGreaterThanOrEqual(200);
    expect(g.contextMiB).toBeLessThanOrEqual(1536);
    expect(g.priceRank).toBeGreaterThan(0);
    expect(g.source.length).toBeGreaterThan(10);
    expect(g.fp8 && !g.bf16).toBe(false);
  });

  it.each(GPUS.map((g) => [g.name, g] as const))('%s: the nominal size is the name\'s and agrees with nvidia-smi total', (name, g) => {
    const named = Number(/(\d+)GB/.exec(name)?.[1]);
    expect(g.nominalGB).toBe(named);
    // Marketing GB vs GiB and ECC carve-outs stay within 8% (T4: "16 GB" is 15 GiB usable).
    expect(Math.abs(g.totalMiB / MiB_PER_GiB / g.nominalGB - 1)).toBeLessThan(0.08);
  });

  it('holds every card of issue 12 (the cards in users\' questions)', () => {
    const ids = [
      'a800-40g', 'a800-80g', 'h800', 'h20', 'h200', 'b200', 'b300', 'gb200', 'rtx-5090', 'rtx-5080', 'rtx-5070-ti',
      'rtx-4090', 'rtx-4080', 'rtx-4070-ti', 'rtx-4060-ti-16g', 'rtx-3090', 'rtx-3080', 'rtx-3060', 'titan-rtx',
      'rtx-a4000', 'rtx-a5000', 'rtx-a6000', 'rtx-6000-ada', 'rtx-pro-6000', 'l4', 'l20', 'l40', 'l40s', 'a10', 'a10g',
      'a30', 'a40', 't4', 'v100-16g', 'v100-32g', 'p100-16g', 'gtx-1080-ti', 'gtx-1060',
      'mi210', 'mi250x', 'mi300x', 'mi325x', 'mi355x',
    ];
    expect(ids.filter((id) => !GPUS.some((g) => g.id === id))).toEqual([]);
  });

  it('the A800 and H800 are the A100 and H100 with slower NVLink: same memory', () => {
    expect(gpuById('a800-80g').usableMiB).toBe(gpuById('a100-80g').usableMiB);
    expect(gpuById('a800-40g').usableMiB).toBe(gpuById('a100-40g').usableMiB);
    expect(gpuById('h800').usableMiB).toBe(gpuById('h100-80g').usableMiB);
  });

  it('pre-Ampere cards have no bf16; Ampere has bf16 but no fp8', () => {
    for (const id of ['v100-16g', 'v100-32g', 't4', 'p100-16g', 'titan-rtx', 'gtx-1080-ti', 'gtx-1060']) expect(gpuById(id).bf16).toBe(false);
    for (const id of ['a100-40g', 'a100-80g', 'a10g', 'rtx-3090', 'rtx-3060', 'a30', 'a800-80g', 'mi210']) {
      expect(gpuById(id).bf16).toBe(true);
      expect(gpuById(id).fp8).toBe(false);
    }
  });

  it('Ada, Hopper, Blackwell and MI300-class cards have fp8', () => {
    for (const id of ['l4', 'l40s', 'l20', 'rtx-4090', 'rtx-4060-ti-16g', 'h100-80g', 'h100-pcie', 'h800', 'h20', 'h200', 'b200', 'b300', 'gb200', 'rtx-5080', 'rtx-pro-6000', 'mi300x', 'mi325x', 'mi355x']) {
      expect(gpuById(id).fp8).toBe(true);
    }
  });

  it('A100 80GB leaves about 79 GiB to a process (PyTorch: "79.15 GiB total capacity")', () => {
    expect(gpuById('a100-80g').usableMiB / MiB_PER_GiB).toBeCloseTo(79.15, 1);
  });

  it('price order follows the generations people rent', () => {
    const price = (id: string) => gpuById(id).priceRank;
    expect(price('t4')).toBeLessThan(price('a10g'));
    expect(price('a100-40g')).toBeLessThan(price('a100-80g'));
    expect(price('a100-80g')).toBeLessThan(price('h100-80g'));
    expect(price('h100-80g')).toBeLessThan(price('h200'));
    expect(price('h200')).toBeLessThan(price('b200'));
  });
});
