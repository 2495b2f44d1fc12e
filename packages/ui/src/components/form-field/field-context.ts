import { createContext, useContext } from 'react';

export interface FieldContextValue {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
  required: boolean;
  disabled: boolean;
}

export const FieldContext = createContext<FieldContextValue | null>(null);

/** Read by Input, TextArea and Select to wire label, hint and error. */
export function useField(): FieldContextValue | null {
  return useContext(FieldContext);
}

/** Merge the field's ARIA wiring with props passed directly to the control. */
export function fieldControlProps(
  field: FieldContextValue | null,
  props: {
    id?: string;
    'aria-describedby'?: string;
    'aria-invalid'?: unknown;
    required?: boolean;
    disabled?: boolean;
  },
) {
  const describedBy = [field?.describedBy, props['aria-describedby']].filter(Boolean).join(' ') || undefined;
  const invalid =
    props['aria-invalid'] === true || props['aria-invalid'] === 'true' || field?.invalid === true;
  return {
    id: props.id ?? field?.id,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
    required: props.required ?? field?.required,
    disabled: props.disabled ?? field?.disabled,
  };
}
