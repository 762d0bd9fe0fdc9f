import sanitizeHtml from 'sanitize-html';
import { FONTS } from '../../shared/rich-text';

const fontList = FONTS.map((f) => f.replace(/ /g, '\\s')).join('|');

/**
 * The stored form of a post's HTML. The spec's rich-text allowlist (b i em strong p br div span h1–h6 ul
 * ol li a), plus the composer toolbar's own marks (u s sub sup blockquote hr code pre). Links keep http,
 * https and mailto only and open safely; styles keep alignment, the seven font sizes and the eight fonts,
 * nothing that could move or hide content. No classes, ids, data attributes or event handlers.
 */
export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'b',
      'i',
      'em',
      'strong',
      'u',
      's',
      'sub',
      'sup',
      'p',
      'br',
      'div',
      'span',
      'h1',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'ul',
      'ol',
      'li',
      'a',
      'blockquote',
      'hr',
      'code',
      'pre',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'], '*': ['style'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    allowedStyles: {
      '*': {
        'text-align': [/^(left|right|center|justify)$/],
        'font-size': [/^(x{0,2}-small|small|medium|large|x{1,3}-large|\d{1,2}(\.\d+)?(px|pt|em|rem|%))$/],
        // One of our fonts, then any fallback list. No nested quantifier: the old `(,\s*[\w\s-]+)*$`
        // backtracked exponentially on `Arial, a, a, … a.` (issue 10).
        'font-family': [new RegExp(`^['"]?(${fontList})['"]?(?:,[\\w\\s,-]*)?$`, 'i')],
      },
    },
    transformTags: {
      a: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...(attribs.href ? { href: attribs.href } : {}),
          target: '_blank',
          rel: 'noopener noreferrer nofollow',
        },
      }),
    },
    disallowedTagsMode: 'discard',
  });
}
