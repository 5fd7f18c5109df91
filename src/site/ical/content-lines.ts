/**
 * RFC 5545 §3.1 and §3.3 primitives: content lines folded at 75 octets with CRLF, TEXT values and
 * parameter values escaped, DATE / DATE-TIME / UTC-OFFSET values. Pure functions.
 */
import { WallTime } from '../../dates';
import { msToWall } from '../../dates/wall-time';

export const CRLF = '\r\n';
const MAX_OCTETS = 75;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * One content line, folded (§3.1): no line longer than 75 octets, continuation lines start with one
 * space, and a UTF-8 sequence is never split (a character goes whole onto the next line).
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1; // the leading space counts
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** Control characters TEXT and parameter values may not hold (§3.1: all CTLs but HTAB). */
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** A TEXT value (§3.3.11): backslash, semicolon and comma escaped, line breaks as `\n`. */
export function text(value: string): string {
  return value
    .replace(CONTROLS, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (§3.2): quoted when it holds `:`, `;` or `,`; DQUOTE (not allowed) becomes `'`. */
export function paramValue(value: string): string {
  const clean = value
    .replace(CONTROLS, '')
    .replace(/[\r\n]+/g, ' ')
    .replace(/"/g, "'");
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/** DATE (§3.3.4): `YYYYMMDD`. */
export function dateValue(w: WallTime): string {
  return `${pad(w.year, 4)}${pad(w.month)}${pad(w.day)}`;
}

/** Local DATE-TIME (§3.3.5, forms 1 and 3): `YYYYMMDDTHHMMSS`. */
export function localDateTime(w: WallTime): string {
  return `${dateValue(w)}T${pad(w.hour)}${pad(w.minute)}${pad(w.second)}`;
}

/** UTC DATE-TIME (§3.3.5, form 2): `YYYYMMDDTHHMMSSZ`. */
export function utcDateTime(instantMs: number): string {
  return `${localDateTime(msToWall(instantMs))}Z`;
}

/** UTC-OFFSET (§3.3.14): `+HHMM`, with seconds when there are any; never `-0000`. */
export function utcOffset(seconds: number): string {
  const abs = Math.abs(seconds);
  const hhmm = `${pad(Math.floor(abs / 3600))}${pad(Math.floor((abs % 3600) / 60))}`;
  return `${seconds < 0 ? '-' : '+'}${hhmm}${abs % 60 ? pad(abs % 60) : ''}`;
}

/** A calendar object from its unfolded lines: each folded, each ended by CRLF (the last one too). */
export function serialize(lines: readonly string[]): string {
  return lines.map((line) => foldLine(line) + CRLF).join('');
}
