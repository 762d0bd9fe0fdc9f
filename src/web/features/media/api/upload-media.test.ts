import { afterEach, describe, expect, it, vi } from 'vitest';
import { setCurrentWorkspace } from '../../../lib/workspace';
import { uploadMedia } from './upload-media';

describe('uploadMedia', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the file into the tab's workspace, like every other call", async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ id: 'm1' }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    setCurrentWorkspace('11111111-2222-3333-4444-555555555555');
    await uploadMedia({ file: new File(['x'], 'a.png', { type: 'image/png' }), kind: 'image' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/media?kind=image');
    expect(init.headers).toEqual({ 'x-postwell-workspace': '11111111-2222-3333-4444-555555555555' });
  });
});
