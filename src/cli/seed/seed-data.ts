/**
 * Deterministic sample content for `seed`: venues, organizers, terms and events that look like a real
 * calendar (varied titles, costs, all-day and multi-day events spread over the next two years).
 * Pure: the same seed and counts give the same inputs.
 */

/** Small, fast, seedable PRNG (mulberry32). */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class Picker {
  constructor(readonly random: () => number) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }
  one<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)];
  }
  chance(probability: number): boolean {
    return this.random() < probability;
  }
  /** `count` distinct items (fewer when the list is shorter). */
  some<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length) chosen.push(pool.splice(Math.floor(this.random() * pool.length), 1)[0]);
    return chosen;
  }
}

const CITIES = [
  ['Berlin', 'DE', '', 'Berlin'],
  ['Toronto', 'Canada', '', 'Ontario'],
  ['Austin', 'United States', 'TX', ''],
  ['Portland', 'United States', 'OR', ''],
  ['Lyon', 'France', '', 'Rhône'],
  ['Melbourne', 'Australia', '', 'Victoria'],
  ['Madrid', 'Spain', '', 'Madrid'],
  ['Chicago', 'United States', 'IL', ''],
] as const;
const PLACE_KINDS = ['Hall', 'Theatre', 'Park', 'Club', 'Gallery', 'Library', 'Arena', 'Studio', 'Café', 'Garden'];
const PLACE_NAMES = ['Riverside', 'Old Town', 'Harbour', 'Maple', 'Central', 'Sunset', 'Northgate', 'Lindenhof', 'Bluebird', 'Granite'];
const STREETS = ['Main Street', 'Station Road', 'Market Square', 'Elm Avenue', 'Canal Street', 'Hill Road'];
const GROUPS = ['Society', 'Collective', 'Association', 'Club', 'Foundation', 'Guild', 'Network', 'Ensemble'];
const TOPICS = ['Jazz', 'Chess', 'Film', 'Poetry', 'Robotics', 'Yoga', 'Photography', 'Cycling', 'Theatre', 'Gardening', 'Coding', 'Wine'];
const EVENT_KINDS = ['Night', 'Workshop', 'Meetup', 'Festival', 'Talk', 'Concert', 'Class', 'Tour', 'Fair', 'Screening', 'Market', 'Jam'];
const ADJECTIVES = ['Open', 'Late', 'Family', 'Community', 'Summer', 'Winter', 'Spring', 'Beginners’', 'Advanced', 'Weekly', 'Grand', 'Little'];
const CATEGORY_NAMES = [
  'Music',
  'Arts',
  'Sports',
  'Education',
  'Food & Drink',
  'Family',
  'Technology',
  'Outdoors',
  'Film',
  'Literature',
  'Health',
  'Business',
  'Community',
  'Theatre',
  'Dance',
  'Science',
];
const TAG_WORDS = [
  'free',
  'outdoor',
  'indoor',
  'kids',
  'seniors',
  'accessible',
  'weekend',
  'evening',
  'morning',
  'live',
  'online',
  'ticketed',
  'pet-friendly',
  'beginner',
  'expert',
  'local',
];
const SENTENCES = [
  'Join us for an afternoon of discovery and good company.',
  'Bring a friend — everyone is welcome, whatever their experience.',
  'Refreshments are served from the start; doors open thirty minutes early.',
  'The programme is announced a week ahead on our website.',
  'Seats are limited, so please arrive on time.',
  'Our hosts will guide you through every step.',
];

/** Venue parameters as a `POST /venues` body carries them. */
export type VenueInput = Record<string, string>;
export type OrganizerInput = Record<string, string>;

export function venueInputs(count: number, pick: Picker, offset = 0): VenueInput[] {
  return Array.from({ length: count }, (_, i) => {
    const [city, country, state, province] = pick.one(CITIES);
    const input: VenueInput = {
      venue: `${pick.one(PLACE_NAMES)} ${pick.one(PLACE_KINDS)} ${offset + i + 1}`,
      address: `${pick.int(1, 240)} ${pick.one(STREETS)}`,
      city,
      country,
      zip: String(pick.int(10000, 99999)),
      phone: `+1 555 ${pick.int(1000, 9999)}`,
    };
    if (state) input.state = state;
    if (province) input.province = province;
    if (pick.chance(0.5)) input.website = `https://venues.example.org/${offset + i + 1}`;
    // Nine venues in ten have coordinates (geolocation, docs/geolocation.md), spread over a box of about
    // 2,700 × 2,900 km: 50,000 venues put a dozen in a 25 km circle, as a city would.
    if (pick.chance(0.9)) {
      input.geo_lat = (36 + pick.int(0, 2_400_000) / 100_000).toFixed(5);
      input.geo_lng = (-10 + pick.int(0, 4_000_000) / 100_000).toFixed(5);
    }
    return input;
  });
}

