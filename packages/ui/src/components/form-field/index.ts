export type { FieldContextValue } from './field-context';
export { useField } from './field-context';
export type { FormFieldProps, InputProps, TextAreaProps } from './form-field';
export { FormField, Input, TextArea } from './form-field';
