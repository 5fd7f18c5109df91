/**
 * What a `cost` input stores (formats.md §2.1–§2.2, events.md §4.6): `_EventCost` rows (raw text,
 * tags stripped, entities decoded; PHP-empty values `0`/`"0"`/`""` dropped) and the currency
 * symbol/position derived from the input.
 */
import { phpEmpty, sanitizeMetaString } from '../../wordpress/rendering';
import { costTokens, hasDigits } from './cost-tokens';

export type CostInput = string | number | Array<string | number>;
export type CurrencyPosition = 'prefix' | 'postfix';

export interface PreparedCost {
  /** `_EventCost` rows in order (none = no cost). */
  costs: string[];
  /** `_EventCurrencySymbol`, or null when nothing was derived (not written on create). */
  currencySymbol: string | null;
  /** `_EventCurrencyPosition`, or null when nothing was derived. */
  currencyPosition: CurrencyPosition | null;
}

/** PHP `empty()` on a scalar. */

/** PHP's string form of a number (`12.5`, `10`). */
const asText = (value: string | number) => (typeof value === 'number' ? String(value) : value);

/**
 * Symbol and position (§2.2): elements = the input split at commas (arrays element-wise); elements
 * without digits take no part (live: `"Free, 10"` derives nothing, `["Free","10$"]` derives `$`);
 * tokens tₖ (duplicates dropped) pair with elements eₖ; symbolₖ = eₖ without tₖ, trimmed. More
 * tokens than elements, differing or empty symbols → no symbol. Position: `prefix` when the symbol
 * starts the trimmed element, else `postfix`; all must agree, else none.
 */
export function deriveCurrency(rows: string[]): { symbol: string | null; position: CurrencyPosition | null } {
  const elements = rows.flatMap((row) => row.split(',')).filter(hasDigits);
  const tokens = [...new Set(elements.flatMap(costTokens))];
  if (tokens.length === 0 || tokens.length > elements.length) return { symbol: null, position: null };
  const pairs = tokens.map((token, k) => {
    const element = elements[k].trim();
    return { element, symbol: element.replace(token, '').trim() };
  });
  const symbol = pairs[0].symbol;
  if (symbol === '' || pairs.some((p) => p.symbol !== symbol)) return { symbol: null, position: null };
  const positions = new Set(pairs.map((p): CurrencyPosition => (p.element.startsWith(symbol) ? 'prefix' : 'postfix')));
  return { symbol, position: positions.size === 1 ? [...positions][0] : null };
}

export function prepareEventCost(input: CostInput): PreparedCost {
  const values = Array.isArray(input) ? input : [input];
  const costs = values.map((v) => sanitizeMetaString(asText(v))).filter((v) => !phpEmpty(v));
  const { symbol, position } = deriveCurrency(costs);
  return { costs, currencySymbol: symbol, currencyPosition: position };
}
