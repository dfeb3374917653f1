import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, languages } from '../i18n';

/**
 * Japanese / English; the choice is remembered. `inverse` for a dark or coloured app bar. Also a plain
 * form (decision 0062): before the app runs, or without it, a press asks the server to remember the
 * language and show the page again in it (`GET /language?to=en`, back to the page it came from).
 */
export function LanguageSwitch({ inverse = false }: { inverse?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'ja';
  return (
    <Box component="form" method="get" action="/language" onSubmit={(event) => event.preventDefault()}>
      <ToggleButtonGroup
        exclusive
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
          <ToggleButton key={language} value={language} lang={language} type="submit" name="to">
            {t(`language.${language}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
