import { createHmac } from 'node:crypto';
import { hashSync } from 'bcryptjs';
import {
  generateApplicationPassword,
  hashApplicationPassword,
  hashUserPassword,
  normalizeApplicationPassword,
  verifyApplicationPassword,
  verifyUserPassword,
} from '../../../src/auth/password-hashing';

// Written by WordPress 7.0.4 in shared/fixtures/tec-wordpress-seeded.sql: `wp_users.user_pass` (login
// password = login) and the `password` field of each user's `_application_passwords` usermeta; the
// plain application passwords are listed in test/fixtures/README.md.
const FIXTURE_USERS = [
  {
    login: 'admin',
    userPass: '$wp$2y$10$rXOOLMQbRVGjJy2L2iMZw.ciyRLOcjeZW4mwPgl053VVEOUXsZv2C',
    appPassword: '0Tu3Y7F7uMAXwNZuyGZt3X97',
    appHash: '$generic$Das-_aImsSI4QVIkDNGQG2Q2GGGWnOkG8voRxmI0',
  },
  {
    login: 'subscriber1',
    userPass: '$wp$2y$10$JSyoTNEwHk/NwF./zKiz/ewtC25XlLJQEliXHab5N.22V/fmvORhO',
    appPassword: 'aRO4BVL5i60ijHlpGWpvKant',
    appHash: '$generic$p1xgQjSAh447kKFLZvuvwRc8fztx00nqsbPnxEs7',
  },
  {
    login: 'editor1',
    userPass: '$wp$2y$10$Z8RMfMErAXgbS9hfswbiCuD8v/58IXcoU5v9NFtaBuy53lX/CnFNC',
    appPassword: 'mMbwkDiyAmBAYzJ7Qg8ZHwLI',
    appHash: '$generic$5_EWYrJYqhJ52-eifvr9FXyIkil_fiB-BjWI8Eqa',
  },
  {
    login: 'author1',
    userPass: '$wp$2y$10$yBkXtCclpctr5hf/rKs59.fr0Jc6I64kt5lisfGAlIVG09Y6ATmdu',
    appPassword: 'Js901TEC9HVgFIfmjNssGWSq',
    appHash: '$generic$l7tl4nu2jSuxHRZVjaqgNNNyhuw0eWqu_MSzzXBD',
  },
  {
    login: 'contributor1',
    userPass: '$wp$2y$10$BY0VkRPUtK2Imsq3A1OaJuqfMFN7b64iw/NqNW2wIGWI5J.l.wghq',
    appPassword: 'UDIAuF0FGTU7DKqYDt94JgxK',
    appHash: '$generic$DIrFzj8ZDTupSR_bEIVyv0-ohZK4gzrlI534RE7X',
  },
];

// Published portable-phpass vectors: Openwall phpass test.php ('test12345') and passlib's phpass test
// suite; `$P$B…` is the cost WordPress uses.
const PHPASS_VECTORS: Array<[string, string]> = [
  ['test12345', '$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0'],
  ['test1', '$H$9aaaaaSXBjgypwqm.JsMssPLiS8YQ00'],
  ['123456', '$H$9PE8jEklgZhgLmZl5.HYJAzfGCQtzi1'],
  ['thisisalongertestPW', '$P$912345678LIjjb6PhecupozNBmDndU0'],
  ['JohnRipper', '$P$612345678si5M0DDyPpmRCmcltU/YW/'],
  ['JohnRipper', '$H$712345678WhEyvy1YWzT4647jzeOmo0'],
  ['JohnRipper', '$P$B12345678L6Lpt4BxNotVIMILOa9u81'],
  ['compL3X!', '$P$FiS0N5L672xzQx1rt1vgdJQRYKnQM9/'],
  ['t\u00e1\u0411\u2113\u0259', '$P$7SMy8VxnfsIy2Sxm7fJxDSdil.h7TW.'],
];

describe('normalizeApplicationPassword', () => {
  it('keeps only ASCII letters and digits', () => {
    expect(normalizeApplicationPassword('0Tu3 Y7F7 uMAX-wNZu_yGZt\t3X97é!')).toBe('0Tu3Y7F7uMAXwNZuyGZt3X97');
  });
});

