/**
 * The `cost` string (`tribe_get_cost($id, true)`, formats.md §2.3) and `cost_details` (§2.4, Q7).
 */
import { DEFAULT_NUMBER_LOCALE, NumberLocale, costTokens, hasDigits, isPlainNumber, normalizeToken, numericValue } from './cost-tokens';

export interface StoredCostMeta {
  /** All `_EventCost` rows in order. */
  costs: Array<string | null | undefined>;
  currencySymbol?: string | null;
  currencyPosition?: string | null;
  currencyCode?: string | null;
}

export interface CostSiteOptions {
  /** `defaultCurrencySymbol` of `tribe_events_calendar_options` (default `$`). */
  defaultCurrencySymbol?: string | null;
  /** `reverseCurrencyPosition` (truthy = symbol after the number). */
  reverseCurrencyPosition?: boolean | string | null;
}

export interface CostDetails {
  currency_symbol: string;
  currency_code: string;
  currency_position: string;
  values: string[];
}

const EN_DASH = '\u2013';

const usableRows = (costs: StoredCostMeta['costs']) => costs.filter((c): c is string => typeof c === 'string' && c.trim() !== '');

/** Tokens of all rows; a row without digits contributes itself as a text token; equal tokens collapse. */
function collectTokens(rows: string[]): string[] {
  return [...new Set(rows.flatMap((row) => (hasDigits(row) ? costTokens(row) : [row.trim()])))];
}

function truthy(value: boolean | string | null | undefined): boolean {
  if (typeof value === 'boolean') return value;
  return typeof value === 'string' && value !== '' && value !== '0' && value.toLowerCase() !== 'false';
}

export function renderCost(meta: StoredCostMeta, site: CostSiteOptions = {}): string {
  const rows = usableRows(meta.costs);
  if (rows.length === 0) return '';
  const tokens = collectTokens(rows);

  const symbol = meta.currencySymbol || site.defaultCurrencySymbol || '$';
  const before = meta.currencyPosition ? meta.currencyPosition === 'prefix' : !truthy(site.reverseCurrencyPosition);
  const decorate = (value: string) => (before ? `${symbol}${value}` : `${value}${symbol}`);
  const show = (token: string) => (numericValue(normalizeToken(token)) === 0 && isPlainNumber(token) ? 'Free' : decorate(token));

  if (tokens.length === 1 && !isPlainNumber(tokens[0])) {
    // A lone text token is shown as is; a lone digits-and-separators token (`1,5`) is decorated.
    return hasDigits(tokens[0]) ? decorate(tokens[0]) : tokens[0];
  }
  const numbers = tokens.filter(isPlainNumber);
  if (numbers.length === 0) return 'Free';
  let min = numbers[0];
  let max = numbers[0];
  for (const token of numbers) {
    if (numericValue(token) < numericValue(min)) min = token;
    if (numericValue(token) > numericValue(max)) max = token;
  }
  return numericValue(min) === numericValue(max) ? show(min) : `${show(min)} ${EN_DASH} ${show(max)}`;
}

/** Lower-case slug of a text-only cost row (`Free` → `free`), like WordPress `sanitize_title`. */
function textSlug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/<[^>]*>/g, '')
    .replace(/[^a-z0-9 _-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

export function costDetails(meta: StoredCostMeta, locale: NumberLocale = DEFAULT_NUMBER_LOCALE): CostDetails {
  const values = usableRows(meta.costs).flatMap((row) => (hasDigits(row) ? costTokens(row).map((t) => normalizeToken(t, locale)) : [textSlug(row)]));
  const unique = [...new Set(values)];
  // Stable sort: text slugs count as 0 (PHP numeric cast), like TEC's keyed sort.
  unique.sort((a, b) => numericValue(a) - numericValue(b));
  return {
    currency_symbol: meta.currencySymbol ?? '',
    currency_code: meta.currencyCode ?? '',
    currency_position: meta.currencyPosition ?? '',
    values: unique,
  };
}
