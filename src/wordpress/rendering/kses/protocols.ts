/** URL protocol filtering of wp_kses (wp-includes/kses.php). */

/** `wp_kses_no_null()` with `slash_zero => 'remove'` (the default). */
export function noNull(content: string, keepSlashZero = false): string {
  let result = content.replace(/[\x00-\x08\x0B\x0C\x0E-\x1F]/g, '');
  if (!keepSlashZero) result = result.replace(/\\+0+/g, '');
  return result;
}

/** `wp_kses_decode_entities()`: numeric entities only. */
function decodeNumericEntities(text: string): string {
  return text
    .replace(/&#([0-9]+);/g, (_, n: string) => String.fromCharCode(Number(n) & 0xff))
    .replace(/&#[Xx]([0-9A-Fa-f]+);/g, (_, h: string) => String.fromCharCode(parseInt(h, 16) & 0xff));
}

function protocolOnce2(scheme: string, allowed: string[]): string {
  const normalized = noNull(decodeNumericEntities(scheme).replace(/[ \t\n\r\f\v]/g, '')).toLowerCase();
  return allowed.some((p) => p.toLowerCase() === normalized) ? `${normalized}:` : '';
}

function protocolOnce(content: string, allowed: string[], count = 1): string {
  content = content.replace(/(&#0*58(?![;0-9])|&#x0*3a(?![;a-f0-9]))/gi, '$1;');
  const separator = /:|&#0*58;|&#x0*3a;|&colon;/i.exec(content);
  if (!separator) return content;
  const scheme = content.slice(0, separator.index);
  if (/\/\?/.test(scheme)) return content;
  let rest = content.slice(separator.index + separator[0].length).replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '');
  const protocol = protocolOnce2(scheme, allowed);
  if (protocol === 'feed:') {
    if (count > 2) return '';
    rest = protocolOnce(rest, allowed, count + 1);
    if (rest === '' || rest === '0') return rest;
  }
  return protocol + rest;
}

/** `wp_kses_bad_protocol()`: strips disallowed URL schemes (`javascript:alert(1)` → `alert(1)`). */
export function badProtocol(content: string, allowed: string[]): string {
  content = noNull(content);
  if ((content.startsWith('https://') && allowed.includes('https')) || (content.startsWith('http://') && allowed.includes('http'))) {
    return content;
  }
  let iterations = 0;
  let original: string;
  do {
    original = content;
    content = protocolOnce(content, allowed);
  } while (original !== content && ++iterations < 6);
  return original !== content ? '' : content;
}