describe('application passwords', () => {
  it.each(FIXTURE_USERS)('hashes $login’s fixture password to WordPress’s stored hash', ({ appPassword, appHash }) => {
    expect(hashApplicationPassword(appPassword)).toBe(appHash);
    expect(verifyApplicationPassword(appPassword, appHash)).toBe(true);
  });

  it('accepts the password with the grouping spaces WordPress displays', () => {
    const [admin] = FIXTURE_USERS;
    expect(verifyApplicationPassword('0Tu3 Y7F7 uMAX wNZu yGZt 3X97', admin.appHash)).toBe(true);
    expect(hashApplicationPassword('0Tu3 Y7F7 uMAX wNZu yGZt 3X97')).toBe(admin.appHash);
  });

  it('rejects another user’s password and near misses', () => {
    const [admin, subscriber] = FIXTURE_USERS;
    expect(verifyApplicationPassword(subscriber.appPassword, admin.appHash)).toBe(false);
    expect(verifyApplicationPassword('0Tu3Y7F7uMAXwNZuyGZt3X98', admin.appHash)).toBe(false);
    expect(verifyApplicationPassword('0tu3Y7F7uMAXwNZuyGZt3X97', admin.appHash)).toBe(false);
    expect(verifyApplicationPassword('', admin.appHash)).toBe(false);
  });

  it('round-trips generated passwords', () => {
    const password = generateApplicationPassword();
    expect(password).toMatch(/^[A-Za-z0-9]{24}$/);
    expect(generateApplicationPassword()).not.toBe(password);
    const hash = hashApplicationPassword(password);
    expect(hash).toMatch(/^\$generic\$[A-Za-z0-9_-]{40}$/);
    expect(verifyApplicationPassword(password, hash)).toBe(true);
  });

  it.each(PHPASS_VECTORS)('verifies portable phpass of %j (%s)', (password, hash) => {
    // Normalization strips non-alphanumerics, so only the alphanumeric vectors are usable here.
    if (normalizeApplicationPassword(password) === password) {
      expect(verifyApplicationPassword(password, hash)).toBe(true);
    }
    expect(verifyUserPassword(password, hash)).toBe(true);
    expect(verifyUserPassword(`${password}x`, hash)).toBe(false);
  });

  it('verifies `$wp$2y$` and plain bcrypt hashes as wp_check_password does', () => {
    const [admin] = FIXTURE_USERS;
    expect(verifyApplicationPassword('admin', admin.userPass)).toBe(true);
    expect(verifyApplicationPassword('rasmuslerdorf', '$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a')).toBe(true);
  });

  it.each([
    '',
    '$generic$',
    '$generic$Das-_aImsSI4QVIkDNGQG2Q2GGGWnOkG8voRxmI',
    '$generic$Das-_aImsSI4QVIkDNGQG2Q2GGGWnOkG8voRxmI0=',
    '$P$9IQRaTwmfeRo7ud9Fh4E2PdI0S3r!L0',
    '$P$9IQRaTwmf',
    '$P$',
    '$P$5IQRaTwmfeRo7ud9Fh4E2PdI0S3r.L0', // cost below phpass's minimum
    '$wp$2y$10$short',
    '$wp$',
    '$2y$99$rXOOLMQbRVGjJy2L2iMZw.ciyRLOcjeZW4mwPgl053VVEOUXsZv2C',
    '$2y$10$%%%%%%%%%%%%%%%%%%%%%%ciyRLOcjeZW4mwPgl053VVEOUXsZv2C',
    '$argon2id$v=19$m=65536,t=4,p=1$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG',
    '0Tu3Y7F7uMAXwNZuyGZt3X97',
    'd41d8cd98f00b204e9800998ecf8427e',
  ])('returns false without throwing for the malformed or unsupported hash %j', (hash) => {
    expect(verifyApplicationPassword('0Tu3Y7F7uMAXwNZuyGZt3X97', hash)).toBe(false);
    expect(verifyUserPassword('', hash)).toBe(false);
  });
});

describe('user passwords', () => {
  it.each(FIXTURE_USERS)('verifies $login’s WordPress login password hash', ({ login, userPass }) => {
    expect(verifyUserPassword(login, userPass)).toBe(true);
    expect(verifyUserPassword(`${login}!`, userPass)).toBe(false);
  });

  it('hashes in the WordPress 6.8 `$wp$2y$10$` format and round-trips', () => {
    const hash = hashUserPassword('correct horse');
    expect(hash).toMatch(/^\$wp\$2y\$10\$[./A-Za-z0-9]{53}$/);
    expect(verifyUserPassword('correct horse', hash)).toBe(true);
    expect(verifyUserPassword('correcthorse', hash)).toBe(false); // login passwords are not normalized
  });

  it('verifies plain bcrypt `$2y$` hashes of the raw password', () => {
    // PHP manual example for password_verify().
    const phpHash = '$2y$10$.vGA1O9wmRjrwAVXD98HNOgsNpDczlqm3Jq7KnEd1rVAGv3Fykk1a';
    expect(verifyUserPassword('rasmuslerdorf', phpHash)).toBe(true);
    expect(verifyUserPassword('rasmuslerdorF', phpHash)).toBe(false);
    expect(verifyUserPassword('admin', hashSync('admin', 4))).toBe(true); // `$2b$` as other tools write it
  });

  it('`$wp` hashes are bcrypt of base64(HMAC-SHA384(password, "wp-sha384"))', () => {
    const admin = FIXTURE_USERS[0];
    const preHash = createHmac('sha384', 'wp-sha384').update('admin').digest('base64');
    expect(verifyUserPassword(preHash, admin.userPass.slice(3))).toBe(true);
    expect(verifyUserPassword('admin', admin.userPass.slice(3))).toBe(false);
  });

  it('rejects passwords longer than WordPress accepts', () => {
    const long = 'a'.repeat(4097);
    expect(verifyUserPassword(long, hashUserPassword(long))).toBe(false);
  });
});
