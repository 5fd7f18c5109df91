/**
 * Block markup: a port of WordPress' `WP_Block_Parser` (parse_blocks) and the part of
 * `do_blocks()`/`render_block()` that applies without a PHP runtime: comment
 * delimiters disappear and each block renders its saved inner HTML.
 *
 * Dynamic blocks (server-rendered, e.g. TEC's `tribe/*` blocks) have no saved HTML
 * and render as their saved content (usually nothing). The contract (formats.md §4,
 * OQ-3) leaves open how far the plugin's templates must be reproduced; a user of the
 * API gets the text content of the description without the plugin's view markup.
 */

import { phpEmpty } from './text-filters';

export interface ParsedBlock {
  blockName: string | null;
  attrs: Record<string, unknown>;
  innerBlocks: ParsedBlock[];
  innerHTML: string;
  /** Strings of HTML and `null` placeholders where inner blocks go, in order. */
  innerContent: Array<string | null>;
}

/**
 * WP_Block_Parser's delimiter grammar. The attributes run from `{` to the first `}` followed by
 * whitespace and `/-->` or `-->`; the alternatives are disjoint so that a malformed comment cannot
 * make the expression backtrack exponentially.
 */
const DELIMITER = /<!--\s+(\/)?wp:([a-z][a-z0-9_-]*\/)?([a-z][a-z0-9_-]*)\s+(\{(?:[^}]|\}(?!\s+\/?-->))*\}\s+)?(\/)?-->/g;

/** `has_blocks()`: WordPress only checks for the opening of a block comment. */
export function hasBlocks(content: string): boolean {
  return content.includes('<!-- wp:');
}

interface Frame {
  block: ParsedBlock;
  tokenStart: number;
  tokenLength: number;
  prevOffset: number;
  leadingHtmlStart: number | null;
}

const freeform = (html: string): ParsedBlock => ({ blockName: null, attrs: {}, innerBlocks: [], innerHTML: html, innerContent: [html] });
const newBlock = (name: string, attrs: Record<string, unknown>): ParsedBlock => ({ blockName: name, attrs, innerBlocks: [], innerHTML: '', innerContent: [] });

function parseAttrs(json: string | undefined): Record<string, unknown> {
  if (!json) return {};
  try {
    const value = JSON.parse(json.trim());
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  } catch {
    return {};
  }
}

export function parseBlocks(document: string): ParsedBlock[] {
  const output: ParsedBlock[] = [];
  const stack: Frame[] = [];
  let offset = 0;

  const addInnerBlock = (block: ParsedBlock, tokenStart: number, tokenLength: number, lastOffset?: number) => {
    const parent = stack[stack.length - 1];
    parent.block.innerBlocks.push(block);
    const html = document.slice(parent.prevOffset, tokenStart);
    if (!phpEmpty(html)) {
      parent.block.innerHTML += html;
      parent.block.innerContent.push(html);
    }
    parent.block.innerContent.push(null);
    parent.prevOffset = lastOffset ?? tokenStart + tokenLength;
  };

  const addBlockFromStack = (endOffset?: number) => {
    const top = stack.pop() as Frame;
    const html = endOffset === undefined ? document.slice(top.prevOffset) : document.slice(top.prevOffset, endOffset);
    if (!phpEmpty(html)) {
      top.block.innerHTML += html;
      top.block.innerContent.push(html);
    }
    if (top.leadingHtmlStart !== null) output.push(freeform(document.slice(top.leadingHtmlStart, top.tokenStart)));
    output.push(top.block);
  };

  const addFreeform = () => {
    if (offset < document.length) output.push(freeform(document.slice(offset)));
  };

  for (;;) {
    DELIMITER.lastIndex = offset;
    const match = DELIMITER.exec(document);
    if (!match) {
      if (stack.length === 0) addFreeform();
      else while (stack.length > 0) addBlockFromStack();
      return output;
    }
    const [token, closer, namespace, name, attrsJson, isVoid] = match;
    const start = match.index;
    const length = token.length;
    const blockName = (namespace ?? 'core/') + name;
    const attrs = parseAttrs(attrsJson);
    const leadingHtmlStart = start > offset ? offset : null;

    if (closer) {
      if (stack.length === 0) {
        addFreeform();
        return output;
      }
      if (stack.length === 1) {
        addBlockFromStack(start);
      } else {
        const top = stack.pop() as Frame;
        const html = document.slice(top.prevOffset, start);
        top.block.innerHTML += html;
        top.block.innerContent.push(html);
        addInnerBlock(top.block, top.tokenStart, top.tokenLength, start + length);
      }
    } else if (isVoid) {
      if (stack.length === 0) {
        if (leadingHtmlStart !== null) output.push(freeform(document.slice(leadingHtmlStart, start)));
        output.push(newBlock(blockName, attrs));
      } else {
        addInnerBlock(newBlock(blockName, attrs), start, length);
      }
    } else {
      stack.push({ block: newBlock(blockName, attrs), tokenStart: start, tokenLength: length, prevOffset: start + length, leadingHtmlStart });
    }
    offset = start + length;
  }
}

/**
 * Adds a class to the first `tagName` tag of `html`, like WP_HTML_Tag_Processor::add_class():
 * appended to an existing class list, else inserted as a new attribute right after the tag name.
 */
function addClassToFirstTag(html: string, tagName: string, className: string): string {
  const tag = new RegExp(`<${tagName}(?=[\\s/>])([^>]*)>`, 'i');
  return html.replace(tag, (whole, attrs: string) => {
    const name = whole.slice(1, 1 + tagName.length);
    const classAttr = /(\sclass\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attrs);
    if (!classAttr) return `<${name} class="${className}"${attrs}>`;
    const classes = (classAttr[2] ?? classAttr[3] ?? classAttr[4] ?? '').split(/[ \t\n\r\f]+/).filter(Boolean);
    if (classes.includes(className)) return whole;
    const updated = `${classAttr[1]}"${[...classes, className].join(' ')}"`;
    return `<${name}${attrs.replace(classAttr[0], updated)}>`;
  });
}

/**
 * Block-specific render additions. WordPress 7.0 (the live reference install) renders a core
 * paragraph's `<p>` as `<p class="wp-block-paragraph">` (formats.md §4.4).
 */
const RENDERERS: Record<string, (html: string, block: ParsedBlock) => string> = {
  'core/paragraph': (html) => addClassToFirstTag(html, 'p', 'wp-block-paragraph'),
};

export function renderBlock(block: ParsedBlock): string {
  let index = 0;
  let html = '';
  for (const chunk of block.innerContent) {
    html += chunk === null ? renderBlock(block.innerBlocks[index++]) : chunk;
  }
  const renderer = block.blockName ? RENDERERS[block.blockName] : undefined;
  return renderer ? renderer(html, block) : html;
}

/** `do_blocks()` minus the wpautop bookkeeping (handled by the content pipeline). */
export function doBlocks(content: string): string {
  return parseBlocks(content).map(renderBlock).join('');
}
