// The documents residents attach, per procedure: name, item code and kind (photo, original, signature).
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AttachType, ProcedureAttach } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { nextId, setEnglish, type Config, type Edit } from './editor-state';
import { EntrySection } from './EntrySection';
import { EnglishInput, SelectInput, TextInput } from './fields';

export function AttachesTab({ config, edit }: { config: Config; edit: Edit }) {
  const { t } = useTranslation();
  const attaches = config.disclosure.procedure_attaches;
  const procedures = config.disclosure.procedures.map((p) => ({
    value: String(p.id),
    label: p.name || p.code,
  }));
  const types = (['PH', 'OR', 'SG'] as const).map((v) => ({
    value: v,
    label: t(`mastertool.attachTypes.${v}`),
  }));
  const change = (i: number, patch: Partial<ProcedureAttach>) =>
    edit((c) => {
      const a = c.disclosure.procedure_attaches[i];
      if (a) Object.assign(a, patch);
    });
  return (
    <Stack spacing={3}>
      {attaches.length === 0 ? <Typography>{t('mastertool.editor.noAttaches')}</Typography> : null}
      {attaches.map((a, i) => {
        const base = `disclosure.procedure_attaches[${i}]`;
        const headingId = `attach-${a.id}`;
        return (
          <EntrySection
            key={a.id}
            headingId={headingId}
            heading={a.name || t('mastertool.editor.attach')}
            removeLabel={t('mastertool.editor.removeAttach', { name: a.name })}
            onRemove={() =>
              edit((c) => {
                c.disclosure.procedure_attaches.splice(i, 1);
              })
            }
          >
            <TextInput
              path={`${base}.name`}
              label={t('mastertool.fields.name')}
              required
              value={a.name}
              onChange={(v) => change(i, { name: v })}
            />
            <EnglishInput
              path={`${base}.en.name`}
              label={t('mastertool.fields.name')}
              value={a.en?.name}
              onChange={(v) =>
                edit((c) => {
                  const x = c.disclosure.procedure_attaches[i];
                  if (x) setEnglish(x, 'name', v);
                })
              }
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <SelectInput
                path={`${base}.procedure_id`}
                label={t('mastertool.fields.procedure_id')}
                value={String(a.procedure_id)}
                options={
                  procedures.some((p) => p.value === String(a.procedure_id))
                    ? procedures
                    : [
                        ...procedures,
                        {
                          value: String(a.procedure_id),
                          label: t('mastertool.editor.missing', { id: a.procedure_id }),
                        },
                      ]
                }
                onChange={(v) => change(i, { procedure_id: Number(v) })}
              />
              <SelectInput
                path={`${base}.type`}
                label={t('mastertool.fields.type')}
                value={a.type}
                options={types}
                onChange={(v) => change(i, { type: v as AttachType })}
              />
              <TextInput
                path={`${base}.standard_item_code`}
                label={t('mastertool.fields.standard_item_code')}
                required
                width="short"
                value={a.standard_item_code}
                onChange={(v) => change(i, { standard_item_code: v })}
              />
            </Stack>
          </EntrySection>
        );
      })}
      <div>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={config.disclosure.procedures.length === 0}
          onClick={() =>
            edit((c) => {
              const first = c.disclosure.procedures[0];
              if (!first) return;
              c.disclosure.procedure_attaches.push({
                id: nextId(c.disclosure.procedure_attaches.map((x) => x.id)),
                procedure_id: first.id,
                name: t('mastertool.editor.newAttach'),
                standard_item_code: 'attach_new',
                type: 'OR',
              });
            })
          }
        >
          {t('mastertool.editor.addAttach')}
        </Button>
      </div>
    </Stack>
  );
}
