import { type ReactNode, useEffect, useState } from 'react';
import { CAPTION_COLORS, CAPTION_FONT_FAMILY, type VideoLayout } from '../../../shared/video/layout';
import fontUrl from 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf?url';

let fontLoad: Promise<unknown> | undefined;
/** Loads the caption font once, the same file ffmpeg draws with, so the lines look as published. */
function useCaptionFont() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (typeof FontFace === 'undefined') return;
    fontLoad ??= new FontFace(CAPTION_FONT_FAMILY, `url(${fontUrl})`).load().then((face) => {
      document.fonts.add(face);
    });
    let live = true;
    fontLoad.then(
      () => live && setReady(true),
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, []);
  return ready;
}

/**
 * An edited video as it will be published, from the shared layout (shared/video/layout.ts): the output
 * frame's shape, the source cropped around its centre to fill it (object-fit: cover is that crop), and
 * the captions drawn in output pixels by an SVG scaled to the frame, each line where the render puts it.
 */
export function EditedVideoFrame({
  layout,
  children,
  maxHeight,
  fill = false,
}: {
  layout: VideoLayout;
  /** The picture: a <video> or a thumbnail, filling the frame with object-fit: cover. */
  children: ReactNode;
  maxHeight?: string;
  /** Fit inside a parent of a fixed shape (a feed's tile): as high as it, centred. */
  fill?: boolean;
}) {
  const fontReady = useCaptionFont();
  const { width, height } = layout.output;
  return (
    <div
      style={{
        position: 'relative',
        aspectRatio: `${width} / ${height}`,
        maxHeight,
        maxWidth: '100%',
        ...(fill ? { height: '100%', marginInline: 'auto' } : {}),
        background: '#000',
        overflow: 'hidden',
      }}
    >
      {children}
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="xMidYMid meet"
        aria-hidden
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', pointerEvents: 'none' }}
      >
        {layout.captions.map((caption, i) => {
          const colors = CAPTION_COLORS[caption.style];
          return (
            <g key={i} data-testid="caption-overlay">
              <rect
                x={caption.x}
                y={caption.y}
                width={caption.width}
                height={caption.height}
                fill={colors.box}
                fillOpacity={colors.boxOpacity}
              />
              {caption.lines.map((line, n) => (
                <text
                  key={n}
                  x={caption.centerX}
                  y={caption.baselines[n]}
                  textAnchor="middle"
                  fontFamily={`'${CAPTION_FONT_FAMILY}', sans-serif`}
                  fontWeight="bold"
                  fontSize={caption.fontSize}
                  fill={colors.text}
                  style={{ whiteSpace: 'pre', visibility: fontReady ? 'visible' : 'hidden' }}
                >
                  {line}
                </text>
              ))}
            </g>
          );
        })}
      </svg>
    </div>
  );
}

/** The style a <video> or <img> inside the frame takes: it fills the frame, cropped like the render. */
export const FILL_FRAME = { width: '100%', height: '100%', objectFit: 'cover', display: 'block' } as const;
