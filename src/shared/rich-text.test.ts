import { describe, expect, it } from 'vitest';
import { FONTS, fontOf, usesFontStyles } from './rich-text';

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

describe('usesFontStyles', () => {
  it('sees a font or a size in the stored or the editor form of the HTML', () => {
    expect(usesFontStyles('<p><span style="font-family:Impact">x</span></p>')).toBe(true);
    expect(usesFontStyles('<p><span style="font-size: 24px;">x</span></p>')).toBe(true);
    expect(usesFontStyles('<p><span style="FONT-FAMILY: &quot;Arial Black&quot;">x</span></p>')).toBe(true);
  });

  it('does not see one in plain, bold or aligned text, nor in words about fonts', () => {
    expect(usesFontStyles('<p><strong>font</strong> size: big</p>')).toBe(false);
    expect(usesFontStyles('<p style="text-align:center">font-family: Impact</p>')).toBe(false);
    expect(usesFontStyles('<p>font-size: 48px</p>')).toBe(false);
    expect(usesFontStyles('')).toBe(false);
  });
});
