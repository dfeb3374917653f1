// A chosen procedure's check messages on the procedures screen: information, a heading and a plain list,
// with no checkbox. The resident confirms them once, on the last page before sending
// (signatureDigitalCertificateConfirm). The heading and the list describe the procedure's checkbox
// (aria-describedby, `checkMessagesIds`).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Localized, useLocalized } from '../../lib/i18n/localized';
import { checkMessagesIds, type ProcedureView } from './procedures';

export function ProcedureCheckMessages({ procedure }: { procedure: ProcedureView }) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const ids = checkMessagesIds(procedure);
  return (
    <Box sx={{ mt: 1.5 }}>
      <Typography component="h3" variant="body2" id={ids.heading} sx={{ fontWeight: 700 }}>
        {t('applicantFlow.procedures.checkHeading')}
      </Typography>
      <Box component="ul" id={ids.list} aria-labelledby={ids.heading} sx={{ mt: 0.5, mb: 1, pl: 2.5 }}>
        {loc.list(procedure.check_messages, procedure.en?.check_messages).map((m, i) => (
          <li key={i}>
            <Typography variant="body2">
              <Localized text={m} />
            </Typography>
          </li>
        ))}
      </Box>
      <Typography variant="body2">{t('applicantFlow.procedures.checkLater')}</Typography>
    </Box>
  );
}
