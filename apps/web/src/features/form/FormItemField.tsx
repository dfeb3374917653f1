// One field of a form page: an item for the first repetition or a later one (`code.N`), with its source
// note, the address its postal code fills and the name check after a name's last part, when the same
// block of the page asks them, and the bank or branch look-up of a code whose name the block asks too.
import { useTranslation } from 'react-i18next';
import { useLocalized } from '../../lib/i18n/localized';
import { BankLookup } from '../../lib/items/BankLookup';
import { bankPairFor } from '../../lib/items/item-inputs';
import { fieldNote } from '../../lib/items/SourceNote';
import { sourceNote } from '../../lib/items/sources';
import { StandardItemField } from '../../lib/items/StandardItemField';
import { addressItemFor, fieldId, type FormItem } from './form-model';
import { NameCheck } from './NameCheck';
import { mayCorrect } from './corrections';
import { valueKey } from './repeats';
import type { FormEditorState } from './use-form-editor';

export function FormItemField({
  state,
  item,
  sequence,
}: {
  state: FormEditorState;
  item: FormItem;
  sequence: number;
}) {
  const { t } = useTranslation();
  const loc = useLocalized();
  const { values, states } = state;
  const key = valueKey(item.code, sequence);
  const at = (code: string) => valueKey(code, sequence);
  const codes = sequence === 1 ? state.pageCodes : state.laterCodes;
  const value = values[key];
  const address = item.type === 'postal_code' ? addressItemFor(item.code, codes) : null;
  const bank = bankPairFor(item.code, codes);
  const names = state.definition.name_checks.find(
    (g) => g[g.length - 1] === item.code && g.every((c) => codes.has(c)),
  );
  const source = sourceNote(states.get(key), state.savedValues[key], value);
  // While a remand names fields, the others stay as sent; an open one carries staff's note (decision 0023).
  const correction = state.corrections?.get(key);
  const closed = !mayCorrect(state.corrections, key, state.savedValues[key]);
  return (
    <StandardItemField
      item={item}
      id={fieldId(key)}
      fieldKey={key}
      layout="page"
      labelSuffix={state.suffixOf(item.code, sequence)}
      value={value}
      required={state.isRequired(item, sequence)}
      error={state.errors[key]}
      note={
        correction !== undefined
          ? t('applicantForm.correction.note', { note: correction })
          : closed
            ? t('applicantForm.correction.closed')
            : fieldNote(t, states.get(key), source)
      }
      readOnly={states.get(key)?.locked === true || closed}
      onChange={(next) => state.setValue(key, next)}
      address={
        address
          ? {
              value: typeof values[at(address)] === 'string' ? (values[at(address)] as string) : '',
              onFound: (text, zip) => state.setAnswers({ [key]: zip, [at(address)]: text }),
            }
          : undefined
      }
    >
      {bank && !closed && states.get(key)?.locked !== true ? (
        <BankLookup
          id={fieldId(key)}
          kind={bank.kind}
          bankCode={
            bank.kind === 'branch' && typeof values[at(bank.bank)] === 'string'
              ? (values[at(bank.bank)] as string)
              : ''
          }
          onFound={(code, name) => state.setAnswers({ [key]: code, [at(bank.name)]: name })}
        />
      ) : null}
      {names ? (
        <NameCheck
          id={names.map(at).join('-')}
          label={names.map((c) => state.nameOf(at(c))).join(loc.language === 'ja' ? '・' : ', ')}
          parts={names.map((c) => {
            const v = values[at(c)];
            return typeof v === 'string' ? v : '';
          })}
        />
      ) : null}
    </StandardItemField>
  );
}
