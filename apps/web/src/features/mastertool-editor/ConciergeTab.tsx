// The concierge set: the filter category and the assistant categories, their sub categories, and each
// question with its options (and where each leads), view rules and items. Questions open one at a time.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Concierge, ConciergeCategory, ConciergeOption, ConciergeSubCategory } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { conciergeIds, nextId, setEnglish, type Config, type Edit } from './editor-state';
import {
  CheckInput,
  CodeListInput,
  EnglishInput,
  NullableText,
  NumberInput,
  SelectInput,
  TextInput,
} from './fields';
import { ViewRulesEditor } from './ViewRulesEditor';

type Locate = (c: Config) => ConciergeCategory;

export interface PanelState {
  open: ReadonlySet<string>;
  toggle: (path: string, open: boolean) => void;
}

export function ConciergeTab({ config, edit, panels }: { config: Config; edit: Edit; panels: PanelState }) {
  const { t } = useTranslation();
  const set = config.concierge_set;
  const categories: { category: ConciergeCategory; path: string; locate: Locate }[] = [
    {
      category: set.filter_concierge_category,
      path: 'concierge_set.filter_concierge_category',
      locate: (c) => c.concierge_set.filter_concierge_category,
    },
    ...set.assistant_concierge_category.map((category, i) => ({
      category,
      path: `concierge_set.assistant_concierge_category[${i}]`,
      locate: (c: Config) => c.concierge_set.assistant_concierge_category[i] as ConciergeCategory,
    })),
  ];
  return (
    <Stack spacing={3}>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="concierge-set"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" id="concierge-set" gutterBottom>
          {t('mastertool.editor.conciergeSetHeading')}
        </Typography>
        <Stack spacing={1}>
          <TextInput
            path="concierge_set.name"
            label={t('mastertool.fields.name')}
            required
            value={set.name}
            onChange={(v) =>
              edit((c) => {
                c.concierge_set.name = v;
              })
            }
          />
          <CheckInput
            path="concierge_set.is_confirmed"
            label={t('mastertool.fields.is_confirmed')}
            checked={set.is_confirmed}
            onChange={(v) =>
              edit((c) => {
                c.concierge_set.is_confirmed = v;
              })
            }
          />
        </Stack>
      </Paper>
      {categories.map(({ category, path, locate }) => (
        <CategoryEditor
          key={path}
          config={config}
          category={category}
          path={path}
          edit={(fn) => edit((c) => fn(locate(c), c))}
          panels={panels}
        />
      ))}
    </Stack>
  );
}

type CategoryEdit = (fn: (category: ConciergeCategory, config: Config) => void) => void;

function CategoryEditor({
  config,
  category,
  path,
  edit,
  panels,
}: {
  config: Config;
  category: ConciergeCategory;
  path: string;
  edit: CategoryEdit;
  panels: PanelState;
}) {
  const { t } = useTranslation();
  const headingId = `category-${category.id}`;
  // Destinations may lead to any question of the same category.
  const targets = category.concierge_sub_category.flatMap((s) => s.concierges);
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId} gutterBottom>
        {t(`mastertool.editor.category.${category.type}`, { name: category.name })}
      </Typography>
      <Stack spacing={2} sx={{ mb: 3 }}>
        <TextInput
          path={`${path}.name`}
          label={t('mastertool.fields.name')}
          required
          value={category.name}
          onChange={(v) =>
            edit((cat) => {
              cat.name = v;
            })
          }
        />
        <EnglishInput
          path={`${path}.en.name`}
          label={t('mastertool.fields.name')}
          value={category.en?.name}
          onChange={(v) => edit((cat) => setEnglish(cat, 'name', v))}
        />
        <TextInput
          path={`${path}.title`}
          label={t('mastertool.fields.title')}
          value={category.title}
          onChange={(v) =>
            edit((cat) => {
              cat.title = v;
            })
          }
        />
        <EnglishInput
          path={`${path}.en.title`}
          label={t('mastertool.fields.title')}
          value={category.en?.title}
          onChange={(v) => edit((cat) => setEnglish(cat, 'title', v))}
        />
      </Stack>
      <Stack spacing={4}>
        {category.concierge_sub_category.map((sub, i) => (
          <SubCategoryEditor
            key={sub.id}
            config={config}
            sub={sub}
            path={`${path}.concierge_sub_category[${i}]`}
            targets={targets}
            edit={(fn) =>
              edit((cat, c) => {
                const s = cat.concierge_sub_category[i];
                if (s) fn(s, c);
              })
            }
            panels={panels}
          />
        ))}
      </Stack>
    </Paper>
  );
}

