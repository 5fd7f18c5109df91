/**
 * `components.schemas` of /doc (index-and-doc.md §2.1): the record shapes as the plugin documents them
 * (its declared types, not always the payload's — Quirks Q5, Q6; `currency_position` without TEC's
 * trailing space, Q39 DEVIATE). Property descriptions are English: only argument descriptions are
 * translated.
 */
type Property = Record<string, unknown>;

const ref = (schema: string) => `#/components/schemas/${schema}`;
const str = (description: string, extra: Property = {}): Property => ({ type: 'string', description, ...extra });
const int = (description: string): Property => ({ type: 'integer', description });
const bool = (description: string): Property => ({ type: 'boolean', description });
const listOf = (schema: string, description: string): Property => ({ type: 'array', description, items: { $ref: ref(schema) } });
const strings = (description: string): Property => ({ type: 'array', items: { type: 'string' }, description });

function postFields(what: string): Record<string, Property> {
  return {
    id: int(`The ${what} post ID in WordPress`),
    global_id: str(`The ${what} ID that identifies it across sites (Event Aggregator)`),
    global_id_lineage: strings(`Where the ${what} was imported from, oldest first; set once at creation`),
    author: int(`The ID of the ${what} author`),
    date: str(`When the ${what} was published, in the site time zone`),
    date_utc: str(`When the ${what} was published, in UTC`),
    modified: str(`When the ${what} was last changed, in the site time zone`),
    modified_utc: str(`When the ${what} was last changed, in UTC`),
    status: str(`The ${what} post status`),
    url: str(`The address of the ${what} page on the site`),
  };
}

const dateDetails = (description: string) => listOf('DateDetails', description);

export const DOC_SCHEMAS: Record<string, { type: 'object'; properties: Record<string, Property> }> = {
  ImageSize: {
    type: 'object',
    properties: {
      width: int('Width of this size, in pixels'),
      height: int('Height of this size, in pixels'),
      'mime-type': str('MIME type of this size'),
      url: str('Address of the image file in this size', { format: 'uri' }),
    },
  },
  CostDetails: {
    type: 'object',
    properties: {
      currency_symbol: str('The currency symbol of the cost'),
      currency_position: str('Whether the symbol goes before or after the amount', { enum: ['prefix', 'postfix'] }),
      values: { type: 'array', items: { type: 'integer' }, description: 'The amounts found in the cost, in ascending order' },
    },
  },
  Term: {
    type: 'object',
    properties: {
      id: int('The term ID in WordPress'),
      name: str('The term name'),
      slug: str('The term slug'),
      taxonomy: str('The taxonomy of the term'),
      description: str('The term description'),
      parent: int('The ID of the parent term, 0 when none'),
      count: int('How many posts the term is assigned to'),
      url: str('The address of the term archive page'),
      urls: strings('REST addresses of the term itself, its collection and its parent'),
    },
  },
  Image: {
    type: 'object',
    properties: {
      url: str('Address of the full-size image', { format: 'uri' }),
      id: int('The attachment post ID'),
      extension: str('The file extension'),
      width: int('Original width, in pixels'),
      height: int('Original height, in pixels'),
      sizes: listOf('ImageSize', 'Every generated size of the image'),
    },
  },
  DateDetails: {
    type: 'object',
    properties: {
      year: int('Year'),
      month: int('Month'),
      day: int('Day of the month'),
      hour: int('Hour'),
      minutes: int('Minutes'),
      seconds: int('Seconds'),
    },
  },
  Event: {
    type: 'object',
    properties: {
      ...postFields('event'),
      rest_url: str('The REST address of this event'),
      title: str('The event title'),
      description: str('The full event description'),
      excerpt: str('The short event description'),
      slug: str('The event slug'),
      image: { type: 'object', description: 'The featured image, when the event has one', $ref: ref('Image') },
      all_day: bool('Whether the event lasts all day'),
      start_date: str('Start, in the event (or site) time zone'),
      start_date_details: dateDetails('The parts of the start date'),
      end_date: str('End, in the event (or site) time zone'),
      end_date_details: dateDetails('The parts of the end date'),
      utc_start_date: str('Start, in UTC'),
      utc_start_date_details: dateDetails('The parts of the UTC start date'),
      utc_end_date: str('End, in UTC'),
      utc_end_date_details: dateDetails('The parts of the UTC end date'),
      timezone: str('The event time zone'),
      timezone_abbr: str('Abbreviation of the event time zone'),
      cost: str('The cost as displayed, currency symbol included'),
      cost_details: listOf('CostDetails', 'The cost broken down'),
      website: str('The event website'),
      show_map: bool('Whether a map is shown for the event'),
      show_map_link: bool('Whether a map link is shown for the event'),
      hide_from_listings: bool('Whether the event is left out of calendar listings'),
      sticky: bool('Whether the event sticks to the top of its day in the calendar'),
      featured: bool('Whether the event is featured'),
      categories: listOf('Term', 'The event categories'),
      tags: listOf('Term', 'The event tags'),
      venue: { type: 'object', description: 'The event venue', $ref: ref('Venue') },
      organizer: listOf('Organizer', 'The event organizers'),
    },
  },
  Venue: {
    type: 'object',
    properties: {
      ...postFields('venue'),
      venue: str('The venue name'),
      description: str('The full venue description'),
      excerpt: str('The short venue description'),
      slug: str('The venue slug'),
      image: { type: 'string', description: 'The featured image, when the venue has one', $ref: ref('Image') },
      show_map: bool('Whether events at the venue show a map'),
      show_map_link: bool('Whether events at the venue show a map link'),
      address: str('Street address'),
      city: str('City'),
      country: str('Country'),
      province: str('Province'),
      state: str('State'),
      zip: str('Postal code'),
      phone: str('Phone number'),
      website: str('Website'),
      stateprovince: str('State or province'),
      geo_lat: { type: 'number', format: 'double', description: 'Latitude' },
      geo_lng: { type: 'number', format: 'double', description: 'Longitude' },
    },
  },
  Organizer: {
    type: 'object',
    properties: {
      ...postFields('organizer'),
      organizer: str('The organizer name'),
      description: str('The full organizer description'),
      excerpt: str('The short organizer description'),
      slug: str('The organizer slug'),
      image: { type: 'string', description: 'The featured image, when the organizer has one', $ref: ref('Image') },
      phone: str('Phone number'),
      website: str('Website'),
      email: str('E-mail address'),
    },
  },
};