export function organizerInputs(count: number, pick: Picker, offset = 0): OrganizerInput[] {
  return Array.from({ length: count }, (_, i) => {
    const input: OrganizerInput = {
      organizer: `${pick.one(TOPICS)} ${pick.one(GROUPS)} ${offset + i + 1}`,
      email: `organizer${offset + i + 1}@example.org`,
      phone: `+1 555 ${pick.int(1000, 9999)}`,
    };
    if (pick.chance(0.6)) input.website = `https://organizers.example.org/${offset + i + 1}`;
    return input;
  });
}

/** Distinct term names: the base list, then numbered variants. */
export function termNames(count: number, kind: 'category' | 'tag'): string[] {
  const base = kind === 'category' ? CATEGORY_NAMES : TAG_WORDS;
  return Array.from({ length: count }, (_, i) => (i < base.length ? base[i] : `${base[i % base.length]} ${Math.floor(i / base.length) + 1}`));
}

/** The `POST /events` parameters the seeder supports (all created by an administrator). */
export interface SeedEventInput {
  title: string;
  description: string;
  excerpt?: string;
  /** Site-local `YYYY-MM-DD HH:MM:SS`. */
  start_date: string;
  end_date: string;
  all_day?: boolean;
  cost?: string;
  website?: string;
  featured?: boolean;
  /** Term IDs. */
  categories: number[];
  tags: number[];
  venue?: number;
  organizer?: number[];
}

export interface EventPools {
  venues: readonly number[];
  organizers: readonly number[];
  categories: readonly number[];
  tags: readonly number[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A wall time `days` and `minutes` after `base` (a site-local date at midnight, as UTC fields). */
function wall(base: Date, days: number, minutes: number): string {
  const d = new Date(base.getTime() + days * 86_400_000 + minutes * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:00`;
}

const COSTS = ['10', '$15', '5 - 25', 'Free', '€12', '20 USD', '0', '7.50'];

/**
 * One event starting within the two years after `today` (`YYYY-MM-DD`, site-local): mostly evening
 * events of one to four hours, some all-day or multi-day ones (never longer than three days, well
 * within what the TEC tables hold).
 */
export function eventInput(sequence: number, today: string, pick: Picker, pools: EventPools): SeedEventInput {
  const base = new Date(`${today}T00:00:00Z`);
  const day = pick.int(0, 729);
  const title = `${pick.one(ADJECTIVES)} ${pick.one(TOPICS)} ${pick.one(EVENT_KINDS)} ${sequence}`;
  const paragraphs = pick.some(SENTENCES, pick.int(1, 3));
  const input: SeedEventInput = {
    title,
    description: paragraphs.map((p) => `<p>${p}</p>`).join('\n'),
    start_date: '',
    end_date: '',
    categories: pick.some(pools.categories, pick.int(1, 2)),
    tags: pick.some(pools.tags, pick.int(0, 3)),
  };
  if (pick.chance(0.12)) {
    input.all_day = true;
    input.start_date = wall(base, day, 0);
    input.end_date = wall(base, day + pick.int(0, 2), 0);
  } else {
    const start = pick.int(16, 42) * 30; // 08:00 … 21:00
    const length = pick.chance(0.05) ? pick.int(1, 2) * 1440 + 120 : pick.int(2, 8) * 30;
    input.start_date = wall(base, day, start);
    input.end_date = wall(base, day, start + length);
  }
  if (pick.chance(0.3)) input.excerpt = paragraphs[0];
  if (pick.chance(0.6)) input.cost = pick.one(COSTS);
  if (pick.chance(0.3)) input.website = `https://tickets.example.org/e/${sequence}`;
  if (pick.chance(0.05)) input.featured = true;
  if (pools.venues.length && pick.chance(0.9)) input.venue = pick.one(pools.venues);
  if (pools.organizers.length && pick.chance(0.8)) input.organizer = pick.some(pools.organizers, pick.int(1, 2));
  return input;
}
