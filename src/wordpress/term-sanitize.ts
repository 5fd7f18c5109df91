import { ksesTitle } from './rendering';
import { sanitizeTextField } from './text-sanitize';

/**
 * How WordPress cleans term fields before storing them (`sanitize_term(…, 'db')`), whoever the caller:
 * names go through `sanitize_text_field`, `wp_filter_kses` and `_wp_specialchars` (so `&` is stored as
 * `&amp;`, as WordPress itself stores it); descriptions through `wp_filter_kses` (basic inline tags).
 */
export function sanitizeTermName(raw: string): string {
  return specialChars(ksesTitle(sanitizeTextField(raw)));
}

export function sanitizeTermDescription(raw: string): string {
  return ksesTitle(raw);
}

/** `_wp_specialchars($text, ENT_NOQUOTES, false, false)`: `& < >` encoded, existing entities kept. */
function specialChars(text: string): string {
  return text
    .replace(/&(?!(?:[a-zA-Z][a-zA-Z0-9]*|#\d+|#x[0-9a-fA-F]+);)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}
