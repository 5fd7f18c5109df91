import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../database/database.service';
import { PostRow, PostsStore } from '../wordpress/posts.store';
import { journaledSeries, journaledWrites } from '../wordpress/write-journal';
import { recordTypeOfPostType, recordTypeOfTaxonomy } from './change-types';
import { ChangesRepository, NewChange } from './repository/changes.repository';

/**
 * Writes the change log inside each write transaction, as one of its last statements
 * (DatabaseService.beforeCommit): the records the transaction's write journal holds, of the types the
 * log follows (change-types.ts: the plugin's and every declared resource's post types). A transaction
 * that rolls back takes its change rows with it; a change row never exists without its write.
 * Registered when the provider is built, before any module writes, as a last step — after the
 * data-version bump — so the cursor row, the one row every writer queues on, is the last row a write
 * takes (ChangesRepository.append; test/e2e/write-contention.e2e-spec.ts).
 */
@Injectable()
export class ChangeRecorder {
  constructor(
    db: DatabaseService,
    private readonly changes: ChangesRepository,
    private readonly posts: PostsStore,
  ) {
    db.beforeCommit(() => this.record(), { last: true });
  }

  private async record(): Promise<void> {
    // A series write is one change, its first event's, naming the occurrences it touched (issue #24).
    const series = journaledSeries();
    const folded = new Set([...series.values()].flatMap((touch) => Object.values(touch).flat()));
    const notes = journaledWrites().filter((note) => note.kind !== 'post' || !folded.has(note.id));
    for (const firstId of series.keys()) {
      if (!notes.some((note) => note.kind === 'post' && note.id === firstId)) notes.push({ kind: 'post', id: firstId, action: 'updated' });
    }
    if (!notes.length) return;
    // The store knows the type and status of the posts it inserted or locked; the others are read.
    const unknown = notes.filter((n) => n.kind === 'post' && !this.posts.statusChange(n.id)).map((n) => n.id);
    const rows = unknown.length ? await this.posts.byIds(unknown) : new Map<number, PostRow>();
    const changes: NewChange[] = [];
    for (const note of notes) {
      if (note.kind === 'term') {
        const type = recordTypeOfTaxonomy(note.taxonomy);
        // Terms are public as long as they exist.
        if (type) changes.push({ type, id: note.id, action: note.action, publicAfter: note.action !== 'deleted', publicBefore: note.action !== 'created' });
        continue;
      }
      const known = this.posts.statusChange(note.id);
      const row = rows.get(note.id);
      // Any declared resource's post type (change-types.ts), stored under its own name.
      const type = recordTypeOfPostType(known?.type ?? row?.post_type ?? note.postType ?? '');
      if (!type) continue;
      // Public = published. Before: the status when this transaction locked the post, else the current
      // one (a write that did not lock the post did not change its status). A deleted post has none.
      const after = note.action === 'deleted' ? undefined : known ? known.now : row?.post_status;
      const before = note.action === 'created' ? undefined : known ? known.before : after;
      const occurrences = series.get(note.id);
      changes.push({
        type,
        id: note.id,
        action: note.action,
        publicAfter: after === 'publish',
        publicBefore: before === 'publish',
        ...(occurrences ? { occurrences } : {}),
      });
    }
    await this.changes.append(changes, Date.now());
  }
}
