// What a route declares statically: its title key (a key of `screens` in the messages).
import type { Messages } from '../i18n';

export type ScreenKey = keyof Messages['screens'];

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The page title (a key of `screens`), used by the page head and placeholders. */
    titleKey?: ScreenKey;
  }
}
