/** Port of WordPress `safecss_filter_attr()` (wp-includes/kses.php, WP 6.x): filters a `style` attribute value. */
import { ALLOWED_PROTOCOLS } from './allowed-html';
import { badProtocol, noNull } from './protocols';

const ALLOWED_PROPERTIES = new Set([
  'background',
  'background-color',
  'background-image',
  'background-position',
  'background-repeat',
  'background-size',
  'background-attachment',
  'background-blend-mode',
  'border',
  'border-radius',
  'border-width',
  'border-color',
  'border-style',
  'border-right',
  'border-right-color',
  'border-right-style',
  'border-right-width',
  'border-bottom',
  'border-bottom-color',
  'border-bottom-left-radius',
  'border-bottom-right-radius',
  'border-bottom-style',
  'border-bottom-width',
  'border-left',
  'border-left-color',
  'border-left-style',
  'border-left-width',
  'border-top',
  'border-top-color',
  'border-top-left-radius',
  'border-top-right-radius',
  'border-top-style',
  'border-top-width',
  'border-spacing',
  'border-collapse',
  'caption-side',
  'columns',
  'column-count',
  'column-fill',
  'column-gap',
  'column-rule',
  'column-span',
  'column-width',
  'color',
  'filter',
  'font',
  'font-family',
  'font-size',
  'font-style',
  'font-variant',
  'font-weight',
  'letter-spacing',
  'line-height',
  'text-align',
  'text-decoration',
  'text-indent',
  'text-transform',
  'height',
  'min-height',
  'max-height',
  'width',
  'min-width',
  'max-width',
  'margin',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'margin-top',
  'margin-block-start',
  'margin-block-end',
  'margin-inline-start',
  'margin-inline-end',
  'padding',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'padding-top',
  'padding-block-start',
  'padding-block-end',
  'padding-inline-start',
  'padding-inline-end',
  'flex',
  'flex-basis',
  'flex-direction',
  'flex-flow',
  'flex-grow',
  'flex-shrink',
  'flex-wrap',
  'gap',
  'row-gap',
  'grid-template-columns',
  'grid-auto-columns',
  'grid-column-start',
  'grid-column-end',
  'grid-column',
  'grid-column-gap',
  'grid-template-rows',
  'grid-auto-rows',
  'grid-row-start',
  'grid-row-end',
  'grid-row',
  'grid-row-gap',
  'grid-gap',
  'justify-content',
  'justify-items',
  'justify-self',
  'align-content',
  'align-items',
  'align-self',
  'clear',
  'cursor',
  'direction',
  'float',
  'list-style-type',
  'object-fit',
  'object-position',
  'opacity',
  'overflow',
  'vertical-align',
  'writing-mode',
  'position',
  'top',
  'right',
  'bottom',
  'left',
  'z-index',
  'box-shadow',
  'aspect-ratio',
  'container-type',
]);

const URL_PROPERTIES = ['background', 'background-image', 'cursor', 'filter', 'list-style', 'list-style-image', 'mask', 'mask-image'];
const GRADIENT_PROPERTIES = ['background', 'background-image', 'mask', 'mask-image'];

/** Removes `var(…)`, `calc(…)`, … with balanced parentheses (PCRE's recursive `(?1)` group). */
function stripCssFunctions(css: string): string {
  const start = /\b(?:var|calc|min|max|minmax|clamp|repeat)\(/g;
  let result = '';
  let from = 0;
  let match: RegExpExecArray | null;
  while ((match = start.exec(css))) {
    let depth = 0;
    let end = -1;
    for (let i = match.index + match[0].length - 1; i < css.length; i++) {
      if (css[i] === '(') depth++;
      else if (css[i] === ')' && --depth === 0) {
        end = i;
        break;
      }
    }
    if (end === -1) continue; // unbalanced: left in place, like the PCRE pattern
    result += css.slice(from, match.index);
    from = end + 1;
    start.lastIndex = from;
  }
  return result + css.slice(from);
}

export function safecssFilterAttr(input: string): string {
  const css = noNull(input).replace(/[\n\r\t]/g, '');
  let output = '';
  for (const rawItem of css.trim().split(';')) {
    if (rawItem === '') continue;
    const item = rawItem.trim();
    let testString = item;
    let found = false;
    let urlProperty = false;
    let gradientProperty = false;
    let value = '';
    if (!item.includes(':')) {
      found = true;
    } else {
      const colon = item.indexOf(':');
      const property = item.slice(0, colon).trim();
      value = item.slice(colon + 1);
      const customProperty = /^--[a-zA-Z0-9-_]+$/.test(property);
      if (customProperty || ALLOWED_PROPERTIES.has(property)) {
        found = true;
        urlProperty = URL_PROPERTIES.includes(property);
        gradientProperty = GRADIENT_PROPERTIES.includes(property);
      }
      if (customProperty) {
        urlProperty = value.trim().startsWith('url(');
        gradientProperty = value.includes('-gradient(');
      }
    }

    if (found && urlProperty) {
      for (const urlMatch of value.match(/url\([^)]+\)/g) ?? []) {
        const pieces = /^url\(\s*(['"]?)(.*)(\1)\s*\)$/.exec(urlMatch);
        const url = pieces?.[2]?.trim() ?? '';
        if (url === '' || badProtocol(url, ALLOWED_PROTOCOLS) !== url) {
          found = false;
          break;
        }
        testString = testString.split(urlMatch).join('');
      }
    }

    if (found && gradientProperty) {
      const trimmed = value.trim();
      if (/^(repeating-)?(linear|radial|conic)-gradient\(([^()]|rgba?\([^()]*\))*\)$/.test(trimmed)) {
        testString = testString.split(trimmed).join('');
      }
    }

    if (found && !/[\\(&=}]|\/\*/.test(stripCssFunctions(testString))) {
      if (output !== '') output += ';';
      output += item;
    }
  }
  return output;
}
