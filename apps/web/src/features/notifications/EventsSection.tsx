// What the resident is told about by mail (decision 0025): one checkbox per event, saved together.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiQueryKey, useApiMutation } from '../../lib/api';
import { ErrorMessage } from '../../lib/layout/feedback';
import { EVENTS, type NotificationEvent, type NotificationSettings } from './notices';

export function EventsSection({ code, settings }: { code: string; settings: NotificationSettings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<NotificationEvent[]>(settings.events);
  const [saved, setSaved] = useState(false);
  const save = useApiMutation('applicant.notification_settings.update', {
    onSuccess: (next) => {
      queryClient.setQueryData(
        apiQueryKey('applicant.notification_settings.get', { params: { code } }),
        next,
      );
      setSaved(true);
    },
  });
  const toggle = (event: NotificationEvent, on: boolean) => {
    setSaved(false);
    setChosen((now) =>
      on ? EVENTS.filter((e) => e === event || now.includes(e)) : now.filter((e) => e !== event),
    );
  };

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="events-heading"
      onSubmit={(submitted) => {
        submitted.preventDefault();
        save.mutate({ params: { code }, body: { events: chosen } });
      }}
    >
      <FormControl component="fieldset" sx={{ display: 'block' }}>
        <FormLabel
          component="legend"
          id="events-heading"
          sx={{ typography: 'h2', color: 'text.primary', mb: 1 }}
        >
          {t('notifications.events.heading')}
        </FormLabel>
        <FormHelperText sx={{ mx: 0, mb: 1, fontSize: '1rem' }}>
          {settings.email ? t('notifications.events.help') : t('notifications.events.noAddress')}
        </FormHelperText>
        <FormGroup>
          {EVENTS.map((event) => (
            <FormControlLabel
              key={event}
              control={
                <Checkbox
                  checked={chosen.includes(event)}
                  onChange={(_, on) => toggle(event, on)}
                  name={event}
                />
              }
              label={t(`notifications.events.${event}`)}
            />
          ))}
        </FormGroup>
      </FormControl>
      {saved ? (
        <Alert severity="success" role="status" sx={{ mt: 2 }}>
          {t('notifications.events.saved')}
        </Alert>
      ) : null}
      {save.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          <ErrorMessage error={save.error} />
        </Alert>
      ) : null}
      <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={save.isPending}>
        {t('notifications.events.save')}
      </Button>
    </Box>
  );
}
