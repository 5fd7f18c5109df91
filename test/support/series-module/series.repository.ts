import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../../src/database/database.service';
import { ListQuery } from '../../../src/database/list-query';
import { PostRow } from '../../../src/wordpress/posts.store';
import { ReadableStatuses, visibleCondition } from '../../../src/wordpress/post-conditions';
import { SERIES_POST_TYPE } from './series.resource';

/** What is specific to series in the data layer: the page of series a caller may see, on the shared list builder. */
@Injectable()
export class SeriesRepository {
  constructor(private readonly db: DatabaseService) {}

  visiblePage(statuses: ReadableStatuses, callerId: number, page: number, perPage: number): Promise<{ rows: PostRow[]; total: number }> {
    const sql = this.db.sql;
    const list = new ListQuery(sql, 'p.*', `${sql.table('posts')} p`)
      .where('p.post_type = ?', SERIES_POST_TYPE)
      .whereFragment(visibleCondition('p', statuses, callerId))
      .orderBy('p.ID');
    return list.run<PostRow>((page - 1) * perPage, perPage);
  }
}
