// The three visual themes (spec §1, §9): primary #003EE5, error #EC0000 and success #259D63 in all three,
// everything else from the Digital Agency design tokens. applicantTheme is the default.
import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import type { Target } from '../../target';
import { dads } from './tokens';

export const themeColors = { primary: '#003EE5', error: '#EC0000', success: '#259D63' } as const;

/** Layout sizes of spec §9. */
export const layout = {
  drawerWidth: 256,
  railWidth: 56,
  /** The system bar: 24 px, 32 px when the app runs as a window (installed, standalone display). */
  systemBarHeight: 24,
  systemBarHeightWindow: 32,
} as const;

/** Focus indicator of the design system: a yellow-300 ring inside a black outline. */
export const focusRing = {
  outline: `4px solid ${dads.black}`,
  outlineOffset: '2px',
  boxShadow: `0 0 0 2px ${dads.yellow300}`,
} as const;

export type ThemeName = 'applicantTheme' | 'municipalityTheme' | 'mastertoolTheme';

interface Variant {
  /** App bar background and text. */
  appBar: { background: string; color: string };
  /** Staff screens are denser than the resident's. */
  dense: boolean;
  /**
   * Resident screens: labels sit above their fields (never floated into the border, where the focus ring
   * would cover them), and required fields carry the 「必須」 badge (RequiredMark) instead of MUI's asterisk.
   */
  labelsAbove: boolean;
}

const variants: Record<ThemeName, Variant> = {
  applicantTheme: {
    appBar: { background: dads.white, color: dads.gray900 },
    dense: false,
    labelsAbove: true,
  },
  municipalityTheme: {
    appBar: { background: themeColors.primary, color: dads.white },
    dense: true,
    labelsAbove: false,
  },
  mastertoolTheme: {
    appBar: { background: dads.gray900, color: dads.white },
    dense: true,
    labelsAbove: false,
  },
};

function options(variant: Variant): ThemeOptions {
  return {
    palette: {
      mode: 'light',
      primary: {
        main: themeColors.primary,
        dark: dads.blue1000,
        light: dads.blue100,
        contrastText: dads.white,
      },
      secondary: { main: dads.gray800, contrastText: dads.white },
      error: { main: themeColors.error, dark: dads.errorDark, light: dads.red50, contrastText: dads.white },
      // #259D63 is 3.4:1 on white: text in success colour uses success.dark (the token Success 2).
      success: {
        main: themeColors.success,
        dark: dads.successDark,
        light: dads.green50,
        contrastText: dads.black,
      },
      warning: { main: dads.warning, dark: dads.warningDark, light: dads.yellow50, contrastText: dads.black },
      info: { main: dads.blue900, dark: dads.blue1100, light: dads.blue50, contrastText: dads.white },
      text: { primary: dads.gray900, secondary: dads.gray700, disabled: dads.gray600 },
      divider: dads.gray536,
      background: { default: dads.white, paper: dads.white },
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: dads.fontSans,
      htmlFontSize: 16,
      fontSize: variant.dense ? 14 : 16,
      // Headings break between Japanese phrases (Chromium's auto-phrase), not inside a word.
      h1: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.4, wordBreak: 'auto-phrase' },
      h2: { fontSize: '1.375rem', fontWeight: 700, lineHeight: 1.5, wordBreak: 'auto-phrase' },
      h3: { fontSize: '1.125rem', fontWeight: 700, lineHeight: 1.5, wordBreak: 'auto-phrase' },
      body1: { lineHeight: 1.7 },
      body2: { lineHeight: 1.7 },
      button: { textTransform: 'none', fontWeight: 700 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          ':focus-visible': focusRing,
          'main:focus, h1:focus, [tabindex="-1"]:focus': { outline: 'none', boxShadow: 'none' },
          body: { overflowWrap: 'anywhere' },
        },
      },
      MuiButtonBase: {
        defaultProps: { disableRipple: false },
        styleOverrides: { root: { '&.Mui-focusVisible': focusRing } },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: {
          root: {
            minHeight: variant.dense ? 40 : 48,
            paddingInline: 24,
            // #EC0000 is 4.6:1 on white but 4.46:1 on its own hover tint: error text darkens on hover.
            variants: (['text', 'outlined'] as const).map((buttonVariant) => ({
              props: { color: 'error', variant: buttonVariant },
              style: { '&:hover': { color: dads.errorDark } },
            })),
          },
          sizeSmall: { minHeight: 32, paddingInline: 12 },
        },
      },
      MuiLink: {
        defaultProps: { underline: 'always' },
        styleOverrides: {
          root: {
            textUnderlineOffset: '0.2em',
            '&:hover': { textDecorationThickness: 3 },
            '&:focus-visible': { ...focusRing, backgroundColor: dads.yellow300, color: dads.black },
          },
        },
      },
      MuiOutlinedInput: {
        styleOverrides: {
          root: { '&.Mui-focused': focusRing },
          notchedOutline: { borderColor: dads.gray536 },
        },
      },
      MuiRadio: { styleOverrides: { root: { color: dads.gray700 } } },
      MuiCheckbox: { styleOverrides: { root: { color: dads.gray700 } } },
      MuiFormLabel: {
        styleOverrides: { root: { color: dads.gray900, '&.Mui-focused': { color: dads.gray900 } } },
      },
      MuiAppBar: {
        defaultProps: { elevation: 0 },
        styleOverrides: {
          root: {
            backgroundColor: variant.appBar.background,
            color: variant.appBar.color,
            borderBottom: `1px solid ${dads.gray200}`,
          },
        },
      },
      MuiAlert: {
        styleOverrides: {
          // Standard alerts: body text in the text colour on the light tint, the severity in the border and
          // icon (MUI's tinted text would fall below 4.5:1 for warning and success).
          root: ({ ownerState, theme }) => {
            const severity = ownerState.color ?? ownerState.severity ?? 'success';
            const palette = theme.palette[severity];
            return {
              borderRadius: 8,
              whiteSpace: 'pre-line',
              alignItems: 'flex-start',
              ...(ownerState.variant === 'standard' || ownerState.variant === undefined
                ? {
                    color: theme.palette.text.primary,
                    backgroundColor: palette.light,
                    border: `1px solid ${palette.dark}`,
                    '& .MuiAlert-icon': { color: palette.dark },
                  }
                : {}),
              // Filled (the snackbar): white on the darker shade (white on #259D63 would be 3.4:1).
              ...(ownerState.variant === 'filled'
                ? {
                    color: dads.white,
                    backgroundColor: severity === 'error' ? palette.main : palette.dark,
                    '& .MuiAlert-icon, & .MuiAlert-action': { color: dads.white },
                  }
                : {}),
            };
          },
        },
      },
      MuiTableCell: { defaultProps: { size: variant.dense ? 'small' : 'medium' } },
      ...(variant.labelsAbove ? labelsAbove : {}),
      MuiSnackbar: { defaultProps: { anchorOrigin: { vertical: 'bottom', horizontal: 'center' } } },
    },
  };
}

