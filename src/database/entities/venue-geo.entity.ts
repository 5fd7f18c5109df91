import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** `{prefix}eca_venue_geo`: the venues' coordinates as numbers, rebuilt from their meta (migration VenueGeo). */
@Entity({ name: 'eca_venue_geo' })
@Index('eca_venue_geo_lat_lng', ['lat', 'lng', 'x', 'y', 'z'])
export class VenueGeoEntity {
  @PrimaryColumn({ type: 'bigint', unsigned: true }) venue_id: number;
  @Column({ type: 'double' }) lat: number;
  @Column({ type: 'double' }) lng: number;
  /** The unit vector of (lat, lng), for the exact distance test. */
  @Column({ type: 'double' }) x: number;
  @Column({ type: 'double' }) y: number;
  @Column({ type: 'double' }) z: number;
}
