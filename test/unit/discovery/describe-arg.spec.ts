import { describeArg } from '../../../src/discovery/namespace-index';
import { ArgSpec, indexKeywordsOf, RestArg, restArgsOf } from '../../../src/rest/params/rest-arg.decorator';

const ctx = {
  site: { now: new Date('2026-11-22T02:35:13Z'), timezone: 'UTC', perPage: '10', namespace: 'tribe/events/v1' },
  t: (_key: string | undefined, english: string) => english,
  restRoot: 'http://example.org/wp-json',
};

describe('an argument as the namespace index shows it', () => {
  it('lists the declared keywords, never `type` for arrays, then required', () => {
    const list: ArgSpec = { type: 'array', description: 'IDs', items: 'integer', default: null };
    expect(indexKeywordsOf(list)).toEqual(['default', 'description', 'items']);
    expect(describeArg(list, ctx)).toEqual({ default: null, description: 'IDs', items: { type: 'integer' }, required: false });
    expect(Object.keys(describeArg({ type: 'string', description: 'Name', required: true }, ctx))).toEqual(['type', 'description', 'required']);
  });

  it('follows indexKeys, computes defaultAt per request and shows null for a listed default without value', () => {
    const perPage: ArgSpec = { type: 'integer', description: 'Size', defaultAt: (site) => site.perPage, indexKeys: ['default', 'description', 'type'] };
    expect(Object.entries(describeArg(perPage, ctx))).toEqual([
      ['default', '10'],
      ['description', 'Size'],
      ['type', 'integer'],
      ['required', false],
    ]);
    expect(describeArg({ type: 'string', description: 'x', indexKeys: ['type', 'default'] }, ctx)).toEqual({ type: 'string', default: null, required: false });
    expect(describeArg({ type: 'string', description: 'x', format: 'string', indexKeys: ['format', 'description'] }, ctx)).toEqual({
      format: 'string',
      description: 'x',
      required: false,
    });
  });

  it('uses the translation of the catalog key', () => {
    const t = (key: string | undefined, english: string) => (key === 'Dto.name' ? 'Nom' : english);
    expect(describeArg({ type: 'string', description: 'Name', i18nKey: 'Dto.name' }, { ...ctx, t }).description).toBe('Nom');
  });
});

describe('the @RestArg registry', () => {
  class Base {
    @RestArg({ type: 'integer', description: 'a' }) a?: number;
    @RestArg({ type: 'integer', description: 'c' }) c?: number;
  }
  class Derived extends Base {
    @RestArg({ type: 'integer', description: 'b', before: 'c' }) b?: number;
    @RestArg({ type: 'string', description: 'a again' }) declare a?: number;
  }

  it('names catalog keys after the declaring class and keeps the declared order', () => {
    expect([...restArgsOf(Base)].map(([n, s]) => [n, s.i18nKey])).toEqual([
      ['a', 'Base.a'],
      ['c', 'Base.c'],
    ]);
  });

  it('inserts an argument before an inherited one and keeps a re-declared one in place', () => {
    expect([...restArgsOf(Derived).keys()]).toEqual(['a', 'b', 'c']);
    expect(restArgsOf(Derived).get('a')!.i18nKey).toBe('Derived.a');
    expect([...restArgsOf(Base).keys()]).toEqual(['a', 'c']);
  });
});
