// /municipalities/{code}/privacy: the privacy policy, from the route's page data (one JSON document per
// route path, lib/page-data).
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { usePageData } from '../../../lib/page-data/page-data';
import { LoadError, Loading } from '../../../lib/layout/feedback';

export function PrivacyScreen() {
  const { t } = useTranslation();
  const data = usePageData();
  const text = data.text;
  return (
    <Stack spacing={3} component="article">
      <Typography variant="h1">{text?.title ?? t('screens.privacy')}</Typography>
      {data.isPending ? <Loading /> : null}
      {data.isError || (data.isSuccess && !text) ? (
        <LoadError
          title={t('applicantFlow.pageData.loadError')}
          error={data.error}
          onRetry={() => void data.refetch()}
        />
      ) : null}
      {text ? (
        <>
          {text.texts.intro ? <Typography>{text.texts.intro}</Typography> : null}
          {text.sections.map((section) => (
            <Box component="section" key={section.heading}>
              <Typography variant="h2" gutterBottom>
                {section.heading}
              </Typography>
              {section.paragraphs.map((p) => (
                <Typography key={p} sx={{ mb: 1 }}>
                  {p}
                </Typography>
              ))}
            </Box>
          ))}
          {text.texts.updated ? (
            <Typography variant="body2" color="text.secondary">
              {text.texts.updated}
            </Typography>
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}
