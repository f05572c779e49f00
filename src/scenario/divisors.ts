/** Greatest common divisor (Euclid): the heads a TP size must divide, the GPUs two parallel grids share. */
export function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** Least common multiple: the fewest GPUs two parallel grids over the same ranks both divide. */
export function lcm(a: number, b: number): number {
  return (a / gcd(a, b)) * b;
}
