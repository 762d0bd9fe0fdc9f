import { describe, expect, it } from 'vitest';
import { loginUrlFor, safeRedirect } from './safe-redirect';

describe('safeRedirect', () => {
  it.each([
    ['/posts', '/posts'],
    ['/posts?tab=recurring#top', '/posts?tab=recurring#top'],
    ['/admin/users', '/admin/users'],
  ])('keeps the same-site path %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    null,
    '',
    'posts',
    'https://evil.example/posts',
    '//evil.example',
    '/\\evil.example',
    '/login',
    'javascript:alert(1)',
  ])('falls back to the dashboard for %s', (input) => {
    expect(safeRedirect(input)).toBe('/dashboard');
  });

  it('round-trips the path through the login URL', () => {
    const url = new URL(loginUrlFor('/posts?a=1&b=2'), 'http://x');
    expect(url.pathname).toBe('/login');
    expect(url.search.startsWith('?redirect=/posts%3Fa%3D1%26b%3D2')).toBe(true);
    expect(safeRedirect(url.searchParams.get('redirect'))).toBe('/posts?a=1&b=2');
  });
});
