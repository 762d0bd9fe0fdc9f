import type { Readable, Writable } from 'node:stream';

/**
 * A small tar (POSIX ustar, with pax headers for long names) writer and reader for backups: regular
 * files only, streamed in and out, sizes known up front. Enough for what `npm run backup` writes and
 * `npm run restore` reads; not a general tar implementation.
 */
const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1; // eleven octal digits: just under 8 GiB per file

/** A pax header's records: a path or two, never more than this (it is read whole). */
const PAX_MAX = 64 * 1024;

/** The archive is not one this reader can read: not tar, damaged, or cut short. */
export class TarError extends Error {}

const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0') + '\0';

/** One ustar header block; exported for tests that craft archives (a size that lies, say). */
export function tarHeader(name: string, size: number, type: '0' | 'x', mtime: Date): Buffer {
  if (size > MAX_SIZE) throw new Error(`${name} is larger than a backup entry may be (8 GiB)`);
  const block = Buffer.alloc(BLOCK);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write(type, 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return block;
}

/** A pax record `"<len> path=<name>\n"`, whose length counts its own digits. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body);
  while (String(length).length + Buffer.byteLength(body) !== length)
    length = String(length).length + Buffer.byteLength(body);
  return Buffer.from(`${length}${body}`);
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Writes entries one after another to `out` (a gzip stream, typically); `end()` writes the trailer. */
export function tarWriter(out: Writable) {
  const write = (chunk: Buffer) =>
    new Promise<void>((resolve, reject) => out.write(chunk, (error) => (error ? reject(error) : resolve())));
  return {
    /** One file of `size` bytes; `body` must hold exactly that many. */
    async add(name: string, size: number, body: Buffer | Readable, mtime = new Date()) {
      if (Buffer.byteLength(name) > 100) {
        const pax = paxRecord('path', name);
        await write(tarHeader('PaxHeader', pax.length, 'x', mtime));
        await write(Buffer.concat([pax, padding(pax.length)]));
      }
      await write(tarHeader(name.slice(0, 100), size, '0', mtime));
      let written = 0;
      for await (const chunk of Buffer.isBuffer(body) ? [body] : (body as AsyncIterable<Buffer>)) {
        written += chunk.length;
        if (written > size) break;
        await write(chunk);
      }
      if (written !== size) throw new Error(`${name} changed while it was being backed up`);
      await write(padding(size));
    },
    async end() {
      await write(Buffer.alloc(BLOCK * 2));
      await new Promise<void>((resolve, reject) => {
        out.once('error', reject);
        out.end(resolve);
      });
    },
  };
}

/** Reads exactly the bytes asked for from a stream of chunks. */
function byteReader(input: AsyncIterable<Buffer>) {
  const iterator = input[Symbol.asyncIterator]();
  let buffered: Buffer = Buffer.alloc(0);
  const fill = async (n: number) => {
    while (buffered.length < n) {
      const { value, done } = await iterator.next();
      if (done) return false;
      buffered = buffered.length ? Buffer.concat([buffered, value as Buffer]) : (value as Buffer);
    }
    return true;
  };
  const take = (n: number) => {
    const part = buffered.subarray(0, n);
    buffered = buffered.subarray(n);
    return part;
  };
  return {
    async exactly(n: number): Promise<Buffer | null> {
      return (await fill(n)) ? take(n) : null;
    },
    async *upTo(n: number): AsyncGenerator<Buffer> {
      for (let left = n; left > 0;) {
        if (!buffered.length && !(await fill(1)))
          throw new TarError('the backup file ends in the middle of a file');
        const part = take(Math.min(left, buffered.length));
        left -= part.length;
        yield part;
      }
    },
    /** Whatever follows, to the end of the input. */
    async *rest(): AsyncGenerator<Buffer> {
      if (buffered.length) yield take(buffered.length);
      for (;;) {
        const { value, done } = await iterator.next();
        if (done) return;
        yield value as Buffer;
      }
    },
  };
}

const field = (block: Buffer, start: number, length: number) =>
  block
    .subarray(start, start + length)
    .toString('utf8')
    .replace(/\0.*$/s, '');

export interface TarEntry {
  name: string;
  size: number;
  /** The entry's bytes; whatever `onEntry` leaves unread is skipped. */
  body: AsyncIterable<Buffer>;
}

const isZero = (part: Buffer) => part.every((byte) => byte === 0);

/**
 * Calls `onEntry` for each regular file of the archive in `input`, one at a time, in order. The input is
 * read to its end, and only zeros may follow the end-of-archive block: so a gzip stream is checked whole
 * (its checksum and length come last), and a file with anything after the archive is refused. Every
 * problem of the archive itself is a `TarError`.
 */
export async function readTar(input: AsyncIterable<Buffer>, onEntry: (entry: TarEntry) => Promise<void>) {
  const reader = byteReader(input);
  let longName: string | undefined;
  for (;;) {
    const block = await reader.exactly(BLOCK);
    if (!block) throw new TarError('the backup file ends before its last entry');
    if (isZero(block)) {
      for await (const part of reader.rest())
        if (!isZero(part)) throw new TarError('this is not a backup file (data after its end)');
      return;
    }
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
    if (sum !== parseInt(field(block, 148, 8).trim(), 8))
      throw new TarError('this is not a backup file (bad tar header)');
    const sizeField = field(block, 124, 12).trim();
    if (!/^[0-7]*$/.test(sizeField)) throw new TarError('this is not a backup file (bad tar header)');
    const size = parseInt(sizeField || '0', 8);
    const type = field(block, 156, 1) || '0';
    if (type === 'x' && size > PAX_MAX) throw new TarError('this is not a backup file (bad tar header)');
    const prefix = field(block, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(block, 0, 100)}` : field(block, 0, 100));
    longName = undefined;
    let read = 0;
    // Counted, so that what the entry's reader left (it may stop early) can be skipped afterwards.
    const body = async function* () {
      for await (const part of reader.upTo(size)) {
        read += part.length;
        yield part;
      }
    };
    if (type === 'x') {
      const records: Buffer[] = [];
      for await (const part of body()) records.push(part);
      const path = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(Buffer.concat(records).toString('utf8'));
      longName = path?.[1];
    } else if (type === '0') await onEntry({ name, size, body: body() });
    for await (const rest of reader.upTo(size - read)) void rest;
    await reader.exactly((BLOCK - (size % BLOCK)) % BLOCK);
  }
}
