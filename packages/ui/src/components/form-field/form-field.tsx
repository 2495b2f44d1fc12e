import './form-field.css';
import { clsx } from 'clsx';
import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { useUiIntl } from '../../i18n/use-ui-intl';
import { FieldContext, type FieldContextValue, fieldControlProps, useField } from './field-context';

export interface FormFieldProps {
  label: ReactNode;
  /** Help text under the control, linked with aria-describedby. */
  hint?: ReactNode;
  /** Error message; marks the control aria-invalid and is linked with aria-describedby. */
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Id for the control; generated when absent. */
  id?: string;
  className?: string;
  /** The control: Input, TextArea, Select or any element reading `useField()`. */
  children: ReactNode;
}

/** Label, control, hint and error, wired together for assistive technology. */
export function FormField({
  label,
  hint,
  error,
  required = false,
  disabled = false,
  id,
  className,
  children,
}: FormFieldProps) {
  const { t } = useUiIntl();
  const generated = useId();
  const controlId = id ?? `cui-field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const value: FieldContextValue = {
    id: controlId,
    describedBy: [errorId, hintId].filter(Boolean).join(' ') || undefined,
    invalid: Boolean(error),
    required,
    disabled,
  };
  return (
    <div
      className={clsx('cui-field', className)}
      data-invalid={error ? '' : undefined}
      data-disabled={disabled || undefined}
    >
      <label className="cui-field__label" htmlFor={controlId}>
        {label}
        {required ? (
          <span className="cui-field__required">
            <span aria-hidden="true"> *</span>
            <span className="cui-visually-hidden"> {t('ui.field.required')}</span>
          </span>
        ) : null}
      </label>
      <FieldContext.Provider value={value}>{children}</FieldContext.Provider>
      {hint ? (
        <p className="cui-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="cui-field__error" id={errorId}>
          <svg aria-hidden="true" viewBox="0 0 16 16" width="14" height="14">
            <path
              fill="currentColor"
              d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm0 3.25a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0V5A.75.75 0 0 1 8 4.25ZM8 12a1 1 0 1 1 0-2 1 1 0 0 1 0 2Z"
            />
          </svg>
          <span>
            <span className="cui-visually-hidden">{t('ui.field.errorPrefix')} </span>
            {error}
          </span>
        </p>
      ) : null}
    </div>
  );
}

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** Decorative element before the text (e.g. a search icon). */
  leading?: ReactNode;
}

/** A text input; inside a FormField it receives id, aria-describedby and aria-invalid. */
export const Input = forwardRef<HTMLInputElement, InputProps>(function Input(
  { className, leading, ...props },
  ref,
) {
  const field = useField();
  const input = (
    <input
      ref={ref}
      className={clsx('cui-input', className)}
      {...props}
      {...fieldControlProps(field, props)}
    />
  );
  if (!leading) return input;
  return (
    <span className="cui-input-group">
      <span className="cui-input-group__leading" aria-hidden="true">
        {leading}
      </span>
      {input}
    </span>
  );
});

export type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement>;

/** A multi-line text input; inside a FormField it receives the same wiring as Input. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(
  { className, ...props },
  ref,
) {
  const field = useField();
  return (
    <textarea
      ref={ref}
      className={clsx('cui-input', 'cui-textarea', className)}
      {...props}
      {...fieldControlProps(field, props)}
    />
  );
});
