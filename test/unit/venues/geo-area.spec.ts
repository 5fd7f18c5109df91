import { distanceKm, inArea, searchArea, storedCoordinates } from '../../../src/venues/geo/geo-area';

const PARIS = { lat: 48.8566, lng: 2.3522 };

describe('geolocation geometry', () => {
  it('measures great-circle distances as Events Calendar Pro does (haversine, R = 6371 km)', () => {
    expect(distanceKm(PARIS, { lat: 45.764, lng: 4.8357 })).toBeCloseTo(391.5, 0);
    expect(distanceKm(PARIS, PARIS)).toBe(0);
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371, 6);
  });

  it('decides membership exactly: the unit-vector test agrees with the haversine distance', () => {
    const area = searchArea(PARIS, 25);
    for (let i = 0; i < 2000; i++) {
      const point = { lat: PARIS.lat + (Math.random() - 0.5), lng: PARIS.lng + (Math.random() - 0.5) * 1.5 };
      const d = distanceKm(PARIS, point);
      if (Math.abs(d - 25) < 1e-6) continue;
      expect(inArea(area, point)).toBe(d <= 25);
      // The box never leaves out a point of the circle.
      if (d <= 25) {
        expect(point.lat).toBeGreaterThanOrEqual(area.minLat);
        expect(point.lat).toBeLessThanOrEqual(area.maxLat);
        expect(area.lngRanges.some(([w, e]) => point.lng >= w && point.lng <= e)).toBe(true);
      }
    }
  });

  it('splits the box at the antimeridian and spans every longitude around a pole', () => {
    const fiji = searchArea({ lat: -17.7, lng: 179.95 }, 20);
    expect(fiji.lngRanges).toHaveLength(2);
    expect(fiji.lngRanges[1][0]).toBe(-180);
    expect(inArea(fiji, { lat: -17.7, lng: -179.9 })).toBe(true);
    const west = searchArea({ lat: 10, lng: -179.99 }, 50);
    expect(west.lngRanges[0][1]).toBe(180);
    const north = searchArea({ lat: 89.9, lng: 0 }, 50);
    expect(north.lngRanges).toEqual([]);
    expect(north.maxLat).toBe(90);
    expect(inArea(north, { lat: 89.9, lng: 180 })).toBe(true);
    expect(searchArea(PARIS, 20_000).lngRanges).toEqual([]);
  });

  it('reads stored coordinates as TEC does (float cast, both non-zero) and keeps only places', () => {
    expect(storedCoordinates('48.8566', ' 2.3522')).toEqual(PARIS);
    expect(storedCoordinates('48.8566abc', '2')).toEqual({ lat: 48.8566, lng: 2 });
    expect(storedCoordinates('0', '2')).toBeUndefined();
    expect(storedCoordinates('', '')).toBeUndefined();
    expect(storedCoordinates('north', '2')).toBeUndefined();
    expect(storedCoordinates('91', '2')).toBeUndefined();
    expect(storedCoordinates('45', '-181')).toBeUndefined();
    expect(storedCoordinates(undefined, '2')).toBeUndefined();
  });
});
