<?php
/**
 * Real WordPress core (Debian's `wordpress` package, /usr/share/wordpress, or WORDPRESS_DIR) on a test
 * database, with the repository's must-use plugins loaded, doing the writes it is given: what wp-admin,
 * WP-CLI or another plugin would call. The Events Calendar itself is not loaded (it is not packaged);
 * its post types and taxonomies are registered as plain ones so that core's term functions accept them.
 *
 * Usage: php run-wordpress.php DATABASE CALLS_JSON, CALLS_JSON = [["wp_update_post", [{"ID": 100, ...}]], ...]
 * Prints the calls' results as JSON. Host 127.0.0.1:3306, user root, no password, prefix wp_ (the fixture's)
 * unless DB_HOST / DB_USER / DB_PASSWORD say otherwise.
 */
[, $database, $calls] = $argv;

define( 'DB_NAME', $database );
define( 'DB_USER', getenv( 'DB_USER' ) ?: 'root' );
define( 'DB_PASSWORD', getenv( 'DB_PASSWORD' ) ?: '' );
define( 'DB_HOST', getenv( 'DB_HOST' ) ?: '127.0.0.1:3306' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
define( 'WP_CONTENT_DIR', sys_get_temp_dir() . '/eca-wordpress-content' );
define( 'WPMU_PLUGIN_DIR', dirname( __DIR__, 3 ) . '/wordpress/mu-plugins' );
define( 'WP_USE_THEMES', false );
define( 'DISABLE_WP_CRON', true );
// As a site's wp-config.php defines them (else WordPress stores generated ones as options at first use).
foreach ( array( 'AUTH', 'SECURE_AUTH', 'LOGGED_IN', 'NONCE' ) as $scheme ) {
	define( "{$scheme}_KEY", "eca-test-{$scheme}-key" );
	define( "{$scheme}_SALT", "eca-test-{$scheme}-salt" );
}
define( 'ABSPATH', rtrim( getenv( 'WORDPRESS_DIR' ) ?: '/usr/share/wordpress', '/' ) . '/' );
$table_prefix = 'wp_';
$_SERVER['HTTP_HOST']   = '127.0.0.1:8080';
$_SERVER['REQUEST_URI'] = '/';

require ABSPATH . 'wp-settings.php';

register_post_type( 'tribe_events', array( 'public' => true ) );
register_post_type( 'tribe_venue', array( 'public' => true ) );
register_post_type( 'tribe_organizer', array( 'public' => true ) );
register_taxonomy( 'tribe_events_cat', 'tribe_events', array( 'hierarchical' => true ) );
register_taxonomy_for_object_type( 'post_tag', 'tribe_events' );

$results = array();
foreach ( json_decode( $calls, true ) as [ $function, $arguments ] ) {
	$result    = call_user_func_array( $function, $arguments );
	$results[] = is_wp_error( $result ) ? array( 'error' => $result->get_error_message() ) : $result;
}
echo wp_json_encode( $results );
