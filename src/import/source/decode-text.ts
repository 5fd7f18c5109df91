/** A file's bytes as text, for either format. */

/** The text of a file's bytes: UTF-8 when they are valid UTF-8 (or the charset says so), else Windows-1252 (Outlook's older exports). */
export function decodeText(bytes: Buffer, charset?: string): string {
  const declared = charset?.trim().toLowerCase();
  let text: string;
  if (declared && declared !== 'utf-8' && declared !== 'utf8' && isSupportedCharset(declared)) text = new TextDecoder(declared).decode(bytes);
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  return text.replace(/^\uFEFF/, '');
}

function isSupportedCharset(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}
