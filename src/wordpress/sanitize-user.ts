/** `wp_insert_user` refuses a longer `user_login`. */
export const MAX_LOGIN_LENGTH = 60;

/**
 * WordPress's `sanitize_user( $login, true )`: tags, percent-encoded octets and HTML entities removed,
 * then everything but ASCII letters, digits, space, `_`, `.`, `-` and `@`, then trimmed with runs of
 * spaces made one. (`remove_accents` is left out: an accented letter changes the login either way.)
 */
export function sanitizeUserStrict(login: string): string {
  return login
    .replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*(>|$)/g, '')
    .replace(/%[a-fA-F0-9]{2}/g, '')
    .replace(/&.+?;/g, '')
    .replace(/[^a-z0-9 _.\-@]/gi, '')
    .trim()
    .replace(/\s+/g, ' ');
}

/**
 * Why WordPress would refuse `login` for a new user, or undefined: `validate_username` takes a login
 * only when sanitising leaves it unchanged and not empty, and `wp_insert_user` only up to 60 characters.
 */
export function loginProblem(login: string): string | undefined {
  if (login === '' || sanitizeUserStrict(login) !== login) {
    return 'may contain only letters, digits, spaces (not at either end, one at a time) and _ . - @';
  }
  if (login.length > MAX_LOGIN_LENGTH) return `may have at most ${MAX_LOGIN_LENGTH} characters`;
  return undefined;
}
