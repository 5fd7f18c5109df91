import type { Caller } from './caller';
import { ksesPost, ksesTitle } from './rendering';
import { phpTrim } from './text-sanitize';

/**
 * WordPress `title_save_pre`: kses for callers without `unfiltered_html` (auth-and-permissions.md §3),
 * then PHP trim — spaces, tabs, line breaks, NUL and \v only, not JavaScript's unicode whitespace.
 */
export function savedTitle(raw: string, caller: Caller): string {
  return phpTrim(caller.capabilities.has('unfiltered_html') ? raw : ksesTitle(raw));
}

/** WordPress `content_save_pre`: kses for callers without `unfiltered_html`. */
export function savedContent(raw: string, caller: Caller): string {
  return caller.capabilities.has('unfiltered_html') ? raw : ksesPost(raw);
}