/** Labels above the fields, no asterisks (see Variant.labelsAbove); replaces the base entries it names. */
const labelsAbove: ThemeOptions['components'] = {
  MuiFormLabel: {
    defaultProps: { required: false },
    styleOverrides: { root: { color: dads.gray900, '&.Mui-focused': { color: dads.gray900 } } },
  },
  MuiFormControlLabel: { defaultProps: { required: false } },
  MuiInputLabel: {
    defaultProps: { required: false, shrink: true },
    styleOverrides: {
      root: {
        position: 'static',
        transform: 'none',
        // Clear of the focus ring (4 px outline, 2 px offset) around the field below.
        marginBottom: 8,
        fontWeight: 700,
        whiteSpace: 'normal',
        overflow: 'visible',
        maxWidth: '100%',
      },
    },
  },
  // No gap in the border for a label that is not there.
  MuiOutlinedInput: {
    defaultProps: { notched: false },
    styleOverrides: {
      root: { '&.Mui-focused': focusRing },
      notchedOutline: { top: 0, borderColor: dads.gray536, '& legend': { display: 'none' } },
    },
  },
};

/** True when the person asked their system for less motion. */
function prefersReducedMotion(): boolean {
  return (
    typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true
  );
}

const cache = new Map<string, Theme>();

/** The MUI theme by name, created once; without transitions or ripples when less motion is asked for. */
export function themeByName(name: ThemeName, reducedMotion = prefersReducedMotion()): Theme {
  const key = `${name}:${reducedMotion}`;
  let theme = cache.get(key);
  if (!theme) {
    const base = options(variants[name]);
    theme = createTheme(
      reducedMotion
        ? {
            ...base,
            transitions: { create: () => 'none' },
            components: {
              ...base.components,
              MuiButtonBase: { ...base.components?.MuiButtonBase, defaultProps: { disableRipple: true } },
            },
          }
        : base,
    );
    cache.set(key, theme);
  }
  return theme;
}

export const themeOfTarget: Record<Target, ThemeName> = {
  applicant: 'applicantTheme',
  municipality: 'municipalityTheme',
  mastertool: 'mastertoolTheme',
};

/** The default theme (spec §1). */
export const defaultThemeName: ThemeName = 'applicantTheme';
