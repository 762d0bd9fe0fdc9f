import { describe, expect, it } from 'vitest';
import { droppedFormatting, FONTS, fontOf } from './rich-text';

describe('fontOf', () => {
  it('names the font of a family however the editor or a paste wrote it', () => {
    expect(fontOf('Impact')).toBe('Impact');
    expect(fontOf('"Arial Black"')).toBe('Arial Black');
    expect(fontOf("'comic sans ms', cursive")).toBe('Comic Sans MS');
    expect(fontOf('  Times New Roman , serif')).toBe('Times New Roman');
    for (const font of FONTS) expect(fontOf(`"${font}"`)).toBe(font);
  });

  it('is null for no family or one the composer does not offer', () => {
    expect(fontOf(undefined)).toBeNull();
    expect(fontOf('')).toBeNull();
    expect(fontOf('Papyrus, Arial')).toBeNull();
    expect(fontOf('Arial Narrow')).toBeNull();
  });
});

describe('droppedFormatting', () => {
  it('names what the networks will not show, in a fixed order', () => {
    expect(
      droppedFormatting(
        '<h2 style="text-align: center">Big</h2><p><em>a</em> <strong>b</strong> <u>c</u> <s>d</s> x<sup>2</sup></p>',
      ),
    ).toEqual(['bold', 'italic', 'underline', 'strikethrough', 'script', 'headings', 'alignment']);
  });

  it('sees a font or a size in the stored or the editor form of the HTML', () => {
    expect(droppedFormatting('<p><span style="font-family:Impact">x</span></p>')).toEqual(['fonts']);
    expect(droppedFormatting('<p><span style="font-size: 24px;">x</span></p>')).toEqual(['fonts']);
    expect(droppedFormatting('<p><span style="FONT-FAMILY: &quot;Arial Black&quot;">x</span></p>')).toEqual([
      'fonts',
    ]);
  });

  it('sees nothing in plain or left-aligned text, lists, links, nor in words about formatting', () => {
    expect(droppedFormatting('<p style="text-align: left">font-family: Impact, <b</p>')).toEqual([]);
    expect(droppedFormatting('<ul><li>one</li></ul><p><a href="https://x.test">x</a></p>')).toEqual([]);
    expect(droppedFormatting('')).toEqual([]);
  });

  it('reads a long paste with odd styles whole', () => {
    const html = `<p style="${'a:'.repeat(50_000)}">${'<strong>x</strong>'.repeat(20_000)}</p>`;
    expect(droppedFormatting(html)).toEqual(['bold']);
  });
});
