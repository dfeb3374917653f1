// The repeatable groups (decision 0013) as a list of groups, each control named by the path it edits.
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RepeatableGroup, StandardItem } from '@portal/contracts';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportJson } from './editor-state';
import { useFocusAfterChange, useRowKeys } from './PrefillRulesEditor';
import { useProblems } from './PrefillRulesFields';
import { useVocabulary } from './prefill-rules-vocabulary';
import { addGroup, removeGroup } from './repeatable-groups';
import { RepeatableGroupRow } from './RepeatableGroupRow';
import { fieldId } from './validation';

export function RepeatableGroupsEditor({
  path,
  groups,
  items,
  onChange,
  reportJson,
}: {
  /** `concierge_set.concierge_rule.form_rule.repeatable_groups` */
  path: string;
  groups: readonly RepeatableGroup[];
  /** The configuration's standard items: what a group may repeat and a condition may compare. */
  items: readonly StandardItem[];
  onChange: (groups: RepeatableGroup[]) => void;
  reportJson: ReportJson;
}) {
  const { t } = useTranslation();
  const words = useVocabulary(items);
  // Rows render again only when their group changes; their handlers read the list of now.
  const latest = useRef({ groups, onChange });
  useLayoutEffect(() => {
    latest.current = { groups, onChange };
  });
  const change = (next: (groups: readonly RepeatableGroup[]) => RepeatableGroup[]) =>
    latest.current.onChange(next(latest.current.groups));
  const problems = useProblems();
  const focus = useFocusAfterChange();
  const rows = useRowKeys(groups.length);
  const listProblem = problems.at(path);
  const addId = `${fieldId(path)}-add`;
  const rowId = (i: number) => fieldId(`${path}[${i}]`);
  return (
    <Box>
      {listProblem ? (
        <Typography id={fieldId(path)} color="error" sx={{ mb: 2 }}>
          {listProblem}
        </Typography>
      ) : null}
      {groups.length === 0 ? <Typography sx={{ mb: 2 }}>{t('mastertool.repeat.none')}</Typography> : null}
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {groups.map((group, i) => (
          <RepeatableGroupRow
            key={rows.keys[i]}
            group={group}
            n={i + 1}
            path={`${path}[${i}]`}
            words={words}
            reportJson={reportJson}
            onChange={(edit) => change((current) => edit(current, i))}
            onFocus={focus}
            onRemove={() => {
              rows.remove(i);
              change((current) => removeGroup(current, i));
              focus(`${rowId(i)}-remove`, `${rowId(i - 1)}-remove`, addId);
            }}
          />
        ))}
      </Stack>
      <Button
        id={addId}
        variant="outlined"
        size="small"
        startIcon={<AddIcon />}
        sx={{ mt: 2 }}
        onClick={() => {
          rows.add();
          change(addGroup);
          focus(fieldId(`${path}[${groups.length}].code`));
        }}
      >
        {t('mastertool.repeat.add')}
      </Button>
    </Box>
  );
}
