/**
 * Server-sent events as OpenAI-compatible servers stream them: lines `data: {json}` separated by blank
 * lines, ending with `data: [DONE]`. Split by hand (indexOf), so a hostile stream cannot make a regular
 * expression backtrack; a line longer than `maxLine` is an error rather than a growing buffer.
 */
export function createSseParser(onData: (data: string) => void, maxLine = 1_000_000) {
  let buffer = '';
  const line = (text: string) => {
    // Comments (':' keep-alives) and other fields (event:, id:) carry no text.
    if (!text.startsWith('data:')) return;
    onData(text.slice(text[5] === ' ' ? 6 : 5));
  };
  return {
    push(chunk: string) {
      buffer += chunk;
      let start = 0;
      for (let newline = buffer.indexOf('\n'); newline >= 0; newline = buffer.indexOf('\n', start)) {
        const text = buffer.slice(start, newline);
        start = newline + 1;
        line(text.endsWith('\r') ? text.slice(0, -1) : text);
      }
      buffer = buffer.slice(start);
      if (buffer.length > maxLine) throw new Error('SSE line too long');
    },
    end() {
      if (buffer) line(buffer);
      buffer = '';
    },
  };
}
