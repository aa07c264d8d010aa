/** Keeps only what a number may contain (specification section 5): digits, a leading minus, one decimal point. */
export function sanitizeNumberText(text: string, options: { allowNegative?: boolean; allowDecimal?: boolean } = {}): string {
  const { allowNegative = true, allowDecimal = true } = options;
  let out = '';
  let seenPoint = false;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '-' && allowNegative && out.length === 0) out += ch;
    else if (ch === '.' && allowDecimal && !seenPoint) {
      seenPoint = true;
      out += ch;
    }
  }
  return out;
}

/** Clamps to [min, max] when they are given. */
export function clampNumber(value: number, min?: number, max?: number): number {
  if (min !== undefined && value < min) return min;
  if (max !== undefined && value > max) return max;
  return value;
}

/** The number a sanitised text stands for, clamped; null for an empty or incomplete entry ("-", "."). */
export function parseNumberText(text: string, min?: number, max?: number): number | null {
  if (!/\d/.test(text)) return null;
  const value = Number(text.endsWith('.') ? text.slice(0, -1) : text);
  return Number.isFinite(value) ? clampNumber(value, min, max) : null;
}
