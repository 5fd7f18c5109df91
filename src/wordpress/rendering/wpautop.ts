import { PHP_SPACE as S, replaceInHtmlTags } from './html-split';

/**
 * Port of WordPress `wpautop()` (wp-includes/formatting.php, WP 6.x) with `$br = true`:
 * blank-line separated blocks become `<p>…</p>`, single newlines `<br />`,
 * block-level elements are not wrapped, `<pre>` content is left alone.
 */

const ALL_BLOCKS =
  '(?:table|thead|tfoot|caption|col|colgroup|tbody|tr|td|th|div|dl|dd|dt|ul|ol|li|pre|form|map|area|blockquote|address|math|style|p|h[1-6]|hr|fieldset|legend|section|article|aside|hgroup|header|footer|nav|figure|figcaption|details|menu|summary)';

const re = (source: string, flags = 'g') => new RegExp(source, flags);

export function wpautop(input: string): string {
  if (input.replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '') === '') return '';

  let text = input + '\n';
  const preTags = new Map<string, string>();

  // <pre> elements are replaced by placeholders and restored at the end.
  if (text.includes('<pre')) {
    const parts = text.split('</pre>');
    const last = parts.pop() as string;
    text = '';
    let i = 0;
    for (const part of parts) {
      const start = part.indexOf('<pre');
      if (start === -1) {
        text += part;
        continue;
      }
      const name = `<pre wp-pre-tag-${i}></pre>`;
      preTags.set(name, part.slice(start) + '</pre>');
      text += part.slice(0, start) + name;
      i++;
    }
    text += last;
  }

  text = text.replace(re(`<br${S}*/?>${S}*<br${S}*/?>`), '\n\n');
  text = text.replace(re(`(<${ALL_BLOCKS}[ \\t\\n\\r\\f\\v/>])`), '\n\n$1');
  text = text.replace(re(`(</${ALL_BLOCKS}>)`), '$1\n\n');
  text = text.replace(re(`(<hr${S}*?/?>)`), '$1\n\n');
  text = text.replace(/\r\n|\r/g, '\n');
  text = replaceInHtmlTags(text, '\n', ' <!-- wpnl --> ');

  if (text.includes('<option')) {
    text = text.replace(re(`${S}*<option`), '<option');
    text = text.replace(re(`</option>${S}*`), '</option>');
  }
  if (text.includes('</object>')) {
    text = text.replace(re(`(<object[^>]*>)${S}*`), '$1');
    text = text.replace(re(`${S}*</object>`), '</object>');
    text = text.replace(re(`${S}*(</?(?:param|embed)[^>]*>)${S}*`), '$1');
  }
  if (text.includes('<source') || text.includes('<track')) {
    text = text.replace(re(`([<\\[](?:audio|video)[^>\\]]*[>\\]])${S}*`), '$1');
    text = text.replace(re(`${S}*([<\\[]/(?:audio|video)[>\\]])`), '$1');
    text = text.replace(re(`${S}*(<(?:source|track)[^>]*>)${S}*`), '$1');
  }
  if (text.includes('<figcaption')) {
    text = text.replace(re(`${S}*(<figcaption[^>]*>)`), '$1');
    text = text.replace(re(`</figcaption>${S}*`), '</figcaption>');
  }

  text = text.replace(/\n\n+/g, '\n\n');
  const paragraphs = text.split(re(`\\n${S}*\\n`)).filter((p) => p !== '');
  text = paragraphs.map((p) => `<p>${p.replace(/^\n+|\n+$/g, '')}</p>\n`).join('');

  text = text.replace(re(`<p>${S}*</p>`), '');
  text = text.replace(/<p>([^<]+)<\/(div|address|form)>/g, '<p>$1</p></$2>');
  text = text.replace(re(`<p>${S}*(</?${ALL_BLOCKS}[^>]*>)${S}*</p>`), '$1');
  text = text.replace(/<p>(<li.+?)<\/p>/g, '$1');
  text = text.replace(/<p><blockquote([^>]*)>/gi, '<blockquote$1><p>');
  text = text.split('</blockquote></p>').join('</p></blockquote>');
  text = text.replace(re(`<p>${S}*(</?${ALL_BLOCKS}[^>]*>)`), '$1');
  text = text.replace(re(`(</?${ALL_BLOCKS}[^>]*>)${S}*</p>`), '$1');

  // Newlines inside script/style/svg/math are preserved.
  text = text.replace(/<(script|style|svg|math)[\s\S]*?<\/\1>/g, (m) => m.split('\n').join('<WPPreserveNewline />'));
  text = text.replace(/<br>|<br\/>/g, '<br />');
  text = text.replace(re(`(?<!<br />)${S}*\\n`), '<br />\n');
  text = text.split('<WPPreserveNewline />').join('\n');

  text = text.replace(re(`(</?${ALL_BLOCKS}[^>]*>)${S}*<br />`), '$1');
  text = text.replace(re(`<br />(${S}*</?(?:p|li|div|dl|dd|dt|th|pre|td|ul|ol)[^>]*>)`), '$1');
  text = text.replace(/\n<\/p>(?=\n?(?![\s\S]))/, '</p>');

  for (const [name, original] of preTags) text = text.split(name).join(original);
  if (text.includes('<!-- wpnl -->')) text = text.split(' <!-- wpnl --> ').join('\n').split('<!-- wpnl -->').join('\n');
  return text;
}
