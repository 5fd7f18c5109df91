/** Bounds of one import (docs/import.md "Limits"): checked before the work they bound. */

/** The largest file read: a request body, a multipart upload (read after authentication: src/app/request-road.ts), a URL's answer. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;

/** The most VEVENTs (or CSV rows) one file may hold; more is refused before any is read. */
export const MAX_EVENTS_PER_FILE = 10_000;

/** How long a URL may take to answer completely, and how many redirects are followed (each one checked again). */
export const URL_TIMEOUT_MS = 15_000;
export const MAX_REDIRECTS = 5;

/** The most report items kept with a failure reason each (the counts stay exact beyond it). */
export const MAX_REPORT_ITEMS = MAX_EVENTS_PER_FILE;
