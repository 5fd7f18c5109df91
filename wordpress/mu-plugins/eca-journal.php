<?php
/**
 * Plugin Name: Events Calendar API journal
 * Description: Tells the events-calendar-api service exactly which posts, terms and options WordPress changed, so it retires only the answers that show them.
 * Version: 1.0.0
 * License: GPL-2.0-or-later
 *
 * Copy this file into wp-content/mu-plugins/ of a site the service reads (docs/caching.md, "Writes made
 * by WordPress itself"). It needs the service's tables `{prefix}eca_cache_state` and
 * `{prefix}eca_cache_journal` (the service creates them at its first start on the database); without
 * them it does nothing. MySQL/MariaDB only. It also deletes the rows of the service's read model
 * (`{prefix}eca_read_model`) that show what the request touched, so the service's next answer is
 * rendered from what WordPress wrote.
 *
 * What it writes is what the service's own writes write (src/cache/repository/data-version.repository.ts):
 * one of the 32 data-version counters bumped and, under the value it was bumped to, the cache keys the
 * request touched (src/wordpress/cache-keys.ts): `post:ID` and `type:POST_TYPE` for each post written
 * (its row, meta or terms), `taxonomy:NAME` for each term written, `tt:TERM_TAXONOMY_ID` and
 * `counts:TAXONOMY` for each term count moved, `*` (everything) for a site option or a user (`options`
 * for TEC's known range alone). WordPress
 * commits each statement as it goes, so the row is written once at the end of the request (and every
 * 500 keys on long ones, such as a WP-CLI import): an answer read in between is filed under the old
 * version and retired by the bump.
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

final class ECA_Journal {
	/** The service's limit for one journal row: a request touching more retires everything. */
	const MAX_KEYS = 2000;
	/** A long request writes a row every this many keys. */
	const FLUSH_AT = 500;
	/** The service's number of data-version counters. */
	const SHARDS = 32;
	/** Journal rows kept per counter, pruned every PRUNE_EVERY values (as the service prunes them). */
	const JOURNAL_KEPT = 4096;
	const PRUNE_EVERY = 256;
	const EVERYTHING = '*';
	/** Keys with a counter of their own in eca_read_epoch (row 2, 3, …): src/read-model/broad-keys.ts, same order. */
	const BROAD_KEYS = array( 'taxonomy:tribe_events_cat', 'taxonomy:post_tag' );

	/** @var array<string, true> The keys touched since the last row. */
	private static $keys = array();

	public static function boot() {
		add_action( 'save_post', array( __CLASS__, 'post' ), 10, 2 );
		add_action( 'deleted_post', array( __CLASS__, 'post' ), 10, 2 );
		foreach ( array( 'add_attachment', 'edit_attachment', 'delete_attachment' ) as $hook ) {
			add_action( $hook, array( __CLASS__, 'post_id' ), 10, 1 );
		}
		foreach ( array( 'added_post_meta', 'updated_post_meta', 'deleted_post_meta' ) as $hook ) {
			add_action( $hook, array( __CLASS__, 'post_meta' ), 10, 3 );
		}
		add_action( 'set_object_terms', array( __CLASS__, 'object_terms' ), 10, 6 );
		foreach ( array( 'created_term', 'edited_term' ) as $hook ) {
			add_action( $hook, array( __CLASS__, 'term' ), 10, 3 );
		}
		add_action( 'delete_term', array( __CLASS__, 'deleted_term' ), 10, 5 );
		// After a term's count is written (wp_update_term_count_now) and after a term is edited.
		add_action( 'edited_term_taxonomy', array( __CLASS__, 'count' ), 10, 2 );
		foreach ( array( 'added_option', 'deleted_option' ) as $hook ) {
			add_action( $hook, array( __CLASS__, 'option' ), 10, 1 );
		}
		add_action( 'updated_option', array( __CLASS__, 'option' ), 10, 3 );
		foreach ( array( 'user_register', 'profile_update', 'deleted_user', 'set_user_role' ) as $hook ) {
			add_action( $hook, array( __CLASS__, 'everything' ), 10, 0 );
		}
		foreach ( array( 'added_user_meta', 'updated_user_meta', 'deleted_user_meta' ) as $hook ) {
			add_action( $hook, array( __CLASS__, 'user_meta' ), 10, 3 );
		}
		add_action( 'shutdown', array( __CLASS__, 'flush' ), PHP_INT_MAX, 0 );
	}

	/** A post written or deleted: its row, and its type's lists. */
	public static function post( $post_id, $post = null ) {
		// wp-admin saves an auto-draft when an editor opens "Add New": no answer shows one.
		if ( $post instanceof WP_Post && 'auto-draft' === $post->post_status ) {
			return;
		}
		$type = $post instanceof WP_Post ? $post->post_type : get_post_type( $post_id );
		self::touch_post( (int) $post_id, $type );
	}

	public static function post_id( $post_id ) {
		self::touch_post( (int) $post_id, get_post_type( $post_id ) );
	}

	public static function post_meta( $meta_ids, $post_id, $meta_key ) {
		// wp-admin rewrites the edit lock every few seconds while an editor is open; no answer shows it.
		if ( '_edit_lock' === $meta_key ) {
			return;
		}
		self::touch_post( (int) $post_id, get_post_type( $post_id ) );
	}

	/** An object's terms set: the post, and the count of each term it gained or lost. */
	public static function object_terms( $object_id, $terms, $tt_ids, $taxonomy, $append, $old_tt_ids ) {
		self::touch_post( (int) $object_id, get_post_type( $object_id ) );
		$new = array_map( 'intval', (array) $tt_ids );
		$old = array_map( 'intval', (array) $old_tt_ids );
		foreach ( array_merge( array_diff( $new, $old ), $append ? array() : array_diff( $old, $new ) ) as $tt_id ) {
			self::count( $tt_id, $taxonomy );
		}
	}

	public static function term( $term_id, $tt_id, $taxonomy ) {
		self::add( 'taxonomy:' . $taxonomy );
	}

	/** A term deleted: its taxonomy, and the posts that had it (their terms changed). */
	public static function deleted_term( $term_id, $tt_id, $taxonomy, $deleted_term = null, $object_ids = array() ) {
		self::add( 'taxonomy:' . $taxonomy );
		self::count( $tt_id, $taxonomy );
		// A term on more posts than one row may name: everything, without looking each post up.
		if ( count( (array) $object_ids ) > self::MAX_KEYS ) {
			self::everything();
			return;
		}
		foreach ( (array) $object_ids as $object_id ) {
			self::touch_post( (int) $object_id, get_post_type( $object_id ) );
		}
	}

	public static function count( $tt_id, $taxonomy ) {
		$name = is_object( $taxonomy ) ? $taxonomy->name : (string) $taxonomy;
		self::add( 'tt:' . (int) $tt_id );
		self::add( 'counts:' . $name );
	}

	/**
	 * A site option: everything, but for what changes on ordinary page views and no answer reads. TEC's
	 * known range (the four keys it rewrites in its options array when an event moves the calendar's
	 * first or last date) is shown by no answer: an update changing nothing else names only `options`,
	 * the service's memo of the option values (src/events/repository/known-range.ts writes it alike).
	 */
	public static function option( $name, $old_value = null, $value = null ) {
		if ( preg_match( '/^(_site)?_transient_|^(cron|doing_cron)$/', (string) $name ) ) {
			return;
		}
		if ( 'tribe_events_calendar_options' === $name && 3 === func_num_args() && self::only_known_range( $old_value, $value ) ) {
			self::add( 'options' );
			return;
		}
		self::everything();
	}

	/** Whether the two option arrays differ in TEC's known range only (strictly equal otherwise, order included). */
	private static function only_known_range( $old_value, $value ) {
		if ( ! is_array( $old_value ) || ! is_array( $value ) ) {
			return false;
		}
		$range = array_flip( array( 'earliest_date', 'latest_date', 'earliest_date_markers', 'latest_date_markers' ) );
		return array_diff_key( $old_value, $range ) === array_diff_key( $value, $range );
	}

	/** A user's role, capabilities or application passwords: everything (remembered logins included). */
	public static function user_meta( $meta_ids, $user_id, $meta_key ) {
		global $wpdb;
		if ( in_array( $meta_key, array( $wpdb->prefix . 'capabilities', $wpdb->prefix . 'user_level', '_application_passwords' ), true ) ) {
			self::everything();
		}
	}

	public static function everything() {
		self::add( self::EVERYTHING );
	}

	private static function touch_post( $post_id, $type ) {
		if ( $post_id <= 0 ) {
			return;
		}
		if ( ! $type ) {
			// A post whose type is gone: the service cannot say what shows it.
			self::everything();
			return;
		}
		self::add( 'post:' . $post_id );
		self::add( 'type:' . $type );
	}

	private static function add( $key ) {
		self::$keys[ $key ] = true;
		if ( count( self::$keys ) >= self::FLUSH_AT ) {
			self::flush();
		}
	}

	/** Bumps this connection's counter and journals the keys, in one transaction (the service reads both at one commit). */
	public static function flush() {
		global $wpdb;
		if ( ! self::$keys ) {
			return;
		}
		$keys       = isset( self::$keys[ self::EVERYTHING ] ) || count( self::$keys ) > self::MAX_KEYS ? self::EVERYTHING : implode( ' ', array_keys( self::$keys ) );
		self::$keys = array();
		$state      = $wpdb->prefix . 'eca_cache_state';
		$journal    = $wpdb->prefix . 'eca_cache_journal';
		$shard      = '1 + CONNECTION_ID() % ' . self::SHARDS;
		$suppress   = $wpdb->suppress_errors( true );
		$wpdb->query( 'START TRANSACTION' );
		// LAST_INSERT_ID(expr) keeps the new value for this connection's next SELECT LAST_INSERT_ID().
		if ( $wpdb->query( "UPDATE `$state` SET version = LAST_INSERT_ID(version + 1) WHERE id = $shard" ) ) {
			$value = (int) $wpdb->get_var( 'SELECT LAST_INSERT_ID()' );
			$wpdb->query( $wpdb->prepare( "INSERT INTO `$journal` (shard, value, cache_keys) VALUES ($shard, %d, %s)", $value, $keys ) );
			if ( 0 === $value % self::PRUNE_EVERY ) {
				$wpdb->query( $wpdb->prepare( "DELETE FROM `$journal` WHERE shard = $shard AND value <= %d", $value - self::JOURNAL_KEPT ) );
			}
			// After the bump, as the service's writes do: a read model row filled meanwhile is then either refused or deleted here.
			self::retire_read_model( $keys );
		}
		$wpdb->query( 'COMMIT' );
		$wpdb->suppress_errors( $suppress );
	}

	/**
	 * Deletes the service's read model rows that show any of the keys (src/read-model/read-model.ts,
	 * `retire`); for everything, moves the epoch, which retires every row at once; for a broad key
	 * (src/read-model/broad-keys.ts, same order), moves its own counter, which retires every row that
	 * shows it at once.
	 */
	private static function retire_read_model( $keys ) {
		global $wpdb;
		$model  = $wpdb->prefix . 'eca_read_model';
		$epochs = $wpdb->prefix . 'eca_read_epoch';
		if ( self::EVERYTHING === $keys ) {
			$wpdb->query( "UPDATE `$epochs` SET epoch = epoch + 1 WHERE id = 1" );
			return;
		}
		$names = explode( ' ', $keys );
		$broad = array_intersect( self::BROAD_KEYS, $names );
		if ( $broad ) {
			$ids = array_map( function ( $index ) {
				return $index + 2;
			}, array_keys( $broad ) );
			$wpdb->query( "UPDATE `$epochs` SET epoch = epoch + 1 WHERE id IN (" . implode( ', ', $ids ) . ')' );
			$names = array_values( array_diff( $names, self::BROAD_KEYS ) );
			if ( ! $names ) {
				return;
			}
		}
		$in    = implode( ', ', array_fill( 0, count( $names ), '%s' ) );
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT DISTINCT kind, id FROM `{$wpdb->prefix}eca_read_deps` WHERE dep_key IN ($in)", $names ) );
		$kinds = array();
		foreach ( (array) $rows as $row ) {
			$kinds[ $row->kind ][] = (int) $row->id;
		}
		foreach ( $kinds as $kind => $ids ) {
			sort( $ids );
			foreach ( array_chunk( $ids, 500 ) as $chunk ) {
				$wpdb->query( $wpdb->prepare( "DELETE FROM `$model` WHERE kind = %s AND id IN (" . implode( ', ', $chunk ) . ')', $kind ) );
			}
		}
	}
}

ECA_Journal::boot();
