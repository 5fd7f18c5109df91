import { parseFields, pickFields } from '../../../src/rest/global-params/response-fields';
import { restRouteUrl } from '../../../src/rest/global-params/rest-route';

describe('_fields', () => {
  const pick = (raw: unknown, data: unknown) => {
    const tree = parseFields(raw);
    return tree ? JSON.parse(JSON.stringify(pickFields(data, tree))) : data;
  };

  it('names nothing: the answer is left whole', () => {
    for (const raw of [undefined, '', ' , ', [], [1, 2], {}]) expect(parseFields(raw)).toBeUndefined();
  });

  it('keeps named keys, nested ones inside objects, and ignores names the data lacks', () => {
    const data = { id: 1, venue: { city: 'Lyon', zip: '69001' }, title: 't' };
    expect(pick('id,venue.city,ghost,venue.ghost.deeper', data)).toEqual({ id: 1, venue: { city: 'Lyon' } });
  });

  it('a parent named whole wins, whichever comes first', () => {
    const data = { venue: { city: 'Lyon', zip: '69001' } };
    expect(pick('venue.city,venue', data)).toEqual(data);
    expect(pick('venue,venue.city', data)).toEqual(data);
  });

  it('filters each item of a list, at the top and nested', () => {
    expect(pick('id', [{ id: 1, x: 2 }, { id: 3 }])).toEqual([{ id: 1 }, { id: 3 }]);
    expect(pick('events.id', { events: [{ id: 1, x: 2 }], total: 1 })).toEqual({ events: [{ id: 1 }] });
  });

  it('a nested name on a scalar or null keeps the value as it is', () => {
    expect(pick('image.url', { image: false })).toEqual({ image: false });
    expect(pick('venue.city', { venue: null })).toEqual({ venue: null });
  });

  it('never reads or writes through a prototype', () => {
    const result = pickFields({ id: 1 }, parseFields('__proto__.polluted,constructor,toString,hasOwnProperty')!);
    expect(Object.keys(result as object)).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('?rest_route=', () => {
  it('turns the plain-permalink form into the pretty URL, keeping the other parameters', () => {
    expect(restRouteUrl('/?rest_route=/tribe/events/v1/events&page=2', '/wp-json')).toBe('/wp-json/tribe/events/v1/events?page=2');
    expect(restRouteUrl('/index.php?rest_route=%2Ftribe%2Fevents%2Fv1%2Fevents', '/api')).toBe('/api/tribe/events/v1/events');
    expect(restRouteUrl('/fr/?rest_route=/tribe/events/v1/events', '/wp-json')).toBe('/fr/wp-json/tribe/events/v1/events');
  });

  it('an empty route is the index; a route is a path whose ? and # are escaped', () => {
    expect(restRouteUrl('/?rest_route=', '/wp-json')).toBe('/wp-json/');
    expect(restRouteUrl('/?rest_route=/a%3Fb%23c%20d', '/wp-json')).toBe('/wp-json/a%3Fb%23c%20d');
  });

  it('leaves other URLs alone', () => {
    for (const url of ['/', '/?page=2', '/wp-json/?rest_route=/x', '/events/?rest_route=/x', '/?not_rest_route=/x']) {
      expect(restRouteUrl(url, '/wp-json')).toBeUndefined();
    }
  });
});