type SubEdit = (fn: (sub: ConciergeSubCategory, config: Config) => void) => void;

function SubCategoryEditor({
  config,
  sub,
  path,
  targets,
  edit,
  panels,
}: {
  config: Config;
  sub: ConciergeSubCategory;
  path: string;
  targets: readonly Concierge[];
  edit: SubEdit;
  panels: PanelState;
}) {
  const { t } = useTranslation();
  const headingId = `sub-${sub.id}`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ borderTop: 1, borderColor: 'divider', pt: 2 }}>
      <Typography variant="h3" id={headingId} gutterBottom>
        {sub.name}
      </Typography>
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
          <Accordion
            key={concierge.id}
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
                onRemove={() =>
                  edit((s) => {
                    s.concierges.splice(j, 1);
                  })
                }
              />
            </AccordionDetails>
          </Accordion>
        );
      })}
      <Button
        variant="outlined"
        size="small"
        startIcon={<AddIcon />}
        sx={{ mt: 1 }}
        onClick={() =>
          edit((s, c) => {
            const id = nextId(conciergeIds(c).concierges);
            s.concierges.push({
              id,
              type: 'QT',
              name: t('mastertool.editor.newQuestion'),
              question: '',
              standard_item_code: [],
              sequence: s.concierges.length,
              view_rules: [],
              is_first: s.concierges.length === 0,
              suffix: null,
              remarks: null,
              copyable_label: null,
              copyable_standard_item_codes: [],
              is_horizontal: false,
              requires_name_validation: [],
              concierge_procedure_codes: [],
              concierge_options: [],
            });
          })
        }
      >
        {t('mastertool.editor.addQuestion', { name: sub.name })}
      </Button>
    </Box>
  );
}

type ConciergeEdit = (fn: (concierge: Concierge, config: Config) => void) => void;

