import { Injectable } from '@nestjs/common';
import { DatabaseService } from '__SRC__/database/database.service';
import { ListQuery } from '__SRC__/database/list-query';
import { PostRow } from '__SRC__/wordpress/posts.store';
import { ReadableStatuses, visibleCondition } from '__SRC__/wordpress/post-conditions';
import { __PLURAL___POST_TYPE } from './__plural__.resource';

/** What is specific to __plural__ in the data layer: the page of __plural__ a caller may see, on the shared list builder. */
@Injectable()
export class __Plural__Repository {
  constructor(private readonly db: DatabaseService) {}

  visiblePage(statuses: ReadableStatuses, callerId: number, page: number, perPage: number): Promise<{ rows: PostRow[]; total: number }> {
    const sql = this.db.sql;
    const list = new ListQuery(sql, 'p.*', `${sql.table('posts')} p`)
      .where('p.post_type = ?', __PLURAL___POST_TYPE)
      .whereFragment(visibleCondition('p', statuses, callerId))
      .orderBy('p.ID');
    return list.run<PostRow>((page - 1) * perPage, perPage);
  }
}
