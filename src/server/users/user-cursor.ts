import type { UserCursor } from './users.repo';

/** The opaque `nextCursor` of the user list: the last row's creation time and id, base64url JSON. */
export const encodeCursor = (row: UserCursor) =>
  Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');

export function decodeCursor(value: string): UserCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [iso, id] = parsed as unknown[];
    if (typeof iso !== 'string' || typeof id !== 'string' || !id) return null;
    const createdAt = new Date(iso);
    return Number.isNaN(createdAt.getTime()) ? null : { createdAt, id };
  } catch {
    return null;
  }
}
