// What came back of the unsaved input after a re-sign-in or a reload, and, by label, what could not
// (decision 0011): the same notice on the assistant's pages and the form.
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useTranslation } from 'react-i18next';
import type { NamedNotRestored } from './restore';

export function DraftNotice({
  restored,
  notRestored,
}: {
  restored: boolean;
  notRestored: NamedNotRestored[];
}) {
  const { t } = useTranslation();
  return (
    <>
      {restored ? (
        <Alert severity="info" data-testid="draft-restored">
          {t('unsaved.restored')}
        </Alert>
      ) : null}
      {notRestored.length > 0 ? (
        <Alert severity="warning" data-testid="draft-not-restored">
          <AlertTitle component="h2" sx={{ fontSize: '1.125rem', fontWeight: 700 }}>
            {t('unsaved.notRestoredTitle')}
          </AlertTitle>
          <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
            {notRestored.map(({ label, reason }) => (
              <li key={`${reason}:${label}`}>
                {reason === 'changed'
                  ? t('unsaved.notRestoredChanged', { label })
                  : t('unsaved.notRestoredGone', { label })}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </>
  );
}
