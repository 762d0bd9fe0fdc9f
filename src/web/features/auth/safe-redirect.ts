const BASE = 'http://same.site';

/**
 * The `redirect` query of /login, accepted only when it stays on this site (DESIGN.md section 7):
 * absolute URLs, protocol-relative `//host` and backslash tricks fall back to the dashboard.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.includes('\\')) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE || url.pathname === '/login') return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login URL that brings the user back to `path` afterwards, slashes kept readable. */
export const loginUrlFor = (path: string) =>
  `/login?redirect=${encodeURIComponent(path).replaceAll('%2F', '/')}`;
