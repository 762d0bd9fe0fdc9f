/**
 * Postwell's mark: a "P" whose bowl is a clock face (a post, on time) on a tile of the brand colour.
 * Decorative wherever the product name is written beside it; pass `title` where it stands alone.
 */
export function LogoMark({ size = 32, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      <rect width="32" height="32" rx="8" fill="var(--mantine-primary-color-filled)" />
      <g fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
        <path d="M10 25.5V7.5" />
        <circle cx="17.5" cy="13" r="6" />
      </g>
      <path
        d="M17.5 10.2v3l2 1.4"
        fill="none"
        stroke="#fff"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
