// The group itself and its disclosure settings: period, publishing, identification routes.
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { setEnglish, type Config, type Edit } from './editor-state';
import { groupIcons } from '../../lib/group-icons/group-icons';
import { typeOptions } from './type-labels';
import { CheckInput, EnglishInput, NullableText, NumberInput, SelectInput, TextInput } from './fields';

export function BasicsTab({ config, edit }: { config: Config; edit: Edit }) {
  const { t } = useTranslation();
  const d = config.disclosure;
  // Each icon type with its icon (hidden from screen readers: the name says it) and its code small.
  const icons = typeOptions(t, 'iconTypes').map((o) => {
    const Icon = groupIcons[o.value];
    return { ...o, icon: <Icon aria-hidden fontSize="small" /> };
  });
  return (
    <Stack spacing={3}>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="basics-group"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" id="basics-group" gutterBottom>
          {t('mastertool.editor.groupHeading')}
        </Typography>
        <Stack spacing={2}>
          <TextInput
            path="name"
            label={t('mastertool.fields.name')}
            required
            value={config.name}
            onChange={(v) =>
              edit((c) => {
                c.name = v;
              })
            }
          />
          <EnglishInput
            path="en.name"
            label={t('mastertool.fields.name')}
            value={config.en?.name}
            onChange={(v) => edit((c) => setEnglish(c, 'name', v))}
          />
          <NullableText
            path="description"
            label={t('mastertool.fields.description')}
            multiline
            value={config.description}
            onChange={(v) =>
              edit((c) => {
                c.description = v;
              })
            }
          />
          <EnglishInput
            path="en.description"
            label={t('mastertool.fields.description')}
            multiline
            value={config.en?.description}
            onChange={(v) => edit((c) => setEnglish(c, 'description', v))}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <SelectInput
              path="icon_type"
              label={t('mastertool.fields.icon_type')}
              value={config.icon_type}
              options={icons}
              onChange={(v) =>
                edit((c) => {
                  c.icon_type = v;
                })
              }
            />
            <NumberInput
              path="sequence"
              label={t('mastertool.fields.sequence')}
              value={config.sequence}
              min={0}
              onChange={(v) =>
                edit((c) => {
                  c.sequence = v;
                })
              }
            />
          </Stack>
        </Stack>
      </Paper>
      <Paper
        component="section"
        variant="outlined"
        aria-labelledby="basics-disclosure"
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Typography variant="h2" id="basics-disclosure" gutterBottom>
          {t('mastertool.editor.disclosureHeading')}
        </Typography>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextInput
              path="disclosure.start_date"
              label={t('mastertool.fields.start_date')}
              type="date"
              width="short"
              value={d.start_date}
              onChange={(v) =>
                edit((c) => {
                  c.disclosure.start_date = v;
                })
              }
            />
            <TextInput
              path="disclosure.end_date"
              label={t('mastertool.fields.end_date')}
              type="date"
              width="short"
              value={d.end_date}
              onChange={(v) =>
                edit((c) => {
                  c.disclosure.end_date = v;
                })
              }
            />
          </Stack>
          <Stack>
            <CheckInput
              path="disclosure.is_publish"
              label={t('mastertool.fields.is_publish')}
              checked={d.is_publish}
              onChange={(v) =>
                edit((c) => {
                  c.disclosure.is_publish = v;
                })
              }
            />
            <CheckInput
              path="disclosure.identifications.jpki"
              label={t('mastertool.fields.jpki')}
              checked={d.identifications.jpki}
              onChange={(v) =>
                edit((c) => {
                  c.disclosure.identifications.jpki = v;
                })
              }
            />
            <CheckInput
              path="disclosure.identifications.basic_four_information"
              label={t('mastertool.fields.basic_four_information')}
              checked={d.identifications.basic_four_information}
              onChange={(v) =>
                edit((c) => {
                  c.disclosure.identifications.basic_four_information = v;
                })
              }
            />
            <CheckInput
              path="disclosure.use_basic_four_information"
              label={t('mastertool.fields.use_basic_four_information')}
              checked={d.use_basic_four_information}
              onChange={(v) =>
                edit((c) => {
                  c.disclosure.use_basic_four_information = v;
                })
              }
            />
            <CheckInput
              path="disclosure.use_mynaportal"
              label={t('mastertool.fields.use_mynaportal')}
              checked={d.use_mynaportal}
              onChange={(v) =>
                edit((c) => {
                  c.disclosure.use_mynaportal = v;
                })
              }
            />
          </Stack>
        </Stack>
      </Paper>
    </Stack>
  );
}
