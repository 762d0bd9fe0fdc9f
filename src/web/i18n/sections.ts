/**
 * Sections of the messages that only the post manager (/posts, a lazy chunk) reads. They are left out of
 * the locale file the first page loads and arrive with /posts (vite.config.ts, `postsMessages`): the home
 * route's JavaScript has a budget of 150 KB and English alone was a tenth of it. The locale files stay
 * whole in the repository, so translations and tests see every key. A section used anywhere else (the
 * dashboard, lib/error-message's codes) must not be listed here.
 */
export const POSTS_SECTIONS = [
  'recurring',
  'calendarMove',
  'sendCheck',
  'networkPreview',
  'publishNow',
  'emoji',
  'preview',
  'fonts',
  'schedulePicker',
] as const;
