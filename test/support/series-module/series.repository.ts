import { Injectable } from '@nestjs/common';
import { DatabaseService } from '../../../src/database/database.service';
import { ListQuery } from '../../../src/database/list-query';
import { PostRow } from '../../../src/wordpress/posts.store';

export const SERIES_POST_TYPE = 'eca_series';

/** What is specific to series in the data layer: the page of published series, on the shared list builder. */
@Injectable()
export class SeriesRepository {
  constructor(private readonly db: DatabaseService) {}

  publishedPage(page: number, perPage: number): Promise<{ rows: PostRow[]; total: number }> {
    const sql = this.db.sql;
    const list = new ListQuery(sql, '*', `${sql.table('posts')} p`)
      .where('p.post_type = ?', SERIES_POST_TYPE)
      .where("p.post_status = 'publish'")
      .orderBy('p.ID');
    return list.run<PostRow>((page - 1) * perPage, perPage);
  }
}
