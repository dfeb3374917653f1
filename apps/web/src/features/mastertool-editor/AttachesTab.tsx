// The documents residents attach, per procedure: name, kind (photo, original, signature) and the code the
// upload is kept under: proposed from the name (decision 0055), picked from the material templates'
// attachments or created explicitly.
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AttachType, ProcedureAttach } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { attachCodeOptions, takenAttachCodes } from './code-options';
import { followName, proposeCode } from './code-proposal';
import { CodeField } from './CodeField';
import { nextId, setEnglish, type Config, type Edit, type EditorReference } from './editor-state';
import { EntrySection } from './EntrySection';
import { EnglishInput, SelectInput, TextInput } from './fields';
import { useFocusAfterChange } from './RowList';
import { typeOptions } from './type-labels';
import { fieldId } from './validation';

export function AttachesTab({
  config,
  edit,
  attachCodes,
}: {
  config: Config;
  edit: Edit;
  attachCodes: EditorReference['attachCodes'];
}) {
  const { t } = useTranslation();
  const focus = useFocusAfterChange();
  const attaches = config.disclosure.procedure_attaches;
  const codes = attachCodeOptions(attachCodes, config, t('mastertool.attachCode.draftNew'));
  const procedures = config.disclosure.procedures.map((p) => ({
    value: String(p.id),
    label: p.name || p.code,
  }));
  const types = typeOptions(t, 'attachTypes');
  const change = (i: number, patch: Partial<ProcedureAttach>) =>
    edit((c) => {
      const a = c.disclosure.procedure_attaches[i];
      if (a) Object.assign(a, patch);
    });
  /** Renames attach `i`; a code still as proposed follows the name (decision 0055). */
  const rename = (i: number, change: { name: string } | { english: string }) =>
    edit((c) => {
      const x = c.disclosure.procedure_attaches[i];
      if (!x) return;
      const before = { name: x.name, english: x.en?.name };
      if ('name' in change) x.name = change.name;
      else setEnglish(x, 'name', change.english);
      const after = { name: x.name, english: x.en?.name };
      const taken = takenAttachCodes(attachCodes, c, i);
      x.standard_item_code = followName(x.standard_item_code, before, after, 'attachment', taken);
    });
  return (
    <Stack spacing={3}>
      {attaches.length === 0 ? <Typography>{t('mastertool.editor.noAttaches')}</Typography> : null}
      {attaches.map((a, i) => {
        const base = `disclosure.procedure_attaches[${i}]`;
        const proposal = proposeCode(
          { name: a.name, english: a.en?.name },
          'attachment',
          takenAttachCodes(attachCodes, config, i),
        );
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
              onChange={(v) => rename(i, { name: v })}
            />
            <EnglishInput
              path={`${base}.en.name`}
              label={t('mastertool.fields.name')}
              value={a.en?.name}
              onChange={(v) => rename(i, { english: v })}
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
            </Stack>
            <CodeField
              path={`${base}.standard_item_code`}
              label={t('mastertool.attachCode.label')}
              helper={
                a.standard_item_code === proposal
                  ? t('mastertoolCodes.proposed')
                  : t('mastertool.attachCode.help')
              }
              proposal={proposal}
              options={codes}
              value={a.standard_item_code}
              onChange={(code, option) =>
                edit((c) => {
                  const x = c.disclosure.procedure_attaches[i];
                  if (!x) return;
                  x.standard_item_code = code;
                  // A document still unnamed takes the template's name.
                  if (option?.label && (x.name === '' || x.name === t('mastertool.editor.newAttach')))
                    x.name = option.label;
                })
              }
              create={{
                text: t('mastertool.attachCode.create'),
                label: t('mastertool.attachCode.createFor', { name: a.name }),
                title: t('mastertool.attachCode.dialogTitle'),
                intro: t('mastertool.attachCode.dialogIntro'),
              }}
            />
          </EntrySection>
        );
      })}
      <div>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={config.disclosure.procedures.length === 0}
          onClick={() => {
            edit((c) => {
              const first = c.disclosure.procedures[0];
              if (!first) return;
              // The code proposed from the name; a template's is picked, another created in the dialog.
              const name = t('mastertool.editor.newAttach');
              c.disclosure.procedure_attaches.push({
                id: nextId(c.disclosure.procedure_attaches.map((x) => x.id)),
                procedure_id: first.id,
                name,
                standard_item_code: proposeCode({ name }, 'attachment', takenAttachCodes(attachCodes, c, -1)),
                type: 'OR',
              });
            });
            focus(fieldId(`disclosure.procedure_attaches[${attaches.length}].name`));
          }}
        >
          {t('mastertool.editor.addAttach')}
        </Button>
      </div>
    </Stack>
  );
}
