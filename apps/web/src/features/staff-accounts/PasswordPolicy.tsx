// The password policy beside a new-password field: each rule with whether the typed password meets it.
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../lib/layout/visually-hidden';
import { useTranslation } from 'react-i18next';
import { passwordChecks } from './password-policy';

export function PasswordPolicy({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation();
  const checks = passwordChecks(password);
  const rules = (['length', 'letter', 'digit'] as const).map((rule) => ({ rule, ok: checks[rule] }));
  return (
    <Box id={id} sx={{ position: 'relative' }}>
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {t('staff.password.policyTitle')}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {rules.map(({ rule, ok }) => (
          <Box component="li" key={rule} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {ok ? (
              <CheckCircleIcon fontSize="small" color="success" aria-hidden="true" />
            ) : (
              <RadioButtonUncheckedIcon fontSize="small" aria-hidden="true" />
            )}
            <Typography variant="body2">
              {t(`staff.password.rule.${rule}`)}
              <Box component="span" sx={visuallyHidden}>
                {ok ? t('staff.password.met') : t('staff.password.notMet')}
              </Box>
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
