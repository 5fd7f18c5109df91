/**
 * Event cost (formats.md §2, events.md §4.6). Pure functions; the events service reads/writes the meta.
 *
 *   prepareEventCost(input: string | number | Array<string | number>): PreparedCost
 *       → { costs: string[] (`_EventCost` rows), currencySymbol: string | null, currencyPosition: 'prefix' | 'postfix' | null }
 *         (null = nothing derived: write no row on create)
 *   deriveCurrency(rows: string[]): { symbol, position }
 *   renderCost({ costs, currencySymbol?, currencyPosition? }, { defaultCurrencySymbol?, reverseCurrencyPosition? }): string
 *       → the response `cost` (`$10`, `Free – 30$`, `""`)
 *   costDetails({ costs, currencySymbol?, currencyPosition?, currencyCode? }, locale?): CostDetails
 *       → the response `cost_details` ({ currency_symbol, currency_code, currency_position, values })
 *   costTokens(text), normalizeToken(token, locale?), isPlainNumber(token): the token rules.
 */
export type { CostInput, CurrencyPosition, PreparedCost } from './prepare-cost';
export { deriveCurrency, prepareEventCost } from './prepare-cost';
export type { CostDetails, CostSiteOptions, StoredCostMeta } from './render-cost';
export { costDetails, renderCost } from './render-cost';
export type { NumberLocale } from './cost-tokens';
export { DEFAULT_NUMBER_LOCALE, costTokens, isPlainNumber, normalizeToken } from './cost-tokens';
