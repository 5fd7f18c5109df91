import { antispambot, first, LinkedPostType } from '../linked-posts';
import { OrganizerCreateArgs } from './organizer-args';

export const ORGANIZER: LinkedPostType = {
  postType: 'tribe_organizer',
  nameField: 'organizer',
  collection: 'organizers',
  capabilityBase: 'tribe_organizers',
  eventLinkKey: '_EventOrganizerID',
  originKey: '_OrganizerOrigin',
  textFields: [
    { field: 'phone', key: '_OrganizerPhone' },
    { field: 'website', key: '_OrganizerWebsite', url: true },
    { field: 'email', key: '_OrganizerEmail' },
  ],
  searchKeys: ['_OrganizerPhone', '_OrganizerEmail', '_OrganizerWebsite'],
  extraMetaKeys: [],
  codes: {
    notAccessible: 'organizer-not-accessible',
    inTrash: 'organizer-is-in-trash',
    couldNotCreate: 'could-not-create-organizer',
    couldNotUpdate: 'could-not-update-organizer',
    couldNotDelete: 'could-not-delete-organizer',
    pageNotFound: 'organizer-archive-page-not-found',
  },
  jsonLdType: 'Person',
  createArgs: OrganizerCreateArgs,
  emptyInlineName: 'invalid-param',

  optionalKeys: () => ({}),
  fixedKeys: () => ({}),

  /** The organizer's JSON-LD `url` is its website, not its permalink. */
  jsonLdUrl: (meta) => first(meta, '_OrganizerWebsite') ?? '',

  jsonLd(meta) {
    return {
      telephone: first(meta, '_OrganizerPhone') ?? '',
      // Obfuscated differently on every request, as WordPress `antispambot` does.
      email: antispambot(first(meta, '_OrganizerEmail') ?? ''),
      sameAs: first(meta, '_OrganizerWebsite') ?? '',
    };
  },

  derivedMeta: () => [],
};
