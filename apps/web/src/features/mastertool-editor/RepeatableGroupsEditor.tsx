// The repeatable groups (decision 0013) as a list of groups, each control named by the path it edits.
import type { RepeatableGroup, StandardItem } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import type { ReportJson } from './editor-state';
import { useVocabulary } from './prefill-rules-vocabulary';
import { addGroup, removeGroup } from './repeatable-groups';
import { RepeatableGroupRow } from './RepeatableGroupRow';
import { RowList } from './RowList';

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
  return (
    <RowList
      path={path}
      values={groups}
      onChange={onChange}
      none={t('mastertool.repeat.none')}
      addLabel={t('mastertool.repeat.add')}
      add={addGroup}
      remove={removeGroup}
      focusOnAdd="code"
      row={({ value, n, path: rowPath, onChange: change, onFocus, onRemove }) => (
        <RepeatableGroupRow
          group={value}
          n={n}
          path={rowPath}
          words={words}
          reportJson={reportJson}
          onChange={change}
          onFocus={onFocus}
          onRemove={onRemove}
        />
      )}
    />
  );
}
