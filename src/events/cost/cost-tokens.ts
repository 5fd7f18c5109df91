/** Numeric tokens of cost text (formats.md §2.2–§2.4, TEC/tribe-common `Cost_Utils.php`). */

/** Optional `.`/`,`, digits, optional `.`/`,`, optional digits. */
const TOKEN = /[.,]?\d+[.,]?\d*/g;

export function costTokens(text: string): string[] {
  return text.match(TOKEN) ?? [];
}

export function hasDigits(text: string): boolean {
  return /\d/.test(text);
}

/** "Plain number": digits with at most one `.` and no `,`. */
export function isPlainNumber(token: string): boolean {
  return /^\d*\.?\d*$/.test(token) && hasDigits(token);
}

export interface NumberLocale {
  decimalPoint: string;
  thousandsSeparator: string;
}

export const DEFAULT_NUMBER_LOCALE: NumberLocale = { decimalPoint: '.', thousandsSeparator: ',' };

/**
 * Normalises a token to `.` decimals without thousands separators (§2.4): with both separators the
 * last one is decimal; with one kind it is decimal unless exactly three digits follow its last
 * occurrence, in which case the site locale decides (`1,000` → `1000`, `1.000` stays, `5,` → `5.`).
 */
export function normalizeToken(token: string, locale: NumberLocale = DEFAULT_NUMBER_LOCALE): string {
  const lastDot = token.lastIndexOf('.');
  const lastComma = token.lastIndexOf(',');
  if (lastDot === -1 && lastComma === -1) return token;
  let decimalAt: number;
  if (lastDot !== -1 && lastComma !== -1) {
    decimalAt = Math.max(lastDot, lastComma);
  } else {
    const at = Math.max(lastDot, lastComma);
    const separator = token[at];
    const digitsAfter = token.length - at - 1;
    if (digitsAfter !== 3) decimalAt = at;
    else decimalAt = separator === locale.decimalPoint ? at : -1;
  }
  let result = '';
  for (let i = 0; i < token.length; i++) {
    const c = token[i];
    if (c !== '.' && c !== ',') result += c;
    else if (i === decimalAt) result += '.';
  }
  return result;
}

/** Numeric value of a normalised token or slug (PHP-like: non-numeric text is 0). */
export function numericValue(value: string): number {
  const n = parseFloat(value);
  return Number.isFinite(n) ? n : 0;
}
