/** Small WordPress display filters (wp-includes/formatting.php). */

/** PHP `trim()` default character list (JavaScript's trim also strips U+00A0 and other spaces). */
/** PHP `empty()` of a string: '' and '0' (and no value at all). */
export function phpEmpty(value: string | undefined): boolean {
  return value === undefined || value === '' || value === '0';
}

export function phpTrim(text: string): string {
  return text.replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '');
}

/** `convert_chars()`: a bare `&` that does not start an entity becomes `&#038;`. */
export function convertChars(content: string): string {
  return content.includes('&') ? content.replace(/&([^#])(?![a-z1-4]{1,8};)/gi, '&#038;$1') : content;
}

/** `capital_P_dangit()` as hooked on `the_title` (plain replacement). */
export function capitalPDangitTitle(text: string): string {
  return text.split('Wordpress').join('WordPress');
}

/** `capital_P_dangit()` as hooked on `the_content` (only after a space, quote, `>` or `(`). */
export function capitalPDangitContent(text: string): string {
  return text.replace(/( |&#8216;|&#8220;|>|\()Wordpress/g, '$1WordPress');
}
