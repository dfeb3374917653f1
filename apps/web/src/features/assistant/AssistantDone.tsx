// Every shown page answered (or the application no longer editable): the pages to look at again, then on
// to the procedures.
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { screenPath, type Application } from '../../lib/application/steps';
import { Localized, useLocalized } from '../../lib/i18n/localized';
import { RouterButton, RouterLink } from '../../lib/router/RouterLink';
import { shownPages } from './assistant';
import { ScopedOut } from './AssistantPageParts';
import type { AssistantView } from './use-assistant-page';

export function AssistantDone({
  code,
  application,
  view,
  editable,
}: {
  code: string;
  application: Application;
  view: AssistantView;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const pages = shownPages(view.categories, view.shown_sub_category_ids);
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1" gutterBottom>
          {t('screens.conciergeAssistant')}
        </Typography>
        <Typography>
          {editable ? t('applicantFlow.assistant.doneIntro') : t('applicantFlow.assistant.readOnly')}
        </Typography>
      </Box>
      {view.is_scopedout ? (
        <ScopedOut code={code} messages={loc.list(view.scopedout_messages, view.en?.scopedout_messages)} />
      ) : null}
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="assistant-pages"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" id="assistant-pages" gutterBottom>
          {t('applicantFlow.assistant.pagesHeading')}
        </Typography>
        <List>
          {pages.map((p) => (
            <ListItem key={p.id} divider>
              {editable ? (
                <RouterLink
                  to={screenPath(code, application.id, 'conciergeAssistant')}
                  search={{ sub: p.id } as never}
                >
                  {t('applicantFlow.assistant.reviewPage', { page: loc.field(p, 'name').text })}
                </RouterLink>
              ) : (
                <Localized text={loc.field(p, 'name')} />
              )}
            </ListItem>
          ))}
        </List>
      </Paper>
      {editable && !view.is_scopedout ? (
        <Box>
          <RouterButton to={screenPath(code, application.id, 'procedures')} variant="contained" size="large">
            {t('applicantFlow.assistant.toProcedures')}
          </RouterButton>
        </Box>
      ) : null}
    </Stack>
  );
}
