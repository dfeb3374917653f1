// One sub category of the concierge set (its texts, view rules and questions, each question opening on
// its own), and the up, down and remove buttons that categories and sub categories share.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Concierge, ConciergeSubCategory } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ConciergeEditor } from './ConciergeEditor';
import type { PanelState } from './ConciergeTab';
import { setEnglish, type Config } from './editor-state';
import { EnglishInput, NullableText, TextInput } from './fields';
import { moveEntry, newQuestion, removeEntry } from './list-order';
import { OrderButtons } from './OrderButtons';
import { useFocusAfterChange } from './RowList';
import { fieldId } from './validation';
import { ViewRulesEditor } from './ViewRulesEditor';

export /** Moving and removing an entry that may move and go (every one but the filter category). */
interface Placement {
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

/** The up, down and remove buttons of a category or sub category, under its heading. */
export function EntryActions({
  id,
  name,
  placement,
  removeLabel,
}: {
  id: string;
  name: string;
  placement: Placement;
  removeLabel: string;
}) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
      <OrderButtons
        id={id}
        name={name}
        first={placement.first}
        last={placement.last}
        onMove={placement.onMove}
      />
      <Button size="small" color="error" startIcon={<DeleteIcon />} onClick={placement.onRemove}>
        {removeLabel}
      </Button>
    </Stack>
  );
}

type SubEdit = (fn: (sub: ConciergeSubCategory, config: Config) => void) => void;

export function SubCategoryEditor({
  config,
  sub,
  path,
  targets,
  edit,
  panels,
  placement,
}: {
  config: Config;
  sub: ConciergeSubCategory;
  path: string;
  targets: readonly Concierge[];
  edit: SubEdit;
  panels: PanelState;
  placement: Placement;
}) {
  const { t } = useTranslation();
  const focus = useFocusAfterChange();
  const headingId = `sub-${sub.id}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
      <Typography variant="h3" id={headingId} gutterBottom>
        {sub.name}
      </Typography>
      <EntryActions
        id={headingId}
        name={sub.name}
        placement={placement}
        removeLabel={t('mastertool.editor.removeSubCategory', { name: sub.name })}
      />
      <Stack spacing={2} sx={{ mb: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextInput
            path={`${path}.name`}
            label={t('mastertool.fields.subName')}
            required
            value={sub.name}
            onChange={(v) =>
              edit((s) => {
                s.name = v;
              })
            }
          />
          <EnglishInput
            path={`${path}.en.name`}
            label={t('mastertool.fields.subName')}
            value={sub.en?.name}
            onChange={(v) => edit((s) => setEnglish(s, 'name', v))}
          />
          <NullableText
            path={`${path}.image_type`}
            label={t('mastertool.fields.image_type')}
            value={sub.image_type}
            onChange={(v) =>
              edit((s) => {
                s.image_type = v;
              })
            }
          />
        </Stack>
        <TextInput
          path={`${path}.breadcrumbs`}
          label={t('mastertool.fields.breadcrumbs')}
          helper={t('mastertool.editor.breadcrumbsHelp')}
          value={sub.breadcrumbs.join(' > ')}
          onChange={(v) =>
            edit((s) => {
              s.breadcrumbs = v
                .split('>')
                .map((x) => x.trim())
                .filter((x) => x !== '');
            })
          }
        />
        <EnglishInput
          path={`${path}.en.breadcrumbs`}
          label={t('mastertool.fields.breadcrumbs')}
          helper={t('mastertool.editor.breadcrumbsHelp')}
          value={sub.en?.breadcrumbs?.join(' > ')}
          onChange={(v) =>
            edit((s) =>
              setEnglish(
                s,
                'breadcrumbs',
                v.split('>').map((x) => x.trim()),
              ),
            )
          }
        />
        <ViewRulesEditor
          path={`${path}.view_rules`}
          rules={sub.view_rules}
          owner={sub.name}
          headingLevel="h4"
          onChange={(rules) =>
            edit((s) => {
              s.view_rules = rules;
            })
          }
        />
      </Stack>
      <Typography component="h4" sx={{ fontWeight: 700, mb: 1 }}>
        {t('mastertool.editor.questions', { name: sub.name })}
      </Typography>
      {sub.concierges.map((concierge, j) => {
        const cPath = `${path}.concierges[${j}]`;
        const open = panels.open.has(cPath);
        const summaryId = `concierge-summary-${concierge.id}`;
        return (
          <Stack
            key={concierge.id}
            direction={{ xs: 'column', md: 'row' }}
            spacing={1}
            sx={{ alignItems: { md: 'flex-start' }, mb: 1 }}
          >
            <Accordion
              sx={{ flex: 1, minWidth: 0 }}
              expanded={open}
              onChange={(_, expanded) => panels.toggle(cPath, expanded)}
              disableGutters
              slotProps={{ heading: { component: 'h5' }, transition: { unmountOnExit: true } }}
              data-testid={`concierge-${concierge.id}`}
            >
              <AccordionSummary
                expandIcon={<ExpandMoreIcon />}
                id={summaryId}
                aria-controls={`concierge-details-${concierge.id}`}
              >
                <Box component="span" sx={{ minWidth: 0, display: 'block' }}>
                  <Typography component="span" sx={{ fontWeight: 700, display: 'block' }}>
                    {concierge.name}
                  </Typography>
                  <Typography
                    component="span"
                    variant="body2"
                    sx={{ overflowWrap: 'anywhere', display: 'block' }}
                  >
                    {concierge.question}
                  </Typography>
                </Box>
              </AccordionSummary>
              <AccordionDetails
                id={`concierge-details-${concierge.id}`}
                role="region"
                aria-labelledby={summaryId}
              >
                <ConciergeEditor
                  config={config}
                  concierge={concierge}
                  path={cPath}
                  targets={targets}
                  edit={(fn) =>
                    edit((s, c) => {
                      const q = s.concierges[j];
                      if (q) fn(q, c);
                    })
                  }
                  onRemove={() => {
                    edit((s) => removeEntry(s.concierges, j));
                    focus(`${headingId}-add-question`);
                  }}
                />
              </AccordionDetails>
            </Accordion>
            <OrderButtons
              id={`concierge-${concierge.id}`}
              name={concierge.name}
              first={j === 0}
              last={j === sub.concierges.length - 1}
              onMove={(by) => edit((s) => moveEntry(s.concierges, j, by))}
            />
          </Stack>
        );
      })}
      <Button
        id={`${headingId}-add-question`}
        variant="outlined"
        size="small"
        startIcon={<AddIcon />}
        sx={{ mt: 1 }}
        onClick={() => {
          // The new question opens with the cursor in its text, the one thing it cannot do without.
          const added = `${path}.concierges[${sub.concierges.length}]`;
          edit((s, c) => void s.concierges.push(newQuestion(c, s, t('mastertool.editor.newQuestion'))));
          panels.toggle(added, true);
          focus(fieldId(`${added}.question`));
        }}
      >
        {t('mastertool.editor.addQuestion', { name: sub.name })}
      </Button>
    </Box>
  );
}
