import { CHANGE_KINDS, isKindPattern, kindMatches } from '../../../src/changes/change-types';

describe('webhook change kinds', () => {
  it('names every type and action', () => {
    expect(CHANGE_KINDS).toHaveLength(20);
    expect(CHANGE_KINDS).toContain('event.created');
    expect(CHANGE_KINDS).toContain('tag.deleted');
  });

  it('accepts kinds, type.* and *, nothing else', () => {
    for (const ok of ['*', 'event.created', 'venue.trashed', 'organizer.*', 'category.deleted']) expect(isKindPattern(ok)).toBe(true);
    for (const bad of ['', 'event', 'event.', '*.created', 'event.removed', 'post.created', 'EVENT.created', 'event.**'])
      expect(isKindPattern(bad)).toBe(false);
  });

  it('matches a change kind against patterns', () => {
    expect(kindMatches(['*'], 'tag.created')).toBe(true);
    expect(kindMatches(['event.*'], 'event.trashed')).toBe(true);
    expect(kindMatches(['event.*'], 'venue.trashed')).toBe(false);
    expect(kindMatches(['venue.created', 'tag.deleted'], 'tag.deleted')).toBe(true);
    expect(kindMatches(['venue.created'], 'venue.updated')).toBe(false);
  });
});
