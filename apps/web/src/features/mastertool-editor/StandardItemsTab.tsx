// The group's standard items (the questions its forms ask): picked from the library shared by every
// group, or created in a form with a code proposed from its label; each opens in its own panel. No JSON
// needed: the expert JSON of the list sits folded at the end, checked as typed (decision 0055).
import AddIcon from '@mui/icons-material/Add';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StandardItem } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nameAndCode } from './name-and-code';
import { NameAndCode } from '../../lib/layout/NameAndCode';
import type { PanelState } from './ConciergeTab';
import type { Config, Edit, ReportJson } from './editor-state';
import { ExpertJson } from './ExpertJson';
import { useFocusAfterChange } from './RowList';
import { StandardItemEditor } from './StandardItemEditor';
import { addFromLibrary, newItem, notInGroup } from './standard-items';
import { fieldId } from './validation';

export function StandardItemsTab({
  config,
  edit,
  library,
  panels,
  reportJson,
}: {
  config: Config;
  edit: Edit;
  /** Every item the library holds (reference data). */
  library: readonly StandardItem[];
  panels: PanelState;
  reportJson: ReportJson;
}) {
  const { t } = useTranslation();
  const focus = useFocusAfterChange();
  const [pick, setPick] = useState('');
  const offered = notInGroup(library, config);
  const count = config.standard_items.length;
  /** Opens the panel of the item added last and puts the cursor in its label. */
  const openNew = () => {
    panels.toggle(`standard_items[${count}]`, true);
    focus(fieldId(`standard_items[${count}].name`));
  };
  return (
    <Stack spacing={3}>
      <Paper component="section" variant="outlined" aria-labelledby="items-add" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" id="items-add" gutterBottom>
          {t('mastertool.items.addHeading')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('mastertool.items.addIntro')}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            select
            id="items-library"
            label={t('mastertool.items.library')}
            value={pick}
            onChange={(e) => setPick(e.target.value)}
            size="small"
            sx={{ minWidth: { xs: '100%', sm: 360 } }}
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          >
            <option value="">{t('mastertool.items.choose', { count: offered.length })}</option>
            {offered.map((i) => (
              <option key={i.code} value={i.code}>
                {nameAndCode(t, i.name, i.code)}
              </option>
            ))}
          </TextField>
          <Button
            variant="outlined"
            disabled={pick === ''}
            onClick={() => {
              edit((c) => addFromLibrary(c, library, pick));
              setPick('');
              openNew();
            }}
          >
            {t('mastertool.items.addFromLibrary')}
          </Button>
        </Stack>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          sx={{ mt: 2 }}
          onClick={() => {
            edit((c) => void c.standard_items.push(newItem(c, t('mastertool.items.newName'), library)));
            openNew();
          }}
        >
          {t('mastertool.items.new')}
        </Button>
      </Paper>
      <Box component="section" aria-labelledby="items-list">
        <Typography variant="h2" id="items-list" gutterBottom>
          {t('mastertool.items.listHeading', { count })}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {t('mastertool.items.shared')}
        </Typography>
        {config.standard_items.map((item, i) => {
          const path = `standard_items[${i}]`;
          const summaryId = `item-summary-${i}`;
          return (
            <Accordion
              key={i}
              expanded={panels.open.has(path)}
              onChange={(_, expanded) => panels.toggle(path, expanded)}
              disableGutters
              slotProps={{ heading: { component: 'h3' }, transition: { unmountOnExit: true } }}
            >
              <AccordionSummary
                expandIcon={<ExpandMoreIcon />}
                id={summaryId}
                aria-controls={`item-details-${i}`}
              >
                <Box component="span" sx={{ minWidth: 0, display: 'block' }}>
                  <Typography component="span" sx={{ fontWeight: 700, display: 'block' }}>
                    <NameAndCode name={item.name || t('mastertool.items.unnamed')} code={item.code} />
                  </Typography>
                  <Typography component="span" variant="body2" sx={{ display: 'block' }}>
                    {t(`mastertool.items.types.${item.type}`)}
                    {item.required ? ` · ${t('mastertool.items.required')}` : ''}
                  </Typography>
                </Box>
              </AccordionSummary>
              <AccordionDetails id={`item-details-${i}`} role="region" aria-labelledby={summaryId}>
                <StandardItemEditor
                  config={config}
                  item={item}
                  index={i}
                  library={library}
                  path={path}
                  edit={(change) =>
                    edit((c) => {
                      const it = c.standard_items[i];
                      if (it) change(it, c, i);
                    })
                  }
                  onRemove={() => {
                    edit((c) => void c.standard_items.splice(i, 1));
                    panels.toggle(path, false);
                    focus('items-library');
                  }}
                />
              </AccordionDetails>
            </Accordion>
          );
        })}
      </Box>
      <ExpertJson
        id="items-json"
        parts={['standard_items']}
        config={config}
        edit={edit}
        reportJson={reportJson}
      />
    </Stack>
  );
}
