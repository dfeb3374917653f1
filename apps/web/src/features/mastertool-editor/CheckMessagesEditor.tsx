// The sentences a resident ticks before sending a procedure, one row each with its English; added, moved
// and removed by keyboard. The inputs are named by the configuration's own paths (`check_messages[k]`).
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { EnglishInput, TextInput } from './fields';
import { moved, without, type CheckMessage } from './procedure-parts';
import { RowButtons } from './RowButtons';
import { RowFrame, RowList } from './RowList';
import { fieldId } from './validation';

export function CheckMessagesEditor({
  base,
  procedure,
  messages,
  onChange,
}: {
  /** The procedure's path: `disclosure.procedures[i]`. */
  base: string;
  procedure: string;
  messages: readonly CheckMessage[];
  onChange: (messages: CheckMessage[]) => void;
}) {
  const { t } = useTranslation();
  const path = `${base}.check_messages`;
  return (
    <Box component="section" aria-labelledby={`${fieldId(path)}-heading`}>
      <Typography component="h3" variant="h3" id={`${fieldId(path)}-heading`} gutterBottom>
        {t('mastertool.checks.heading')}
      </Typography>
      <RowList
        path={path}
        values={messages}
        onChange={onChange}
        intro={
          <Typography variant="body2" sx={{ mb: 2 }}>
            {t('mastertool.checks.intro')}
          </Typography>
        }
        none={t('mastertool.checks.none')}
        addLabel={t('mastertool.checks.add', { procedure })}
        add={(list) => [...list, { ja: '', en: '' }]}
        remove={without}
        move={moved}
        // The row's own path is the text's: the new row's text takes the focus.
        focusOnAdd=""
        row={({ value, n, last, path: rowPath, onChange: edit, onMove, onRemove }) => {
          const set = (patch: Partial<CheckMessage>) =>
            edit((list, k) => list.map((m, j) => (j === k ? { ...m, ...patch } : m)));
          const k = n - 1;
          return (
            <RowFrame
              path={`${rowPath}-row`}
              testId="check-message"
              heading={t('mastertool.checks.messageN', { n })}
              shownAtField={() => true}
            >
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
                <TextInput
                  path={rowPath}
                  label={t('mastertool.checks.text', { n })}
                  required
                  multiline
                  value={value.ja}
                  onChange={(v) => set({ ja: v })}
                />
                <EnglishInput
                  path={`${base}.en.check_messages[${k}]`}
                  label={t('mastertool.checks.text', { n })}
                  multiline
                  value={value.en}
                  onChange={(v) => set({ en: v })}
                />
              </Box>
              <RowButtons
                id={fieldId(rowPath)}
                move={{
                  first: n === 1,
                  last,
                  upLabel: t('mastertool.checks.moveUp', { n, procedure }),
                  downLabel: t('mastertool.checks.moveDown', { n, procedure }),
                  onMove,
                }}
                remove={{
                  text: t('mastertool.prefill.remove'),
                  label: t('mastertool.checks.remove', { n, procedure }),
                  onRemove,
                }}
              />
            </RowFrame>
          );
        }}
      />
    </Box>
  );
}
