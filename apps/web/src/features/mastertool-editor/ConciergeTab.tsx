// The concierge set: the filter category and the assistant categories, their sub categories, and each
// question with its options (and where each leads), view rules and items. Questions open one at a time.
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConciergeCategory } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { EntryActions, SubCategoryEditor, type Placement } from './ConciergeSubCategoryEditor';
import { setEnglish, type Config, type Edit } from './editor-state';
import { CheckInput, EnglishInput, TextInput } from './fields';
import { ASSISTANT_BASE, moveEntry, newAssistantCategory, newSubCategory, removeEntry } from './list-order';
import { useFocusAfterChange } from './RowList';
import { fieldId } from './validation';

type Locate = (c: Config) => ConciergeCategory;

export interface PanelState {
  open: ReadonlySet<string>;
  toggle: (path: string, open: boolean) => void;
}

export function ConciergeTab({ config, edit, panels }: { config: Config; edit: Edit; panels: PanelState }) {
  const { t } = useTranslation();
  const focus = useFocusAfterChange();
  const set = config.concierge_set;
  const assistants = set.assistant_concierge_category;
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
      {categories.map(({ category, path, locate }, i) => (
        <CategoryEditor
          key={category.id}
          config={config}
          category={category}
          path={path}
          edit={(fn) => edit((c) => fn(locate(c), c))}
          panels={panels}
          placement={
            i === 0
              ? undefined
              : {
                  first: i === 1,
                  last: i === assistants.length,
                  onMove: (by) =>
                    edit((c) =>
                      moveEntry(c.concierge_set.assistant_concierge_category, i - 1, by, ASSISTANT_BASE),
                    ),
                  onRemove: () => {
                    edit((c) =>
                      removeEntry(c.concierge_set.assistant_concierge_category, i - 1, ASSISTANT_BASE),
                    );
                    focus('add-category');
                  },
                }
          }
        />
      ))}
      <div>
        <Button
          id="add-category"
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => {
            const category = newAssistantCategory(
              config,
              t('mastertool.editor.newCategory'),
              t('mastertool.editor.newSubCategory'),
            );
            edit((c) => void c.concierge_set.assistant_concierge_category.push(category));
            focus(fieldId(`concierge_set.assistant_concierge_category[${assistants.length}].name`));
          }}
        >
          {t('mastertool.editor.addCategory')}
        </Button>
      </div>
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
  placement,
}: {
  config: Config;
  category: ConciergeCategory;
  path: string;
  edit: CategoryEdit;
  panels: PanelState;
  placement: Placement | undefined;
}) {
  const { t } = useTranslation();
  const focus = useFocusAfterChange();
  const headingId = `category-${category.id}`;
  const subs = category.concierge_sub_category;
  // Destinations may lead to any question of the same category.
  const targets = category.concierge_sub_category.flatMap((s) => s.concierges);
  return (
    <Paper component="section" variant="outlined" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" id={headingId} gutterBottom>
        {t(`mastertool.editor.category.${category.type}`, { name: category.name })}
      </Typography>
      {placement ? (
        <EntryActions
          id={`category-${category.id}`}
          name={category.name}
          placement={placement}
          removeLabel={t('mastertool.editor.removeCategory', { name: category.name })}
        />
      ) : null}
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
        {subs.map((sub, i) => (
          <SubCategoryEditor
            key={sub.id}
            placement={{
              first: i === 0,
              last: i === subs.length - 1,
              onMove: (by) => edit((cat) => moveEntry(cat.concierge_sub_category, i, by)),
              onRemove: () => {
                edit((cat) => removeEntry(cat.concierge_sub_category, i));
                focus(`${headingId}-add-sub`);
              },
            }}
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
      <Button
        id={`${headingId}-add-sub`}
        variant="outlined"
        size="small"
        startIcon={<AddIcon />}
        sx={{ mt: 3 }}
        onClick={() => {
          const sub = newSubCategory(config, t('mastertool.editor.newSubCategory'), subs.length);
          edit((cat) => void cat.concierge_sub_category.push(sub));
          focus(fieldId(`${path}.concierge_sub_category[${subs.length}].name`));
        }}
      >
        {t('mastertool.editor.addSubCategory', { name: category.name })}
      </Button>
    </Paper>
  );
}
