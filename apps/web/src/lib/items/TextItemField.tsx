// A typed item (text, name, kana, number, date, time, phone, email, textarea): one text input whose type,
// keyboard, autocomplete and unit come from the item.
import { ItemTextInput, type ItemFieldProps } from './item-field-parts';

export function TextItemField(props: ItemFieldProps) {
  return <ItemTextInput {...props} />;
}
