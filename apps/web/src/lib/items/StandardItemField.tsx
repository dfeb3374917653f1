// The one field of a standard item, by its type, for every screen that asks one: the assistant's inline
// forms, the form, the staff answer editor. Each type has its own component; this picks it.
import type { ReactElement } from 'react';
import { ChoiceItemField } from './ChoiceItemField';
import type { ItemFieldProps } from './item-field-parts';
import { PostalCodeItemField, type PostalCodeItemFieldProps } from './PostalCodeItemField';
import { SelectItemField } from './SelectItemField';
import { TextItemField } from './TextItemField';

export type { FieldLayout, ItemFieldProps } from './item-field-parts';

export function StandardItemField(props: PostalCodeItemFieldProps): ReactElement {
  switch (props.item.type) {
    case 'radio':
    case 'checkbox':
      return <ChoiceItemField {...props} />;
    case 'select':
      return <SelectItemField {...props} />;
    case 'postal_code':
      return <PostalCodeItemField {...props} />;
    default:
      return <TextItemField {...(props as ItemFieldProps)} />;
  }
}
