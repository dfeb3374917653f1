import { describe, expect, it } from 'vitest';
import { targetTheme, targets } from '../../target';
import { focusRing, layout, themeByName } from './themes';

/** WCAG contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

describe('themes', () => {
  it('give every target the spec colours (primary, error, success)', () => {
    for (const target of targets) {
      const { palette } = themeByName(targetTheme[target], false);
      expect(palette.primary.main.toUpperCase()).toBe('#003EE5');
      expect(palette.error.main.toUpperCase()).toBe('#EC0000');
      expect(palette.success.main.toUpperCase()).toBe('#259D63');
    }
  });

  it('take the other colours from the design tokens, with text at 4.5:1 or more', () => {
    const { palette } = themeByName('applicantTheme', false);
    expect(palette.text.primary).toBe('#1a1a1a'); // Neutral/SolidGray/900
    expect(contrast(palette.text.primary, '#ffffff')).toBeGreaterThan(15);
    expect(contrast(palette.text.secondary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.primary.main, palette.primary.contrastText)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.error.main, palette.error.contrastText)).toBeGreaterThanOrEqual(4.5);
    // #259D63 is too light for white text: success text uses the darker token.
    expect(contrast(palette.success.main, '#ffffff')).toBeLessThan(4.5);
    expect(contrast(palette.success.dark, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrast(palette.warning.dark, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('darken error text buttons on hover, where #EC0000 on its 4% tint falls below 4.5:1', () => {
    const theme = themeByName('applicantTheme', false);
    const tint = (hex: string, alpha: number) =>
      `#${[1, 3, 5]
        .map((i) => Math.round(255 * (1 - alpha) + parseInt(hex.slice(i, i + 2), 16) * alpha))
        .map((c) => c.toString(16).padStart(2, '0'))
        .join('')}`;
    const hover = tint(theme.palette.error.main, theme.palette.action.hoverOpacity);
    expect(contrast(theme.palette.error.main, hover)).toBeLessThan(4.5);
    expect(contrast(theme.palette.error.dark, hover)).toBeGreaterThanOrEqual(4.5);
    const root = theme.components?.MuiButton?.styleOverrides?.root as {
      variants: { props: { color: string; variant: string }; style: { '&:hover': { color: string } } }[];
    };
    expect(root.variants.map((v) => [v.props, v.style['&:hover'].color])).toEqual([
      [{ color: 'error', variant: 'text' }, theme.palette.error.dark],
      [{ color: 'error', variant: 'outlined' }, theme.palette.error.dark],
    ]);
  });

  it('draw the focus ring in yellow-300 inside a black outline', () => {
    expect(focusRing).toEqual({
      outline: '4px solid #000000',
      outlineOffset: '2px',
      boxShadow: '0 0 0 2px #ffd43d',
    });
  });

  it('keep the layout sizes of the spec', () => {
    expect(layout).toEqual({
      drawerWidth: 256,
      railWidth: 56,
      systemBarHeight: 24,
      systemBarHeightWindow: 32,
    });
  });

  it('drop transitions when less motion is asked for', () => {
    expect(themeByName('applicantTheme', true).transitions.create('opacity')).toBe('none');
    expect(themeByName('applicantTheme', false).transitions.create('opacity')).not.toBe('none');
  });
});
