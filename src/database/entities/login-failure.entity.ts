import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** `{prefix}eca_login_failures`: failed Basic logins per client in a window (migration LoginFailures). */
@Entity({ name: 'eca_login_failures' })
export class LoginFailureEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 }) client: string;
  @Column({ type: 'int', unsigned: true }) failures: number;
  /** Epoch milliseconds. */
  @Index('window_start') @Column({ type: 'bigint', unsigned: true }) window_start: number;
}
