// Hidden rules: a standard item left off the form (`form_rule`), or a procedure left out of the applicable
// ones (`procedure_rule`), while any group of conditions holds.
import type { Procedure, StandardItem } from '@portal/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n/useLanguage';
import { localizedField } from '../../lib/i18n/localized';
import { nameAndCode } from './name-and-code';
import { useVocabulary, type Vocabulary } from './prefill-rules-vocabulary';
import { ItemOptions, NativeSelect } from './PrefillRulesFields';
import { conditionsShow, RuleConditions } from './RuleConditions';
import { RuleRowButtons } from './RowButtons';
import { RowFrame, RowList, sameRow, type RowOf } from './RowList';
import { addHidden, at, moveRow, removeRow, type HiddenRule } from './rule-lists';
import { fieldId } from './validation';

/** The texts of the procedures' rules, or of the form's. */
const textsOf = (procedures: readonly Procedure[] | undefined) => (procedures ? 'procedureHidden' : 'hidden');

export function HiddenRulesEditor({
  path,
  rules,
  items,
  procedures,
  onChange,
}: {
  /** `…form_rule.hidden_rules` or `…procedure_rule.hidden_rules` */
  path: string;
  rules: readonly HiddenRule[];
  /** The configuration's standard items: what a condition compares (and, on the form, what is hidden). */
  items: readonly StandardItem[];
  /** The group's procedures, for rules that hide procedures; absent for the form's rules. */
  procedures?: readonly Procedure[];
  onChange: (rules: HiddenRule[]) => void;
}) {
  const { t } = useTranslation();
  const words = useVocabulary(items);
  const texts = textsOf(procedures);
  return (
    <RowList
      path={path}
      values={rules}
      onChange={onChange}
      none={t(`mastertool.rules.${texts}.none`)}
      addLabel={t(`mastertool.rules.${texts}.add`)}
      add={addHidden}
      remove={removeRow}
      move={moveRow}
      focusOnAdd="target"
      row={(row) => <HiddenRuleRow {...row} words={words} procedures={procedures} />}
    />
  );
}

const HiddenRuleRow = memo(function HiddenRuleRow({
  value: rule,
  n,
  last,
  path: rowPath,
  onChange: change,
  onFocus,
  onMove,
  onRemove,
  words,
  procedures,
}: RowOf<HiddenRule> & { words: Vocabulary; procedures: readonly Procedure[] | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const texts = textsOf(procedures);
  const row = t(`mastertool.rules.${texts}.rowN`, { n });
  const forRow = (action: string) => t('mastertool.rules.forRow', { action, row });
  const conditionsPath = `${rowPath}.conditions`;
  return (
    <RowFrame
      path={rowPath}
      testId={procedures ? 'procedure-hidden-rule' : 'hidden-rule'}
      heading={row}
      shownAtField={(p) => p === `${rowPath}.target` || conditionsShow(conditionsPath, p)}
    >
      <NativeSelect
        path={`${rowPath}.target`}
        label={t(`mastertool.rules.${texts}.target`)}
        value={rule.target}
        required
        onChange={(v) => change((list, i) => at(list, i, (r) => ({ ...r, target: v })))}
      >
        {procedures ? (
          <>
            <option value="" disabled>
              {t('mastertool.prefill.choose')}
            </option>
            {rule.target !== '' && !procedures.some((p) => p.code === rule.target) ? (
              <option value={rule.target}>
                {t('mastertool.rules.procedureHidden.missing', { code: rule.target })}
              </option>
            ) : null}
            {procedures.map((p) => (
              <option key={p.code} value={p.code}>
                {nameAndCode(t, localizedField(p, 'name', language).text, p.code)}
              </option>
            ))}
          </>
        ) : (
          <ItemOptions words={words} value={rule.target} />
        )}
      </NativeSelect>
      <RuleConditions
        path={conditionsPath}
        ors={rule.conditions}
        words={words}
        none={t('mastertool.rules.hidden.noConditions')}
        forRow={forRow}
        onFocus={onFocus}
        onChange={(edit) =>
          change((list, i) => at(list, i, (r) => ({ ...r, conditions: edit(r.conditions) })))
        }
      />
      <RuleRowButtons
        id={fieldId(rowPath)}
        row={row}
        first={n === 1}
        last={last}
        onMove={onMove}
        onRemove={onRemove}
      />
    </RowFrame>
  );
}, sameRow);
