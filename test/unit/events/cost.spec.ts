import { costDetails, normalizeToken, prepareEventCost, renderCost } from '../../../src/events/cost';

/** Input → stored symbol/position → rendered cost → cost_details.values (formats.md §2.3, live install). */
const TABLE: Array<[unknown, string | null, string | null, string, string[]]> = [
  ['20$', '$', 'postfix', '20$', ['20']],
  [['0$', '20$', '30$'], '$', 'postfix', 'Free – 30$', ['0', '20', '30']],
  ['$10', '$', 'prefix', '$10', ['10']],
  ['10 - 20', null, null, '$10 – $20', ['10', '20']],
  ['10-20', null, null, '$10 – $20', ['10', '20']],
  [['10', '20'], null, null, '$10 – $20', ['10', '20']],
  ['$5 - $10', null, null, '$5 – $10', ['5', '10']],
  ['5$ - $10', null, null, '$5 – $10', ['5', '10']],
  ['5 USD', 'USD', 'postfix', '5USD', ['5']],
  ['€5, €15', '€', 'prefix', '€15', ['5.', '15']],
  ['1,000.50 €', null, null, '$.50', ['.50', '1000']],
  ['1.000,50', null, null, '$1.000', ['.50', '1.000']],
  ['1,000', null, null, '$1,000', ['1000']],
  ['1,000 - 2,000', null, null, 'Free', ['1000', '2000']],
  ['1,5', null, null, '$1,5', ['1.5']],
  ['Free, 10', null, null, '$10', ['10']],
  [['Free', '10$'], '$', 'postfix', '10$', ['free', '10']],
  [['Donation', 'Tip'], null, null, 'Free', ['donation', 'tip']],
  ['0.00', null, null, 'Free', ['0.00']],
  [12.5, null, null, '$12.5', ['12.5']],
  ['0', null, null, '', []],
  [0, null, null, '', []],
  ['', null, null, '', []],
  [[], null, null, '', []],
  ['Free', null, null, 'Free', ['free']],
  ['Donation', null, null, 'Donation', ['donation']],
];

describe('cost: observed examples (formats.md §2.3 table)', () => {
  it.each(TABLE)('%j', (input, symbol, position, cost, values) => {
    const prepared = prepareEventCost(input as never);
    expect([prepared.currencySymbol, prepared.currencyPosition]).toEqual([symbol, position]);
    const meta = { costs: prepared.costs, currencySymbol: prepared.currencySymbol, currencyPosition: prepared.currencyPosition };
    expect(renderCost(meta)).toBe(cost);
    expect(costDetails(meta).values).toEqual(values);
  });
});

describe('prepareEventCost: stored rows (§2.2)', () => {
  it('stores one row per array element and one row for a string', () => {
    expect(prepareEventCost(['0$', '20$', '30$']).costs).toEqual(['0$', '20$', '30$']);
    expect(prepareEventCost('10 - 20').costs).toEqual(['10 - 20']);
    expect(prepareEventCost(12.5).costs).toEqual(['12.5']);
  });
  it('strips tags and decodes entities; drops PHP-empty values', () => {
    expect(prepareEventCost('<b>$10</b>').costs).toEqual(['$10']);
    expect(prepareEventCost('10 &euro;')).toEqual({ costs: ['10 €'], currencySymbol: '€', currencyPosition: 'postfix' });
    expect(prepareEventCost(['0', '5$', '']).costs).toEqual(['5$']);
  });
  it('derives no position when elements disagree, and nothing for differing symbols', () => {
    expect(prepareEventCost(['$5', '10$'])).toMatchObject({ currencySymbol: '$', currencyPosition: null });
    expect(prepareEventCost(['$5', '10 €'])).toMatchObject({ currencySymbol: null, currencyPosition: null });
  });
});

describe('renderCost: TEC test examples and site options (§2.3)', () => {
  it('decorates with the stored symbol and position', () => {
    expect(renderCost({ costs: ['23'], currencySymbol: '$', currencyPosition: 'prefix' })).toBe('$23');
    expect(renderCost({ costs: ['23'], currencySymbol: '€', currencyPosition: 'postfix' })).toBe('23€');
  });
  it('falls back to the site default symbol and reverseCurrencyPosition', () => {
    expect(renderCost({ costs: ['20'] })).toBe('$20');
    expect(renderCost({ costs: ['20'] }, { defaultCurrencySymbol: '£' })).toBe('£20');
    expect(renderCost({ costs: ['20'] }, { defaultCurrencySymbol: '€', reverseCurrencyPosition: true })).toBe('20€');
    expect(renderCost({ costs: ['20'], currencyPosition: 'prefix' }, { reverseCurrencyPosition: '1' })).toBe('$20');
  });
  it('collapses equal values and ignores empty rows', () => {
    expect(renderCost({ costs: ['7$', '7$'], currencySymbol: '$', currencyPosition: 'postfix' })).toBe('7$');
    expect(renderCost({ costs: ['', null] })).toBe('');
    expect(renderCost({ costs: ['', '15'] })).toBe('$15');
  });
  it('takes min and max numerically', () => {
    expect(renderCost({ costs: ['100', '9.5', '20'] })).toBe('$9.5 – $100');
  });
});

describe('costDetails (§2.4)', () => {
  it('returns the currency meta or "" and sorted string values (Q7)', () => {
    expect(costDetails({ costs: ['23'], currencySymbol: '$', currencyPosition: 'prefix', currencyCode: 'USD' })).toEqual({
      currency_symbol: '$',
      currency_code: 'USD',
      currency_position: 'prefix',
      values: ['23'],
    });
    expect(costDetails({ costs: [] })).toEqual({ currency_symbol: '', currency_code: '', currency_position: '', values: [] });
    expect(costDetails({ costs: ['30', '5', '20'] }).values).toEqual(['5', '20', '30']);
  });
  it('normalises separators by the rules of §2.4', () => {
    expect(normalizeToken('1,000')).toBe('1000');
    expect(normalizeToken('1.000')).toBe('1.000');
    expect(normalizeToken('5,')).toBe('5.');
    expect(normalizeToken('1,5')).toBe('1.5');
    expect(normalizeToken('.50')).toBe('.50');
    expect(normalizeToken(',5.5')).toBe('5.5');
    expect(normalizeToken('1.000', { decimalPoint: ',', thousandsSeparator: '.' })).toBe('1000');
    expect(normalizeToken('1,000', { decimalPoint: ',', thousandsSeparator: '.' })).toBe('1.000');
  });
});
