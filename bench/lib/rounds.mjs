// Alternating rounds: every variant of a cell runs once per round, the order reversed every other
// round, so a noisy machine's swings bend all variants alike; the medians are what is reported.
import { median } from './results.mjs';

/**
 * Runs `measure(variant, round)` for each variant, `rounds` times; answers the samples by variant
 * name, in round order.
 * @template {{ name: string }} V
 * @template S
 * @param {V[]} variants
 * @param {number} rounds
 * @param {(variant: V, round: number) => Promise<S>} measure
 * @returns {Promise<Map<string, S[]>>}
 */
export async function alternatingRounds(variants, rounds, measure) {
  const samples = new Map(variants.map((variant) => [variant.name, []]));
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const variant of order) samples.get(variant.name).push(await measure(variant, round));
  }
  return samples;
}

/** The median of one field over samples. */
export function medianOf(samples, field) {
  return median(samples.map((sample) => sample[field]));
}

/** "+0.012" / "-0.004": a difference with its sign, as the tables show it. */
export function signed(value, digits = 3) {
  return `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;
}
