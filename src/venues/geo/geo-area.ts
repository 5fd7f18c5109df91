/**
 * The geometry of the geolocation filter (docs/geolocation.md), as pure functions: a search area is a
 * spherical cap (centre, radius), found through a latitude/longitude bounding box on the indexed
 * coordinates and decided exactly by comparing unit vectors: the great-circle distance d between two
 * points satisfies cos(d / R) = a · b, so "within r" is `a · b >= cos(r / R)` — the haversine distance
 * of Events Calendar Pro's `Geo_Loc::get_distance_between_coords`, on the same sphere, without any
 * trigonometry in SQL.
 */

/** Earth radius in km: Events Calendar Pro's `Tribe__Events__Pro__Geo_Loc::EARTH_RADIO`. */
export const EARTH_RADIUS_KM = 6371;
/** The radius a list uses when `geoloc_radius` is not given (documented default). */
export const DEFAULT_RADIUS_KM = 25;
/** Half the circumference: every radius from here on covers the whole planet. */
export const MAX_RADIUS_KM = 20_000;

export interface Coordinates {
  lat: number;
  lng: number;
}

export type UnitVector = readonly [number, number, number];

/** A searched cap: the box the index reads, and the exact test of each candidate. */
export interface SearchArea {
  minLat: number;
  maxLat: number;
  /** Longitude intervals (two when the box crosses the antimeridian); empty: every longitude. */
  lngRanges: [number, number][];
  centre: UnitVector;
  /** A point is inside when its unit vector · centre ≥ minDot. */
  minDot: number;
}

const RAD = Math.PI / 180;

export function isLatitude(value: number): boolean {
  return Number.isFinite(value) && value >= -90 && value <= 90;
}

export function isLongitude(value: number): boolean {
  return Number.isFinite(value) && value >= -180 && value <= 180;
}

export function unitVector({ lat, lng }: Coordinates): UnitVector {
  const phi = lat * RAD;
  const lambda = lng * RAD;
  return [Math.cos(phi) * Math.cos(lambda), Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
}

/** Haversine great-circle distance in km (Pro's formula), for documentation and tests. */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The area within `radiusKm` of `centre`. The latitude band is exact (±r/R); the longitude half-width
 * at the centre's latitude is asin(sin(r/R) / cos(lat)), the widest the cap reaches; a cap that
 * contains a pole spans every longitude.
 */
export function searchArea(centre: Coordinates, radiusKm: number): SearchArea {
  const angle = Math.min(radiusKm / EARTH_RADIUS_KM, Math.PI);
  const minDot = Math.cos(angle);
  const dLat = angle / RAD;
  const minLat = centre.lat - dLat;
  const maxLat = centre.lat + dLat;
  const whole = { minLat: Math.max(minLat, -90), maxLat: Math.min(maxLat, 90), lngRanges: [], centre: unitVector(centre), minDot };
  if (minLat <= -90 || maxLat >= 90) return whole;
  const ratio = Math.sin(angle) / Math.cos(centre.lat * RAD);
  if (ratio >= 1) return whole;
  const dLng = Math.asin(ratio) / RAD;
  const [west, east] = [centre.lng - dLng, centre.lng + dLng];
  let lngRanges: [number, number][] = [[west, east]];
  if (west < -180)
    lngRanges = [
      [west + 360, 180],
      [-180, east],
    ];
  else if (east > 180)
    lngRanges = [
      [west, 180],
      [-180, east - 360],
    ];
  return { minLat, maxLat, lngRanges, centre: whole.centre, minDot };
}

/** Whether a point lies in the area (the exact test, as the SQL writes it). */
export function inArea(area: SearchArea, point: Coordinates): boolean {
  const [x, y, z] = unitVector(point);
  return x * area.centre[0] + y * area.centre[1] + z * area.centre[2] >= area.minDot;
}

/**
 * A venue's coordinates from its meta strings, as TEC reads them (`tribe_get_coordinates` casts to
 * float; a venue shows them only when both are non-zero): parsed like PHP's `(float)`, and kept only
 * when they name a place (in range).
 */
export function storedCoordinates(lat: string | undefined, lng: string | undefined): Coordinates | undefined {
  const parsed = { lat: Number.parseFloat(lat ?? ''), lng: Number.parseFloat(lng ?? '') };
  if (!isLatitude(parsed.lat) || !isLongitude(parsed.lng) || parsed.lat === 0 || parsed.lng === 0) return undefined;
  return parsed;
}
