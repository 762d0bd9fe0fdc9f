/**
 * The root of every cached post query: calendar ranges, drafts and single posts (the posts feature's).
 * Saving or deleting a recurring post changes them too (the recurring feature), so the key is shared here.
 */
export const postsQueryKey = ['posts'] as const;
