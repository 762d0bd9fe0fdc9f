const MAX_CHARS = 255;
// Control characters (NUL among them: PostgreSQL refuses it in text) and the bidirectional overrides
// and isolates that can make "exe.png" display as "gnp.exe". Emoji joiners stay.
const UNWANTED = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The name an upload is shown under: what follows the last / or \, without control characters, trimmed,
 * at most 255 characters with its extension kept; "file" when nothing is left. It is only ever shown:
 * the stored file is named by its id and the type read from its bytes.
 */
export function cleanFileName(raw: string): string {
  const base = raw.replace(UNWANTED, '').split(/[/\\]/).pop()!.trim();
  const chars = Array.from(base.normalize('NFC'));
  if (chars.length <= MAX_CHARS) return chars.join('') || 'file';
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? Array.from(base.slice(dot)).slice(0, 16) : [];
  return [...chars.slice(0, MAX_CHARS - ext.length), ...ext].join('');
}