function ConciergeEditor({
  config,
  concierge,
  path,
  targets,
  edit,
  onRemove,
}: {
  config: Config;
  concierge: Concierge;
  path: string;
  targets: readonly Concierge[];
  edit: ConciergeEdit;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const patch = (p: Partial<Concierge>) => edit((q) => void Object.assign(q, p));
  const types = (['QT', 'FO'] as const).map((v) => ({
    value: v,
    label: t(`mastertool.conciergeTypes.${v}`),
  }));
  const procedureCodes = config.disclosure.procedures.map((p) => p.code);
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput
          path={`${path}.name`}
          label={t('mastertool.fields.conciergeName')}
          required
          value={concierge.name}
          onChange={(v) => patch({ name: v })}
        />
        <EnglishInput
          path={`${path}.en.name`}
          label={t('mastertool.fields.conciergeName')}
          value={concierge.en?.name}
          onChange={(v) => edit((q) => setEnglish(q, 'name', v))}
        />
        <SelectInput
          path={`${path}.type`}
          label={t('mastertool.fields.conciergeType')}
          value={concierge.type}
          options={types}
          onChange={(v) => patch({ type: v })}
        />
        <NumberInput
          path={`${path}.sequence`}
          label={t('mastertool.fields.sequence')}
          min={0}
          value={concierge.sequence}
          onChange={(v) => patch({ sequence: v })}
        />
      </Stack>
      <TextInput
        path={`${path}.question`}
        label={t('mastertool.fields.question')}
        multiline
        value={concierge.question}
        onChange={(v) => patch({ question: v })}
      />
      <EnglishInput
        path={`${path}.en.question`}
        label={t('mastertool.fields.question')}
        multiline
        value={concierge.en?.question}
        onChange={(v) => edit((q) => setEnglish(q, 'question', v))}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <CheckInput
          path={`${path}.is_first`}
          label={t('mastertool.fields.is_first')}
          checked={concierge.is_first}
          onChange={(v) => patch({ is_first: v })}
        />
        <CheckInput
          path={`${path}.is_horizontal`}
          label={t('mastertool.fields.is_horizontal')}
          checked={concierge.is_horizontal}
          onChange={(v) => patch({ is_horizontal: v })}
        />
      </Stack>
      <NullableText
        path={`${path}.remarks`}
        label={t('mastertool.fields.remarks')}
        multiline
        value={concierge.remarks}
        onChange={(v) => patch({ remarks: v })}
      />
      <EnglishInput
        path={`${path}.en.remarks`}
        label={t('mastertool.fields.remarks')}
        multiline
        value={concierge.en?.remarks}
        onChange={(v) => edit((q) => setEnglish(q, 'remarks', v))}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NullableText
          path={`${path}.suffix`}
          label={t('mastertool.fields.suffix')}
          value={concierge.suffix}
          onChange={(v) => patch({ suffix: v })}
        />
        <EnglishInput
          path={`${path}.en.suffix`}
          label={t('mastertool.fields.suffix')}
          value={concierge.en?.suffix}
          onChange={(v) => edit((q) => setEnglish(q, 'suffix', v))}
        />
        <NullableText
          path={`${path}.copyable_label`}
          label={t('mastertool.fields.copyable_label')}
          value={concierge.copyable_label}
          onChange={(v) => patch({ copyable_label: v })}
        />
        <EnglishInput
          path={`${path}.en.copyable_label`}
          label={t('mastertool.fields.copyable_label')}
          value={concierge.en?.copyable_label}
          onChange={(v) => edit((q) => setEnglish(q, 'copyable_label', v))}
        />
      </Stack>
      <CodeListInput
        path={`${path}.standard_item_code`}
        label={t('mastertool.fields.standard_item_codes')}
        value={concierge.standard_item_code}
        onChange={(v) => patch({ standard_item_code: v })}
      />
      <CodeListInput
        path={`${path}.copyable_standard_item_codes`}
        label={t('mastertool.fields.copyable_standard_item_codes')}
        value={concierge.copyable_standard_item_codes}
        onChange={(v) => patch({ copyable_standard_item_codes: v })}
      />
      <CodeListInput
        path={`${path}.requires_name_validation`}
        label={t('mastertool.fields.requires_name_validation')}
        value={concierge.requires_name_validation}
        onChange={(v) => patch({ requires_name_validation: v })}
      />
      <CodeListInput
        path={`${path}.concierge_procedure_codes`}
        label={t('mastertool.fields.concierge_procedure_codes')}
        helper={t('mastertool.fields.conciergeProcedureCodesLabel', { codes: procedureCodes.join(', ') })}
        value={concierge.concierge_procedure_codes.map((p) => p.procedure_code)}
        onChange={(codes) =>
          edit((q, c) => {
            let id = nextId(conciergeIds(c).procedureCodes);
            q.concierge_procedure_codes = codes.map(
              (code) =>
                q.concierge_procedure_codes.find((p) => p.procedure_code === code) ?? {
                  id: id++,
                  procedure_code: code,
                },
            );
          })
        }
      />
      <OptionsEditor concierge={concierge} path={`${path}.concierge_options`} targets={targets} edit={edit} />
      <ViewRulesEditor
        path={`${path}.view_rules`}
        rules={concierge.view_rules}
        owner={concierge.name}
        headingLevel="h6"
        onChange={(rules) => patch({ view_rules: rules })}
      />
      <div>
        <Button color="error" startIcon={<DeleteIcon />} onClick={onRemove}>
          {t('mastertool.editor.removeQuestion', { name: concierge.name })}
        </Button>
      </div>
    </Stack>
  );
}

const SCOPED = 'scoped';
const NONE = 'none';

