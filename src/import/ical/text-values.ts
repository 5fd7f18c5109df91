/** Text values of a calendar as the HTML a post stores (kses is applied by the importer to every description). */

const HTML_TAG = /<\/?(a|b|br|div|em|i|li|ol|p|span|strong|u|ul)\b[^>]*>/i;

/** A title: one line, `<` and `>` as entities (a title is text, never markup). */
export function titleText(value: string): string {
  return value.replace(/\s+/g, ' ').trim().replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A DESCRIPTION as post content: kept as HTML when it already is (Google Calendar writes HTML there),
 * else as text whose `&`, `<`, `>` become entities; line breaks stay (WordPress turns them into paragraphs).
 */
export function descriptionHtml(value: string): string {
  const text = value.replace(/\r\n?/g, '\n').trim();
  if (HTML_TAG.test(text)) return text;
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
