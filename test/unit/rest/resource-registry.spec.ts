import { recordTypeOfPostType, recordTypes, recordUrl } from '../../../src/changes/change-types';
import { defineResource } from '../../../src/resources/resource-declaration';
import { registerResource, resourceOf } from '../../../src/resources/resource-registry';
import { collectionUrl, resourceOfMount } from '../../../src/resources/resource-urls';

const CONFIG = { restRoot: '/wp-json', namespacePath: '/agenda/events/v1' };

/** Declarations of this file only (jest gives each test file its own registry). */
const FIRST = defineResource({ namespace: 'first/v1', collection: 'talks', postTypes: { first_talk: 'first_talks' } });
const SECOND = defineResource({ namespace: 'second/v1', collection: 'talks', postTypes: { second_talk: 'second_talks' }, recordType: 'second-talk' });
registerResource(FIRST);
registerResource(SECOND);
registerResource(defineResource({ collection: 'talks' }));

describe('the resource registry', () => {
  it('names collections per namespace: two modules may share one in different namespaces, not in the same', () => {
    expect(resourceOf('talks', 'first/v1')).toBe(FIRST);
    expect(resourceOf('talks', 'second/v1')).toBe(SECOND);
    expect(resourceOf('talks')?.namespace).toBeUndefined();
    expect(() => registerResource(defineResource({ namespace: 'first/v1', collection: 'talks' }))).toThrow('Resource "talks" is declared twice in first/v1');
    expect(() => registerResource(defineResource({ collection: 'talks' }))).toThrow('declared twice in the plugin’s namespace');
  });

  it('refuses a record type the change log cannot store', () => {
    expect(() => registerResource(defineResource({ namespace: 'third/v1', collection: 'a-collection-name-too-long', postTypes: { long: 'longs' } }))).toThrow(
      'needs a recordType',
    );
  });

  it('finds the resource a controller path serves, in its namespace', () => {
    expect(resourceOfMount('wp-json/second/v1/talks')).toBe(SECOND);
    expect(resourceOfMount('/wp-json/first/v1/talks/')).toBe(FIRST);
    expect(resourceOfMount('wp-json/tribe/events/v1/talks')?.namespace).toBeUndefined();
    expect(resourceOfMount('health')).toBeUndefined();
  });

  it('builds URLs in the resource’s namespace; the plugin’s as NS_ROOT renames it', () => {
    expect(collectionUrl('https://example.org', CONFIG, SECOND)).toBe('https://example.org/wp-json/second/v1/talks');
    expect(collectionUrl('https://example.org', CONFIG, resourceOf('talks')!)).toBe('https://example.org/wp-json/agenda/events/v1/talks');
  });

  it('follows every declared post type in the change log, under its record type, linked in its namespace', () => {
    expect(recordTypes()).toEqual(['event', 'venue', 'organizer', 'category', 'tag', 'talks', 'second-talk']);
    expect(recordTypeOfPostType('first_talk')).toBe('talks');
    expect(recordTypeOfPostType('second_talk')).toBe('second-talk');
    expect(recordTypeOfPostType('tribe_events')).toBe('event');
    expect(recordTypeOfPostType('post')).toBeUndefined();
    expect(recordUrl('second-talk', 7, 'https://example.org', CONFIG)).toBe('https://example.org/wp-json/second/v1/talks/7');
  });
});
