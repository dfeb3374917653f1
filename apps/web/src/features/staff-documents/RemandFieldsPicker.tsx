// A remand of some fields only (decision 0023): staff tick the items and attachment slots to correct, each
// with a note for the applicant; nothing ticked sends the whole application back, as before.
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { displayValue } from '../../lib/items/display-value';
import { useLanguage } from '../../lib/i18n/useLanguage';
import type { DocumentDetail } from './DocumentDetailScreen';
import { useRemandFieldNames, type RemandChoice } from './remand-fields';

/** Notes by field key (`code#sequence`); a key present is ticked. */
export type RemandNotes = ReadonlyMap<string, string>;

export function RemandFieldsPicker({
  document: doc,
  notes,
  missing,
  onChange,
}: {
  document: DocumentDetail;
  notes: RemandNotes;
  /** Ticked fields without a note, after a try to send. */
  missing: ReadonlySet<string>;
  onChange: (notes: RemandNotes) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { choices } = useRemandFieldNames(doc);
  const toggle = (choice: RemandChoice, on: boolean) => {
    const next = new Map(notes);
    if (on) next.set(choice.key, '');
    else next.delete(choice.key);
    onChange(next);
  };
  return (
    <Stack component="fieldset" spacing={1} sx={{ border: 0, p: 0, m: 0 }}>
      <FormLabel component="legend">{t('staff.remandFields.legend')}</FormLabel>
      <FormHelperText sx={{ mt: 0 }}>{t('staff.remandFields.help')}</FormHelperText>
      {[...new Set(choices.map((c) => c.section))].map((section) => (
        <Stack key={section} spacing={0.5}>
          <Typography sx={{ fontWeight: 700, mt: 1 }}>{section}</Typography>
          {choices
            .filter((c) => c.section === section)
            .map((choice) => {
              const ticked = notes.has(choice.key);
              const noteId = `remand-note-${choice.key.replace('#', '-')}`;
              const value = choice.kind === 'item' ? displayValue(choice.item, choice.value, language) : '';
              return (
                <Stack key={choice.key} spacing={0.5}>
                  <FormControlLabel
                    control={<Checkbox checked={ticked} onChange={(e) => toggle(choice, e.target.checked)} />}
                    label={value ? `${choice.name}（${value}）` : choice.name}
                  />
                  {ticked ? (
                    <TextField
                      id={noteId}
                      label={t('staff.remandFields.note', { name: choice.name })}
                      required
                      size="small"
                      value={notes.get(choice.key) ?? ''}
                      error={missing.has(choice.key)}
                      helperText={missing.has(choice.key) ? t('staff.remandFields.noteRequired') : undefined}
                      onChange={(e) => onChange(new Map(notes).set(choice.key, e.target.value))}
                      slotProps={{ htmlInput: { maxLength: 500 } }}
                      sx={{ ml: 4 }}
                    />
                  ) : null}
                </Stack>
              );
            })}
        </Stack>
      ))}
    </Stack>
  );
}
