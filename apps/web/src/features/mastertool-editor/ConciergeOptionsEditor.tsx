// The options of one question: each option's text, where it leads (the next question, or out of the
// online route with a message), its place in the list and its removal.
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Concierge, ConciergeOption } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import type { ConciergeEdit } from './ConciergeEditor';
import { conciergeIds, nextId, setEnglish, type Config } from './editor-state';
import { EnglishInput, NullableText, SelectInput, TextInput } from './fields';
import { moveEntry, removeEntry } from './list-order';
import { OrderButtons } from './OrderButtons';

const SCOPED = 'scoped';
const NONE = 'none';

export function OptionsEditor({
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
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignSelf: { xs: 'flex-start', md: 'center' }, flexWrap: 'wrap' }}
                >
                  <OrderButtons
                    id={`option-${o.id}`}
                    name={o.value}
                    first={k === 0}
                    last={k === concierge.concierge_options.length - 1}
                    onMove={(by) => edit((q) => moveEntry(q.concierge_options, k, by))}
                  />
                </Stack>
                <Button
                  color="error"
                  startIcon={<DeleteIcon />}
                  sx={{ alignSelf: { xs: 'flex-start', md: 'center' }, whiteSpace: 'nowrap' }}
                  onClick={() => edit((q) => removeEntry(q.concierge_options, k))}
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
