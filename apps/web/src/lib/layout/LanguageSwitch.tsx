import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, languages } from '../i18n';

const noSubscription = () => () => undefined;

/**
 * False while React takes over a page the server rendered (decision 0060), true once it has (and at once
 * on a page drawn in the browser): a control that needs JavaScript is disabled until it works.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/** Japanese / English; the choice is remembered. `inverse` for a dark or coloured app bar. */
export function LanguageSwitch({ inverse = false }: { inverse?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'ja';
  const hydrated = useHydrated();
  return (
    <ToggleButtonGroup
      exclusive
      disabled={!hydrated}
      size="small"
      value={current}
      aria-label={t('language.label')}
      onChange={(_event, next: unknown) => {
        if (isLanguage(next)) void changeLanguage(i18n, next);
      }}
      sx={{
        flexShrink: 0,
        '& .MuiToggleButton-root': {
          whiteSpace: 'nowrap',
          color: 'inherit',
          borderColor: inverse ? 'rgba(255,255,255,0.8)' : 'divider',
          px: 1.5,
          minHeight: 40,
          fontWeight: 400,
          '&:hover': { textDecoration: 'underline' },
        },
        '& .MuiToggleButton-root.Mui-selected': inverse
          ? {
              bgcolor: 'common.white',
              color: 'common.black',
              fontWeight: 700,
              '&:hover': { bgcolor: 'grey.100' },
            }
          : {
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
              fontWeight: 700,
              '&:hover': { bgcolor: 'primary.dark' },
            },
      }}
    >
      {languages.map((language) => (
        <ToggleButton key={language} value={language} lang={language}>
          {t(`language.${language}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
