import { transactionScope } from '../../../src/database/sql';
import { journaledWrites, noteWrite, WriteNote } from '../../../src/wordpress/write-journal';

/** Runs `work` as if inside a transaction (the journal lives in the transaction's scope). */
function inTransaction<T>(work: () => T): T {
  return transactionScope.run({} as never, work);
}

describe('the write journal of a transaction', () => {
  it('keeps one note per record, in first-written order, with the action they add up to', () => {
    const notes = inTransaction(() => {
      noteWrite({ kind: 'post', id: 7, action: 'created', postType: 'tribe_events' });
      noteWrite({ kind: 'term', id: 3, action: 'created', taxonomy: 'post_tag' });
      noteWrite({ kind: 'post', id: 7, action: 'updated' });
      noteWrite({ kind: 'post', id: 9, action: 'updated' });
      noteWrite({ kind: 'post', id: 9, action: 'trashed', postType: 'tribe_venue' });
      noteWrite({ kind: 'post', id: 9, action: 'updated' });
      noteWrite({ kind: 'term', id: 3, action: 'updated', taxonomy: 'tribe_events_cat' }); // another taxonomy: another record
      return journaledWrites();
    });
    expect(notes).toEqual<WriteNote[]>([
      { kind: 'post', id: 7, action: 'created', postType: 'tribe_events' },
      { kind: 'term', id: 3, action: 'created', taxonomy: 'post_tag' },
      { kind: 'post', id: 9, action: 'trashed', postType: 'tribe_venue' },
      { kind: 'term', id: 3, action: 'updated', taxonomy: 'tribe_events_cat' },
    ]);
  });

  it('leaves out a record created and deleted in the same transaction; deleted wins otherwise', () => {
    const notes = inTransaction(() => {
      noteWrite({ kind: 'term', id: 1, action: 'created', taxonomy: 'post_tag' });
      noteWrite({ kind: 'term', id: 1, action: 'deleted', taxonomy: 'post_tag' });
      noteWrite({ kind: 'post', id: 2, action: 'updated' });
      noteWrite({ kind: 'post', id: 2, action: 'deleted', postType: 'tribe_organizer' });
      return journaledWrites();
    });
    expect(notes).toEqual([{ kind: 'post', id: 2, action: 'deleted', postType: 'tribe_organizer' }]);
  });

  it('starts empty in each transaction and drops notes made outside one', () => {
    noteWrite({ kind: 'post', id: 1, action: 'created' });
    expect(journaledWrites()).toEqual([]);
    inTransaction(() => noteWrite({ kind: 'post', id: 1, action: 'created' }));
    expect(inTransaction(() => journaledWrites())).toEqual([]);
  });
});
