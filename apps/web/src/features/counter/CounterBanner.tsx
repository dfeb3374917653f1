// The banner 「窓口で受付中」 above a municipality's pages while a clerk's counter session runs on this
// browser (decision 0026), with the clerk's name and the way back to the counter.
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useApiMutation } from '../../lib/api';
import { staffCounterUrl, useCounterSession } from './counter-session';

export function CounterBanner({ code }: { code: string }) {
  const { t } = useTranslation();
  const { counter } = useCounterSession(code);
  const end = useApiMutation('applicant.counter_session.end', {
    onSettled: () => window.location.assign(staffCounterUrl()),
  });
  if (!counter) return null;
  return (
    <Box
      component="section"
      aria-label={t('counter.banner.label')}
      data-testid="counter-banner"
      sx={{ bgcolor: '#FFF4CC', border: 2, borderColor: '#8A6A00', borderRadius: 2, px: 2, py: 1.5, mb: 3 }}
    >
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography component="p" sx={{ fontWeight: 700, fontSize: '1.125rem' }}>
          {t('counter.banner.label')}
        </Typography>
        <Typography component="p">{t('counter.banner.staff', { name: counter.staff_name })}</Typography>
        <Button
          variant="outlined"
          size="small"
          sx={{ ml: 'auto', color: '#1a1a1a', borderColor: '#1a1a1a' }}
          disabled={end.isPending}
          onClick={() => end.mutate({ params: { code } })}
        >
          {t('counter.banner.end')}
        </Button>
      </Stack>
    </Box>
  );
}
