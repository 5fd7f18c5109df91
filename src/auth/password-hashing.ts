import { createHash, createHmac, hash as digest, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { blake2b } from 'blakejs';
import { compareSync, hashSync } from 'bcryptjs';

/** WordPress ≥ 6.8 `wp_fast_hash`: BLAKE2b keyed with this string, 30-byte output. */
const FAST_HASH_KEY = Buffer.from('wp_fast_hash_6.8+');
const FAST_HASH_PREFIX = '$generic$';
/** WordPress ≥ 6.8 `wp_hash_password`: bcrypt of base64(HMAC-SHA384(password, this key)), prefixed `$wp`. */
const PRE_HASH_KEY = 'wp-sha384';
const BCRYPT_COST = 10;
/** wp_check_password refuses longer passwords (phpass would otherwise hash them at length). */
const MAX_PASSWORD_LENGTH = 4096;
const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** WordPress strips everything but ASCII letters and digits so grouped (`abcd efgh …`) input works. */
export function normalizeApplicationPassword(raw: string): string {
  return raw.replace(/[^A-Za-z0-9]/g, '');
}

function fastHash(message: string): string {
  const digest = blake2b(Buffer.from(message, 'utf8'), FAST_HASH_KEY, 30);
  return FAST_HASH_PREFIX + Buffer.from(digest).toString('base64url');
}

/** `$generic$` hash (WordPress ≥ 6.8 format) of the normalized application password. */
export function hashApplicationPassword(plain: string): string {
  return fastHash(normalizeApplicationPassword(plain));
}

/** Same as WordPress `wp_generate_password(24, false)`. */
export function generateApplicationPassword(): string {
  let password = '';
  for (let i = 0; i < 24; i++) password += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return password;
}

/** Application-password check (`WP_Application_Passwords::check_password`), on the normalized password. */
export function verifyApplicationPassword(plain: string, hash: string): boolean {
  const password = normalizeApplicationPassword(plain);
  if (hash.startsWith(FAST_HASH_PREFIX)) return safeEqual(fastHash(password), hash);
  return verifyWordPressHash(password, hash);
}

/** WordPress ≥ 6.8 user password hash: `$wp$2y$10$…`. */
export function hashUserPassword(plain: string): string {
  return '$wp' + toPhpBcrypt(hashSync(preHash(plain), BCRYPT_COST));
}

/** Login-password check (`wp_check_password`). */
export function verifyUserPassword(plain: string, hash: string): boolean {
  return verifyWordPressHash(plain, hash);
}

function verifyWordPressHash(password: string, hash: string): boolean {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  if (hash.startsWith('$wp$2')) return verifyBcrypt(preHash(password), hash.slice(3));
  if (hash.startsWith('$P$') || hash.startsWith('$H$')) return verifyPortablePhpass(password, hash);
  if (/^\$2[aby]\$/.test(hash)) return verifyBcrypt(password, hash);
  return false;
}

/**
 * What verifying against `hash` costs: its scheme with its cost parameter (`$generic$`, `$P$B`,
 * `$wp$2y$10$`, `$2y$10$`), or undefined for a format no check is run for.
 */
export function hashScheme(hash: string): string | undefined {
  if (hash.startsWith(FAST_HASH_PREFIX)) return FAST_HASH_PREFIX;
  if (/^\$[PH]\$[./0-9A-Za-z]{31}$/.test(hash)) return hash.slice(0, 4);
  const bcrypt = /^(\$wp)?\$2[aby]\$(\d\d)\$[./A-Za-z0-9]{53}$/.exec(hash);
  return bcrypt ? `${bcrypt[1] ?? ''}$2y$${bcrypt[2]}$` : undefined;
}

/**
 * A hash no password matches in practice (of random bytes), of `scheme` and its cost: verifying a
 * password against it costs what verifying against a real hash of that scheme costs.
 */
export function dummyHash(scheme: string): string {
  const random = randomBytes(24).toString('base64url');
  if (scheme === FAST_HASH_PREFIX) return fastHash(random);
  if (/^\$[PH]\$/.test(scheme)) return scheme + encode64(randomBytes(24)).slice(0, 30);
  const bcrypt = /^(\$wp)?\$2y\$(\d\d)\$$/.exec(scheme);
  if (!bcrypt) throw new Error(`no dummy hash for scheme ${scheme}`);
  const hashed = toPhpBcrypt(hashSync(random, Number(bcrypt[2])));
  return bcrypt[1] ? bcrypt[1] + hashed : hashed;
}

function preHash(password: string): string {
  return createHmac('sha384', PRE_HASH_KEY).update(password, 'utf8').digest('base64');
}

/** bcryptjs writes `$2b$`; PHP's password_hash writes `$2y$` for the same algorithm. */
function toPhpBcrypt(hash: string): string {
  return hash.replace(/^\$2b\$/, '$2y$');
}

function verifyBcrypt(password: string, hash: string): boolean {
  try {
    return compareSync(password, hash);
  } catch {
    return false; // malformed salt or cost
  }
}

const ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/**
 * Portable phpass (`PasswordHash::CheckPassword` with portable hashes): `$P$` + cost char + 8-char salt
 * + 22 chars of itoa64-encoded md5 after 2^cost rounds of md5(previous + password).
 */
function verifyPortablePhpass(password: string, hash: string): boolean {
  if (!/^\$[PH]\$[./0-9A-Za-z]{31}$/.test(hash)) return false;
  const countLog2 = ITOA64.indexOf(hash[3]);
  if (countLog2 < 7 || countLog2 > 30) return false;
  const salt = hash.slice(4, 12);
  const secret = Buffer.from(password, 'utf8');
  // One buffer of previous digest + password, hashed in one call per round (a Hash object per round
  // costs twice as much, and WordPress's cost means 8193 rounds).
  const round = Buffer.alloc(16 + secret.length);
  secret.copy(round, 16);
  let md5 = createHash('md5').update(salt).update(secret).digest();
  for (let count = 2 ** countLog2; count > 0; count--) {
    md5.copy(round, 0);
    md5 = digest('md5', round, 'buffer');
  }
  return safeEqual(hash.slice(0, 12) + encode64(md5), hash);
}

/** phpass `encode64`: little-endian 6-bit groups of each 3-byte chunk. */
function encode64(input: Buffer): string {
  let output = '';
  for (let i = 0; i < input.length;) {
    let value = input[i++];
    output += ITOA64[value & 0x3f];
    if (i < input.length) value |= input[i] << 8;
    output += ITOA64[(value >> 6) & 0x3f];
    if (i++ >= input.length) break;
    if (i < input.length) value |= input[i] << 16;
    output += ITOA64[(value >> 12) & 0x3f];
    if (i++ >= input.length) break;
    output += ITOA64[(value >> 18) & 0x3f];
  }
  return output;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
