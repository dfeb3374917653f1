// One standard item of the group, edited in a form: code (proposed from the label), label, type, checks
// (named formats), choices, reading, unit and hint (ja and en), with the procedures and questions using it.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StandardItem, StandardItemType } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { setEnglish, type Config } from './editor-state';
import { CheckInput, EnglishInput, NullableText, SelectInput, TextInput } from './fields';
import { ItemCheckFields } from './ItemCheckFields';
import { ItemCodeInput } from './ItemCodeInput';
import { useFocusAfterChange } from './RowList';
import { hasChoices, hasLength, ITEM_TYPES, renameItem, setCode, setType, usesOf } from './standard-items';
import { fieldId } from './validation';

/** Changes item `i` of the working copy (and, for a code, what refers to it). */
export type ItemEdit = (change: (item: StandardItem, config: Config, i: number) => void) => void;

export function StandardItemEditor({
  config,
  item,
  index,
  library,
  path,
  edit,
  onRemove,
}: {
  config: Config;
  item: StandardItem;
  index: number;
  /** Every item the library holds: a new code is proposed free of them. */
  library: readonly StandardItem[];
  path: string;
  edit: ItemEdit;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  const focus = useFocusAfterChange();
  const uses = usesOf(config, item.code);
  const types = ITEM_TYPES.map((value) => ({ value, label: t(`mastertool.items.types.${value}`) }));
  const readings = [
    { value: '', label: t('mastertool.editor.none') },
    ...config.standard_items
      .filter((other) => other.code !== item.code && other.type !== 'kana')
      .map((other) => ({ value: other.code, label: other.name || other.code, code: other.code })),
  ];
  const english = (field: string, value: string) => edit((it) => setEnglish(it, field, value));
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput
          path={`${path}.name`}
          label={t('mastertool.items.name')}
          required
          value={item.name}
          onChange={(v) => edit((_, c, i) => renameItem(c, library, i, { name: v }))}
        />
        <EnglishInput
          path={`${path}.en.name`}
          label={t('mastertool.items.name')}
          value={item.en?.name}
          onChange={(v) => edit((_, c, i) => renameItem(c, library, i, { english: v }))}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <ItemCodeInput
          path={path}
          config={config}
          index={index}
          library={library}
          onChange={(v) => edit((_, c, i) => setCode(c, i, v))}
        />
        <SelectInput<StandardItemType>
          path={`${path}.type`}
          label={t('mastertool.items.type')}
          value={item.type}
          options={types}
          onChange={(v) => edit((it) => setType(it, v))}
        />
      </Stack>
      <CheckInput
        path={`${path}.required`}
        label={t('mastertool.items.required')}
        checked={item.required}
        onChange={(v) => edit((it) => void (it.required = v))}
      />
      {hasLength(item.type) ? (
        // Keyed by type: a new type offers its own formats, read again from what is stored.
        <ItemCheckFields
          key={item.type}
          path={path}
          item={item}
          edit={(change) => edit((it) => change(it))}
        />
      ) : null}
      {item.type === 'kana' ? (
        <SelectInput
          path={`${path}.reading_of`}
          label={t('mastertool.items.readingOf')}
          value={item.reading_of ?? ''}
          options={readings}
          onChange={(v) => edit((it) => void (it.reading_of = v === '' ? null : v))}
        />
      ) : null}
      {hasChoices(item.type) ? (
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
          <Typography component="legend" sx={{ fontWeight: 700, mb: 1 }}>
            {t('mastertool.items.choices')}
          </Typography>
          <Stack spacing={1}>
            {item.choices.map((choice, j) => (
              <Stack key={j} direction={{ xs: 'column', md: 'row' }} spacing={1}>
                <TextInput
                  path={`${path}.choices[${j}].value`}
                  label={t('mastertool.items.choiceValue', { n: j + 1 })}
                  required
                  width="short"
                  value={choice.value}
                  onChange={(v) => edit((it) => void (it.choices[j]!.value = v))}
                />
                <TextInput
                  path={`${path}.choices[${j}].label`}
                  label={t('mastertool.items.choiceLabel', { n: j + 1 })}
                  required
                  value={choice.label}
                  onChange={(v) => edit((it) => void (it.choices[j]!.label = v))}
                />
                <EnglishInput
                  path={`${path}.choices[${j}].en.label`}
                  label={t('mastertool.items.choiceLabel', { n: j + 1 })}
                  value={choice.en?.label}
                  onChange={(v) => edit((it) => setEnglish(it.choices[j]!, 'label', v))}
                />
                <div>
                  <IconButton
                    aria-label={t('mastertool.items.removeChoice', { n: j + 1 })}
                    onClick={() => {
                      edit((it) => void it.choices.splice(j, 1));
                      focus(`${fieldId(path)}-add-choice`);
                    }}
                  >
                    <DeleteIcon />
                  </IconButton>
                </div>
              </Stack>
            ))}
          </Stack>
          <Button
            id={`${fieldId(path)}-add-choice`}
            size="small"
            startIcon={<AddIcon />}
            sx={{ mt: 1 }}
            onClick={() => {
              edit((it) => void it.choices.push({ value: String(it.choices.length + 1), label: '' }));
              focus(fieldId(`${path}.choices[${item.choices.length}].label`));
            }}
          >
            {t('mastertool.items.addChoice')}
          </Button>
        </Box>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NullableText
          path={`${path}.suffix`}
          label={t('mastertool.items.suffix')}
          value={item.suffix}
          onChange={(v) => edit((it) => void (it.suffix = v))}
        />
        <EnglishInput
          path={`${path}.en.suffix`}
          label={t('mastertool.items.suffix')}
          value={item.en?.suffix}
          onChange={(v) => english('suffix', v)}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NullableText
          path={`${path}.remarks`}
          label={t('mastertool.items.remarks')}
          multiline
          value={item.remarks}
          onChange={(v) => edit((it) => void (it.remarks = v))}
        />
        <EnglishInput
          path={`${path}.en.remarks`}
          label={t('mastertool.items.remarks')}
          multiline
          value={item.en?.remarks}
          onChange={(v) => english('remarks', v)}
        />
      </Stack>
      <Typography variant="body2">
        {uses.procedures.length + uses.questions.length === 0
          ? t('mastertool.items.unused')
          : t('mastertool.items.usedBy', {
              places: new Intl.ListFormat(i18n.language).format([...uses.procedures, ...uses.questions]),
            })}
      </Typography>
      <div>
        <Button color="error" startIcon={<DeleteIcon />} onClick={onRemove}>
          {t('mastertool.items.remove', { name: item.name || item.code })}
        </Button>
      </div>
    </Stack>
  );
}
