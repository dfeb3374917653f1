// A postal code: typed as the resident likes (100-0001, full-width digits) and made the 7 digits the item
// takes when the field is left; where the page also asks the address it fills (`address`), the lookup
// under the field finds it.
import { ItemTextInput, type ItemFieldProps } from './item-field-parts';
import { normalizePostalCode, PostalCodeLookup } from './PostalCodeLookup';

export interface PostalCodeItemFieldProps extends ItemFieldProps {
  /** The address the postal code fills, when the page asks it: its value and how to set both. */
  address?: { value: string; onFound: (address: string, postalCode: string) => void } | undefined;
}

export function PostalCodeItemField({ address, ...props }: PostalCodeItemFieldProps) {
  const text = typeof props.value === 'string' ? props.value : '';
  return (
    <ItemTextInput
      {...props}
      onBlur={() => {
        const digits = normalizePostalCode(text);
        if (digits && digits !== text) props.onChange(digits);
        props.onBlur?.();
      }}
    >
      {address ? (
        <PostalCodeLookup
          code={props.fieldKey ?? props.item.code}
          postalCode={text}
          address={address.value}
          onFound={address.onFound}
        />
      ) : null}
      {props.children}
    </ItemTextInput>
  );
}
