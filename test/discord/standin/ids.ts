/** Discord snowflakes: milliseconds since the Discord epoch (2015) in the top bits, so ids sort by time. */
const DISCORD_EPOCH = 1420070400000n;
let counter = 0n;

export function snowflake(): string {
  counter = (counter + 1n) & 0xfffn;
  return ((BigInt(Date.now()) - DISCORD_EPOCH) << 22n | counter).toString();
}