function OptionsEditor({
  concierge,
  path,
  targets,
  edit,
}: {
  concierge: Concierge;
  path: string;
  targets: readonly Concierge[];
  edit: ConciergeEdit;
}) {
  const { t } = useTranslation();
  const setOption = (k: number, fn: (o: ConciergeOption, config: Config) => void) =>
    edit((q, c) => {
      const o = q.concierge_options[k];
      if (o) fn(o, c);
    });
  const destinationValue = (o: ConciergeOption) => {
    const d = o.concierge_destination;
    if (!d) return NONE;
    if (d.is_scopedout) return SCOPED;
    return d.concierge_id === null ? NONE : `c${d.concierge_id}`;
  };
  return (
    <Box>
      <Typography component="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('mastertool.fields.concierge_options')}
      </Typography>
      <Stack spacing={2}>
        {concierge.concierge_options.map((o, k) => {
          const base = `${path}[${k}]`;
          const current = destinationValue(o);
          const destinations = [
            { value: NONE, label: t('mastertool.editor.destinationNone') },
            { value: SCOPED, label: t('mastertool.editor.destinationScoped') },
            ...targets
              .filter((q) => q.id !== concierge.id)
              .map((q) => ({
                value: `c${q.id}`,
                label: t('mastertool.editor.destinationTo', { name: q.name }),
              })),
          ];
          if (!destinations.some((d) => d.value === current)) {
            destinations.push({
              value: current,
              label: t('mastertool.editor.missing', { id: o.concierge_destination?.concierge_id }),
            });
          }
          return (
            <Stack
              key={o.id}
              spacing={1}
              role="group"
              aria-label={t('mastertool.editor.optionN', { n: k + 1, value: o.value })}
              sx={{ p: 1, border: 1, borderColor: 'divider', borderRadius: 1 }}
            >
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
                <TextInput
                  path={`${base}.value`}
                  label={t('mastertool.fields.optionValue')}
                  required
                  value={o.value}
                  onChange={(v) =>
                    setOption(k, (x) => {
                      x.value = v;
                    })
                  }
                />
                <EnglishInput
                  path={`${base}.en.value`}
                  label={t('mastertool.fields.optionValue')}
                  value={o.en?.value}
                  onChange={(v) => setOption(k, (x) => setEnglish(x, 'value', v))}
                />
                <SelectInput
                  path={`${base}.concierge_destination.concierge_id`}
                  label={t('mastertool.fields.concierge_destination')}
                  value={current}
                  options={destinations}
                  onChange={(v) =>
                    setOption(k, (x, c) => {
                      const id = x.concierge_destination?.id ?? nextId(conciergeIds(c).destinations);
                      if (v === NONE) x.concierge_destination = null;
                      else if (v === SCOPED)
                        x.concierge_destination = {
                          id,
                          concierge_id: null,
                          is_scopedout: true,
                          scopedout_message: x.concierge_destination?.scopedout_message ?? '',
                          ...(x.concierge_destination?.en ? { en: x.concierge_destination.en } : {}),
                        };
                      else
                        x.concierge_destination = {
                          id,
                          concierge_id: Number(v.slice(1)),
                          is_scopedout: false,
                          scopedout_message: null,
                        };
                    })
                  }
                />
                <Button
                  color="error"
                  startIcon={<DeleteIcon />}
                  sx={{ alignSelf: { xs: 'flex-start', md: 'center' }, whiteSpace: 'nowrap' }}
                  onClick={() =>
                    edit((q) => {
                      q.concierge_options.splice(k, 1);
                    })
                  }
                >
                  {t('mastertool.editor.removeOption', { value: o.value })}
                </Button>
              </Stack>
              {o.concierge_destination?.is_scopedout ? (
                <>
                  <NullableText
                    path={`${base}.concierge_destination.scopedout_message`}
                    label={t('mastertool.fields.scopedout_message')}
                    multiline
                    value={o.concierge_destination.scopedout_message}
                    onChange={(v) =>
                      setOption(k, (x) => {
                        if (x.concierge_destination) x.concierge_destination.scopedout_message = v;
                      })
                    }
                  />
                  <EnglishInput
                    path={`${base}.concierge_destination.en.scopedout_message`}
                    label={t('mastertool.fields.scopedout_message')}
                    multiline
                    value={o.concierge_destination.en?.scopedout_message}
                    onChange={(v) =>
                      setOption(k, (x) => {
                        if (x.concierge_destination)
                          setEnglish(x.concierge_destination, 'scopedout_message', v);
                      })
                    }
                  />
                </>
              ) : null}
            </Stack>
          );
        })}
      </Stack>
      <Button
        size="small"
        startIcon={<AddIcon />}
        sx={{ mt: 1 }}
        onClick={() =>
          edit((q, c) => {
            q.concierge_options.push({
              id: nextId(conciergeIds(c).options),
              value: t('mastertool.editor.newOption'),
              sequence: q.concierge_options.length,
              concierge_destination: null,
            });
          })
        }
      >
        {t('mastertool.editor.addOption', { name: concierge.name })}
      </Button>
    </Box>
  );
}
