import { randomBytes } from 'node:crypto';

/** A form field: text, or a file with its name (a Blob, which may be backed by a file on disk). */
export type MultipartValue = string | { blob: Blob; filename: string };

// What the HTML standard does to a field name or file name inside the quoted header value.
const quoted = (value: string) =>
  value.replaceAll('\r', '%0D').replaceAll('\n', '%0A').replaceAll('"', '%22');

/**
 * A `multipart/form-data` body as one Blob, for fetch. Not a FormData: Node 24's fetch streams a FormData
 * body from a task of its own that throws an unhandled rejection (which ends the process) when the
 * request is aborted mid-upload, as a network that stops answering makes us do. A Blob is sent as it is,
 * with its length known; file parts stay on disk until sent.
 */
export function multipartBody(fields: [name: string, value: MultipartValue][]) {
  const boundary = `----postwell${randomBytes(12).toString('hex')}`;
  const parts: (string | Blob)[] = [];
  for (const [name, value] of fields) {
    parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="${quoted(name)}"`);
    if (typeof value === 'string') parts.push(`\r\n\r\n${value}\r\n`);
    else
      parts.push(
        `; filename="${quoted(value.filename)}"\r\n` +
          `Content-Type: ${value.blob.type || 'application/octet-stream'}\r\n\r\n`,
        value.blob,
        '\r\n',
      );
  }
  parts.push(`--${boundary}--\r\n`);
  return new Blob(parts, { type: `multipart/form-data; boundary=${boundary}` });
}
