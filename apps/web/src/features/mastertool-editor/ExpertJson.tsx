// The expert view of a typed tab's lists: their JSON, folded under the forms and checked as typed by the
// contract's zod type and the draft's reference check (LiveDraftProblems), as on save (decision 0055).
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Config, Edit, ReportJson } from './editor-state';
import { FieldProblems } from './fields';
import { JsonInput } from './JsonInput';

type Part = 'standard_items' | 'workflow_templates' | 'reports';

export function ExpertJson({
  id,
  parts,
  config,
  edit,
  reportJson,
}: {
  /** Names the section's heading and panel. */
  id: string;
  parts: readonly Part[];
  config: Config;
  edit: Edit;
  reportJson: ReportJson;
}) {
  const { t } = useTranslation();
  const problems = useContext(FieldProblems);
  const [opened, setOpened] = useState(false);
  // Open while a text of it is not JSON: the problem's link must reach the field (it is kept mounted).
  const expanded = opened || parts.some((p) => problems.has(p));
  return (
    <Accordion
      expanded={expanded}
      onChange={(_, value) => setOpened(value)}
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: 'h2' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={`${id}-heading`} aria-controls={`${id}-panel`}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {t('mastertoolCodes.expert.heading')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id={`${id}-panel`} role="region" aria-labelledby={`${id}-heading`}>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('mastertoolCodes.expert.intro')}
        </Typography>
        <Stack spacing={3}>
          {parts.map((part) => (
            <JsonInput
              key={part}
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
          ))}
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
