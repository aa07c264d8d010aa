/**
 * A donation waiting for tokens: the donor lacked some, went to buy them, and comes back to the same
 * form with the same amount once the purchase is paid. Kept for this tab (sessionStorage survives
 * the provider's checkout, which comes back in the same tab); bound to the purchase it started, so
 * another purchase later never sends the buyer to an old donation.
 */
const KEY = 'tribes.pendingDonation';

export interface PendingDonation {
  /** The donation page as an app path without its locale prefix (with its own query, e.g. /donate?tribe=…). */
  path: string;
  amount: number;
  /** The purchase started for it, once started. */
  paymentId?: string;
}

function read(): PendingDonation | null {
  try {
    const raw = typeof window === 'undefined' ? null : window.sessionStorage.getItem(KEY);
    const value = raw ? (JSON.parse(raw) as Partial<PendingDonation>) : null;
    if (!value || typeof value.path !== 'string' || !value.path.startsWith('/') || value.path.startsWith('//')) return null;
    if (typeof value.amount !== 'number' || !Number.isInteger(value.amount) || value.amount <= 0) return null;
    return {
      path: value.path,
      amount: value.amount,
      paymentId: typeof value.paymentId === 'string' ? value.paymentId : undefined,
    };
  } catch {
    return null;
  }
}

function write(value: PendingDonation): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(value));
  } catch {
    // Storage refused: the buyer finds the way back by hand.
  }
}

/** The donor goes to buy tokens for this donation. */
export function rememberDonation(path: string, amount: number): void {
  write({ path, amount });
}

/** The donation waiting for a purchase not started yet (the purchase page opened for it), else null. */
export function unpaidDonation(): PendingDonation | null {
  const value = read();
  return value && !value.paymentId ? value : null;
}

/** The purchase for the waiting donation has started. */
export function bindDonationToPayment(paymentId: string): void {
  const value = read();
  if (value) write({ ...value, paymentId });
}

/** The donation waiting for this purchase, else null. */
export function donationFor(paymentId: string): PendingDonation | null {
  const value = read();
  return value && value.paymentId === paymentId ? value : null;
}

export function forgetDonation(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/** The donation page again, with its amount and the purchase that paid for it (the form shows its status). */
export function donationReturnPath(pending: PendingDonation, paymentId?: string): string {
  const [pathname = '/', query = ''] = pending.path.split('?');
  const params = new URLSearchParams(query);
  params.set('amount', String(pending.amount));
  if (paymentId) params.set('payment', paymentId);
  return `${pathname}?${params.toString()}`;
}
