// The Digital Agency design tokens the themes use, read from @digital-go-jp/design-tokens.
import tokens from '@digital-go-jp/design-tokens';

const value = (token: { $value?: unknown }): string => String(token.$value);
const { Primitive, Neutral, Semantic } = tokens.Color;

export const dads = {
  white: value(Neutral.White),
  black: value(Neutral.Black),
  gray50: value(Neutral.SolidGray['50']),
  gray100: value(Neutral.SolidGray['100']),
  gray200: value(Neutral.SolidGray['200']),
  gray536: value(Neutral.SolidGray['536']),
  gray600: value(Neutral.SolidGray['600']),
  gray700: value(Neutral.SolidGray['700']),
  gray800: value(Neutral.SolidGray['800']),
  gray900: value(Neutral.SolidGray['900']),
  blue50: value(Primitive.Blue['50']),
  blue100: value(Primitive.Blue['100']),
  blue900: value(Primitive.Blue['900']),
  blue1000: value(Primitive.Blue['1000']),
  blue1100: value(Primitive.Blue['1100']),
  red50: value(Primitive.Red['50']),
  red900: value(Primitive.Red['900']),
  green50: value(Primitive.Green['50']),
  successDark: value(Semantic.Success['2']),
  errorDark: value(Semantic.Error['2']),
  warning: value(Semantic.Warning.Orange['1']),
  warningDark: value(Semantic.Warning.Orange['2']),
  yellow50: value(Primitive.Yellow['50']),
  yellow300: value(Primitive.Yellow['300']),
  fontSans: value(tokens.FontFamily.Sans),
  radius8: value(tokens.BorderRadius['8']),
  elevation1: value(tokens.Elevation['1']),
} as const;
