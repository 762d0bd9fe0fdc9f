import { describe, expect, it } from 'vitest';
import { multipartBody } from './multipart';

describe('multipartBody', () => {
  it('is read back as the same fields and file by a standard multipart parser', async () => {
    const image = new Blob([new Uint8Array([0, 1, 2, 255, 13, 10])], { type: 'image/png' });
    const body = multipartBody([
      ['command', 'APPEND'],
      ['caption', 'two\r\nlines and "quotes" — ünïcode'],
      ['media', { blob: image, filename: 'a "b".png' }],
    ]);
    expect(body.type).toMatch(/^multipart\/form-data; boundary=-+postwell[0-9a-f]{24}$/);
    const form = await new Response(body, { headers: { 'content-type': body.type } }).formData();
    expect(form.get('command')).toBe('APPEND');
    expect(form.get('caption')).toBe('two\r\nlines and "quotes" — ünïcode');
    const file = form.get('media') as File;
    expect(file.type).toBe('image/png');
    expect(file.name).toBe('a "b".png');
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([0, 1, 2, 255, 13, 10]);
  });

  it('keeps a field name from breaking out of its header', async () => {
    const body = multipartBody([['a"\r\nX-Evil: 1', 'v']]);
    const text = await body.text();
    expect(text).not.toContain('\r\nX-Evil');
    expect(text).toContain('name="a%22%0D%0AX-Evil: 1"');
  });
});
