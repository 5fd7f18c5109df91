import { ArgSpec } from '../../rest/params/rest-arg.decorator';

/** Which occurrences of a series a write changes (issue #24); omitted: the addressed occurrence alone, or the whole series from its first event. */
export type SeriesScope = 'all' | 'following';

export const SCOPE_ARG: ArgSpec = {
  type: 'string',
  enum: ['all', 'following'],
  description: 'For an occurrence of a series: "all" changes the whole series, "following" this occurrence and the later ones',
  i18nKey: 'EventSeriesArgs.scope',
};
