// The parts of a group that have no form of their own: standard items, workflow templates and reports,
// edited as JSON and checked like the rest before saving.
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Config, Edit, ReportJson } from './editor-state';
import { JsonInput } from './JsonInput';

const PARTS = ['standard_items', 'workflow_templates', 'reports'] as const;

export function JsonTab({
  config,
  edit,
  reportJson,
}: {
  config: Config;
  edit: Edit;
  reportJson: ReportJson;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={3}>
      {PARTS.map((part) => (
        <Paper
          key={part}
          component="section"
          variant="outlined"
          aria-labelledby={`json-${part}`}
          sx={{ p: { xs: 2, sm: 3 } }}
        >
          <Typography variant="h2" id={`json-${part}`} gutterBottom>
            {t(`mastertool.parts.${part}`)}
          </Typography>
          <JsonInput
            path={part}
            label={t(`mastertool.parts.${part}`)}
            value={config[part]}
            onInvalid={reportJson}
            onChange={(v) =>
              edit((c) => {
                (c as Record<string, unknown>)[part] = v;
              })
            }
          />
        </Paper>
      ))}
    </Stack>
  );
}
