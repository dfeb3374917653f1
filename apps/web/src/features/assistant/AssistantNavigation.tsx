// The buttons under an assistant page: back to the previous shown page (or to the steps), and "save and
// next" (on the last page, "save and choose procedures").
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { screenPath } from '../../lib/application/steps';
import { RouterButton } from '../../lib/router/RouterLink';

export function AssistantNavigation({
  code,
  applicationId,
  previous,
  isLast,
  saving,
  onPrevious,
}: {
  code: string;
  applicationId: string;
  /** The previous shown page, if any. */
  previous: { id: number } | undefined;
  isLast: boolean;
  saving: boolean;
  /** Before moving to the previous page: it focuses its heading. */
  onPrevious: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack
      direction={{ xs: 'column-reverse', sm: 'row' }}
      spacing={2}
      sx={{ justifyContent: 'space-between' }}
    >
      {previous ? (
        <RouterButton
          to={screenPath(code, applicationId, 'conciergeAssistant')}
          search={{ sub: previous.id } as never}
          variant="outlined"
          size="large"
          onClick={onPrevious}
        >
          {t('applicantFlow.assistant.previous')}
        </RouterButton>
      ) : (
        <RouterButton
          to={screenPath(code, applicationId, 'stepsExplanation')}
          variant="outlined"
          size="large"
        >
          {t('applicantFlow.assistant.toSteps')}
        </RouterButton>
      )}
      <Button type="submit" variant="contained" size="large" disabled={saving}>
        {saving
          ? t('applicantFlow.common.saving')
          : isLast
            ? t('applicantFlow.assistant.finish')
            : t('applicantFlow.assistant.next')}
      </Button>
    </Stack>
  );
}
