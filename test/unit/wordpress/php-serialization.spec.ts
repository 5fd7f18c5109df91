import { isSerialized, maybeSerialize, maybeUnserialize, phpSerialize, phpUnserialize, sharedUnserialize } from '../../../src/wordpress/php-serialization';

describe('PHP serialization as WordPress uses it', () => {
  it('reads WordPress capability and application-password values', () => {
    expect(phpUnserialize('a:1:{s:13:"administrator";b:1;}')).toEqual({ administrator: true });
    expect(phpUnserialize('a:1:{i:0;a:2:{s:4:"uuid";s:1:"u";s:9:"last_used";N;}}')).toEqual([{ uuid: 'u', last_used: null }]);
  });

  it('counts string lengths in UTF-8 bytes', () => {
    expect(phpSerialize({ name: 'Café' })).toBe('a:1:{s:4:"name";s:5:"Café";}');
    expect(phpUnserialize('s:5:"Café";')).toBe('Café');
  });

  it('recognises serialized values like is_serialized()', () => {
    for (const v of ['a:0:{}', 's:1:"x";', 'b:1;', 'i:42;', 'd:1.5;', 'N;']) expect(isSerialized(v)).toBe(true);
    for (const v of ['abc', '', 'a:', 's:1:"x"', '1']) expect(isSerialized(v)).toBe(false);
  });

  it('never throws on damaged data', () => {
    expect(phpUnserialize('a:2:{i:0;')).toBeUndefined();
    expect(maybeUnserialize('a:2:{garbage}')).toBe('a:2:{garbage}');
  });

  it('maybe_serialize: arrays serialized, scalars as strings, serialized-looking strings serialized again', () => {
    expect(maybeSerialize(['x'])).toBe('a:1:{i:0;s:1:"x";}');
    expect(maybeSerialize(true)).toBe('1');
    expect(maybeSerialize(false)).toBe('');
    expect(maybeSerialize(7)).toBe('7');
    expect(maybeSerialize('b:1;')).toBe('s:4:"b:1;";');
  });
});

describe('sharedUnserialize', () => {
  it('parses each distinct value once and shares the result, frozen all the way down', () => {
    const raw = phpSerialize({ eventsSlug: 'events', posts_per_page: 10, 'custom-fields': [{ name: '_ecp_custom_1', label: 'Dress code' }] });
    const first = sharedUnserialize(raw) as Record<string, unknown>;
    expect(sharedUnserialize(`${raw}`)).toBe(first);
    expect(first).toEqual({ eventsSlug: 'events', posts_per_page: 10, 'custom-fields': [{ name: '_ecp_custom_1', label: 'Dress code' }] });
    expect(() => {
      (first['custom-fields'] as Record<string, unknown>[])[0].label = 'changed';
    }).toThrow(TypeError);
    expect(sharedUnserialize(phpSerialize({ eventsSlug: 'agenda' }))).toEqual({ eventsSlug: 'agenda' });
    expect([sharedUnserialize(undefined), sharedUnserialize('plain text')]).toEqual([undefined, 'plain text']);
  });
});
