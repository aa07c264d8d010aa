import { MONEY_LIMITS } from '@tribes/shared';

/** The packs the purchase form offers in one tap. */
export const TOKEN_PACKS = [500, 1000, 5000] as const;

/**
 * The purchase that covers a shortfall: the smallest pack at least as large, or the shortfall itself
 * when no pack is (never below the smallest purchase nor above the largest).
 */
export function purchaseFor(shortfall: number): number {
  const wanted = Math.max(MONEY_LIMITS.purchaseMin, Math.ceil(shortfall));
  const pack = TOKEN_PACKS.find((p) => p >= wanted);
  return Math.min(pack ?? wanted, MONEY_LIMITS.purchaseMax);
}
