import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** `{prefix}users` (WordPress core DDL). */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) ID: number;
  @Index('user_login_key') @Column({ type: 'varchar', length: 60, default: '' }) user_login: string;
  @Column({ type: 'varchar', length: 255, default: '' }) user_pass: string;
  @Index('user_nicename') @Column({ type: 'varchar', length: 50, default: '' }) user_nicename: string;
  @Index('user_email') @Column({ type: 'varchar', length: 100, default: '' }) user_email: string;
  @Column({ type: 'varchar', length: 100, default: '' }) user_url: string;
  /** `YYYY-MM-DD HH:MM:SS`, UTC. */
  @Column({ type: 'datetime' }) user_registered: string;
  @Column({ type: 'varchar', length: 255, default: '' }) user_activation_key: string;
  @Column({ type: 'int', default: 0 }) user_status: number;
  @Column({ type: 'varchar', length: 250, default: '' }) display_name: string;
}

/** `{prefix}options` (WordPress core DDL). */
@Entity({ name: 'options' })
export class OptionEntity {
  @PrimaryGeneratedColumn({ type: 'bigint', unsigned: true }) option_id: number;
  @Index('option_name', { unique: true }) @Column({ type: 'varchar', length: 191, default: '' }) option_name: string;
  @Column({ type: 'text' }) option_value: string;
  @Index('autoload') @Column({ type: 'varchar', length: 20, default: 'yes' }) autoload: string;
}
