import { describe, expect, it } from 'vitest';
import { cleanFileName } from './file-name';

describe('cleanFileName', () => {
  it.each([
    ['holiday.png', 'holiday.png'],
    ['a\u0000b.png', 'ab.png'],
    ['line\r\nbreak\t.jpg', 'linebreak.jpg'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\ann\\photo.jpg', 'photo.jpg'],
    ['invoice\u202egnp.exe', 'invoicegnp.exe'],
    ['  spaced  .png ', 'spaced  .png'],
    ['👩‍💻 at work.webp', '👩‍💻 at work.webp'],
    ['\u0000\u0001', 'file'],
    ['dir/', 'file'],
    ['', 'file'],
  ])('%j → %j', (raw, clean) => expect(cleanFileName(raw)).toBe(clean));

  it('keeps at most 255 characters, the extension among them, without splitting an emoji', () => {
    const long = cleanFileName(`${'😀'.repeat(300)}.jpeg`);
    expect(Array.from(long)).toHaveLength(255);
    expect(long.endsWith('😀.jpeg')).toBe(true);
  });
});
