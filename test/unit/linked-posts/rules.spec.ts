import { ANONYMOUS, Caller } from '../../../src/wordpress/caller';
import { antispambot, jsonLdExcerpt } from '../../../src/linked-posts/json-ld';
import { trimWords } from '../../../src/wordpress/rendering';
import { escJs } from '../../../src/wordpress/rendering';
import { blankProtected, passwordMatches } from '../../../src/wordpress/password-blanking';
import { foldForSearch } from '../../../src/database/sqlite-functions';
import { searchFragments } from '../../../src/linked-posts/repository/search';
import { isTruthy } from '../../../src/linked-posts/truthy';
import { listStatuses, readableStatuses } from '../../../src/auth/post-access';
import { deriveStateProvince, VENUE } from '../../../src/venues/venue.type';
// The venues module declares the `tribe_venue` capability base when it is defined.
import '../../../src/venues/venues.module';

const caller = (id: number, caps: string[]): Caller => ({ id, login: 'u', capabilities: new Set(caps) });
const CONTRIBUTOR = caller(7, ['read', 'edit_tribe_venues', 'delete_tribe_venues']);
const EDITOR = caller(3, [
  'read',
  'read_private_tribe_venues',
  'edit_tribe_venues',
  'edit_others_tribe_venues',
  'edit_published_tribe_venues',
  'edit_private_tribe_venues',
]);

describe('linked-post rules', () => {
  it('tribe_is_truthy', () => {
    for (const v of ['1', 'yes', 'TRUE', 'y', 'on', 'enable', 'Enabled', true, 1]) expect(isTruthy(v)).toBe(true);
    for (const v of ['', '0', 'false', 'no', 'off', 'foo', false, 0, 2, null, undefined]) expect(isTruthy(v)).toBe(false);
  });

  it('derives stateprovince as Venue::save_meta', () => {
    expect(deriveStateProvince('NY', '', '')).toBe('NY');
    expect(deriveStateProvince('NY', 'P', 'US')).toBe('NY');
    expect(deriveStateProvince('NY', 'P', 'United States')).toBe('NY');
    expect(deriveStateProvince('NY', 'P', 'Canada')).toBe('P');
    expect(deriveStateProvince('', 'P', '')).toBe('P');
    expect(deriveStateProvince('', '', 'Canada')).toBe('');
  });

  it('writes venue map flags on create always, on reuse/update only when supplied', () => {
    const stored = () => undefined;
    expect(VENUE.derivedMeta({}, stored, 'create')).toEqual([
      ['_EventShowMapLink', '1'],
      ['_VenueShowMapLink', '1'],
      ['_EventShowMap', '1'],
      ['_VenueShowMap', '1'],
      ['_VenueStateProvince', ''],
    ]);
    expect(VENUE.derivedMeta({}, stored, 'update')).toEqual([]);
    expect(VENUE.derivedMeta({ show_map: 'no' }, stored, 'reuse')).toEqual([
      ['_EventShowMap', ''],
      ['_VenueShowMap', ''],
    ]);
    expect(VENUE.derivedMeta({ country: 'France' }, (k) => ({ _VenueState: 'S', _VenueProvince: 'P', _VenueCountry: 'France' })[k], 'update')).toEqual([
      ['_VenueStateProvince', 'P'],
    ]);
  });

  it('cuts search strings at non-word characters and folds case and accents', () => {
    expect(searchFragments('france, ile-de')).toEqual(['france', 'ile-de']);
    expect(searchFragments('  ')).toEqual([]);
    expect(searchFragments('50%_off')).toEqual(['50', 'off']);
    expect(foldForSearch('Théâtre')).toBe(foldForSearch('THEATRE'));
  });

  it('resolves list statuses by capability (Q21, Q57)', () => {
    expect(listStatuses(ANONYMOUS, 'tribe_venues', undefined)).toEqual(['publish']);
    expect(listStatuses(ANONYMOUS, 'tribe_venues', ['publish'])).toEqual(['publish']);
    expect(listStatuses(ANONYMOUS, 'tribe_venues', ['draft'])).toBe('status: only publish can be listed without the right to edit these records.');
    expect(listStatuses(EDITOR, 'tribe_venues', undefined)).toEqual(['publish', 'future', 'draft', 'pending', 'private']);
    expect(listStatuses(EDITOR, 'tribe_venues', ['draft', ' trash'])).toEqual(['draft', 'trash']);
    expect(listStatuses(EDITOR, 'tribe_venues', ['bogus'])).toMatch(/^status: unknown status "bogus" \(one of publish, .* or any\)\.$/);
    expect(listStatuses(EDITOR, 'tribe_venues', [])).toBe('status names no status.');
    expect(listStatuses(ANONYMOUS, 'tribe_venues', ['publish', 'draft'])).toMatch(/^status: only publish/);
    expect(readableStatuses(CONTRIBUTOR, 'tribe_venue', ['publish', 'draft', 'private'])).toEqual({ others: ['publish'], own: ['draft', 'private'] });
    expect(readableStatuses(EDITOR, 'tribe_venue', ['publish', 'draft', 'private', 'future'])).toEqual({
      others: ['publish', 'draft', 'private', 'future'],
      own: [],
    });
    expect(readableStatuses(ANONYMOUS, 'tribe_venue', ['publish', 'draft'])).toEqual({ others: ['publish'], own: [] });
  });

  it('escapes JSON-LD text as esc_js', () => {
    expect(escJs('<p>Line</p>\n')).toBe('&lt;p&gt;Line&lt;/p&gt;\\n');
    expect(escJs('Tom & "Jerry" l\'ami')).toBe("Tom &amp; &quot;Jerry&quot; l\\'ami");
    expect(escJs('&#8217; &amp;')).toBe('&#8217; &amp;');
  });

  it('builds the JSON-LD excerpt: the excerpt, else the content cut to 55 words', () => {
    expect(jsonLdExcerpt({ post_excerpt: '', post_content: 'Description of venue 1.' })).toBe('<p>Description of venue 1.</p>\n');
    expect(jsonLdExcerpt({ post_excerpt: 'Short <strong>one</strong> <h2>x</h2>', post_content: 'ignored' })).toBe('<p>Short <strong>one</strong> x</p>\n');
    const long = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    expect(trimWords(long)).toBe(`${Array.from({ length: 55 }, (_, i) => `w${i}`).join(' ')} [&hellip;]`);
    expect(jsonLdExcerpt({ post_excerpt: '', post_content: '<!-- wp:paragraph --><p>Block text [shortcode]</p><!-- /wp:paragraph -->' })).toBe(
      '<p>Block text</p>\n',
    );
  });

  it('obfuscates e-mail addresses like antispambot', () => {
    const out = antispambot('ab@c.d', () => 0.1);
    expect(out).toBe('&#97;&#98;&#64;&#99;&#46;&#100;');
    expect(antispambot('ab@c.d', () => 0.9)).toBe('ab&#64;c.d');
  });

  it('blanks protected keys recursively and compares passwords exactly', () => {
    expect(blankProtected({ venue: 'V', nested: [{ phone: '1', x: 2 }], image: { url: 'u' } })).toEqual({
      venue: [],
      nested: [{ phone: '', x: 2 }],
      image: false,
    });
    expect(passwordMatches('pw', 'pw')).toBe(true);
    expect(passwordMatches('PW', 'pw')).toBe(false);
    expect(passwordMatches(undefined, 'pw')).toBe(false);
  });
});
