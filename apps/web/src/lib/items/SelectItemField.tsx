// A select item: a native select (the phone's own picker, the same keys as any select) whose first option
// asks to choose; a read-only item leaves only its chosen option enabled.
import { useTranslation } from 'react-i18next';
import { useLocalized } from '../i18n/localized';
import { ItemTextInput, type ItemFieldProps } from './item-field-parts';

export function SelectItemField(props: ItemFieldProps) {
  const { t } = useTranslation();
  const { field, language } = useLocalized();
  const { item, value, readOnly } = props;
  const options = (
    <>
      <option value="" disabled={readOnly}>
        {t('applicantForm.form.choose')}
      </option>
      {item.choices.map((choice) => {
        const shown = field(choice, 'label');
        return (
          <option
            key={choice.value}
            value={choice.value}
            disabled={readOnly && choice.value !== value}
            lang={shown.lang === language ? undefined : shown.lang}
          >
            {shown.text}
          </option>
        );
      })}
    </>
  );
  return <ItemTextInput {...props} options={options} />;
}
