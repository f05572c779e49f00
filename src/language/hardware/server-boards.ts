/**
 * Cards sold mostly on eight-GPU server boards (NVIDIA HGX / DGX with SXM parts, AMD's OAM platforms), so "N台"
 * (台 counts machines) before one is N servers of them: "qwen3-235B-moe 在4台H100上 能否训练成功" (can it train on 4
 * H100 machines, volcengine/verl, corpus c1832: read as 4 cards), "使用4台A800-80G*8" (c1034), "2台 H100*8" (c1363).
 * Before a desktop or workstation card ("2台4090") 台 counts the cards as often as the boxes. The PCIe and NVL H100,
 * the V100 (mostly PCIe where 台 is written: "四台V100，一共128G", c775) and the L-series are left out.
 * Sources: NVIDIA HGX A100 / H100 / H200 / B200 and DGX datasheets (8 SXM GPUs a board), the A800 / H800 / H20
 * export parts on the same boards, AMD Instinct MI250X / MI300X / MI325X / MI355X platforms (8 OAM modules).
 */
const ON_SERVER_BOARDS = new Set(['a100-40g', 'a100-80g', 'a800-40g', 'a800-80g', 'h100-80g', 'h800', 'h20', 'h200', 'b200', 'b300', 'mi250x', 'mi300x', 'mi325x', 'mi355x']);

export function onServerBoards(gpuId: string): boolean {
  return ON_SERVER_BOARDS.has(gpuId);
}
