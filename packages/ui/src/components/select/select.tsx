import './select.css';
import * as RadixSelect from '@radix-ui/react-select';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { useUiIntl } from '../../i18n/use-ui-intl';
import { fieldControlProps, useField } from '../form-field/field-context';

export interface SelectOption {
  value: string;
  label: ReactNode;
  disabled?: boolean;
}

/** Options shown together under a label (a native select's `<optgroup>`). */
export interface SelectGroup {
  label: ReactNode;
  options: readonly SelectOption[];
}

export interface SelectProps {
  /** The options, each alone or in a labelled group. */
  options: readonly (SelectOption | SelectGroup)[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  /** Needed when the select is not inside a FormField. */
  'aria-label'?: string;
  name?: string;
  id?: string;
  disabled?: boolean;
  required?: boolean;
  className?: string;
}

const chevron = (
  <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
    <path
      fill="currentColor"
      d="M4.47 6.22a.75.75 0 0 1 1.06 0L8 8.69l2.47-2.47a.75.75 0 1 1 1.06 1.06l-3 3a.75.75 0 0 1-1.06 0l-3-3a.75.75 0 0 1 0-1.06Z"
    />
  </svg>
);

const check = (
  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
    <path
      fill="currentColor"
      d="M13.78 4.22a.75.75 0 0 1 0 1.06l-7 7a.75.75 0 0 1-1.06 0l-3.5-3.5a.75.75 0 1 1 1.06-1.06L6.25 10.7l6.47-6.47a.75.75 0 0 1 1.06 0Z"
    />
  </svg>
);

const isGroup = (entry: SelectOption | SelectGroup): entry is SelectGroup => 'options' in entry;

function Item({ option }: { option: SelectOption }) {
  return (
    <RadixSelect.Item
      value={option.value}
      className="cui-select__item"
      {...(option.disabled ? { disabled: true } : {})}
    >
      <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
      <RadixSelect.ItemIndicator className="cui-select__check">{check}</RadixSelect.ItemIndicator>
    </RadixSelect.Item>
  );
}

/**
 * A styled, keyboard-accessible select (Radix) that works inside a FormField. Options may come in
 * labelled groups.
 */
export function Select({
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder,
  name,
  disabled,
  required,
  className,
  ...props
}: SelectProps) {
  const { t } = useUiIntl();
  const field = useField();
  const wiring = fieldControlProps(field, { id: props.id, disabled, required });
  // Controlled by its parent when it reports changes without a default: nothing chosen yet is the
  // empty value (placeholder shown), so choosing never turns it from uncontrolled to controlled.
  const controlled = value !== undefined || (onValueChange !== undefined && defaultValue === undefined);
  return (
    <RadixSelect.Root
      {...(controlled ? { value: value ?? '' } : {})}
      {...(defaultValue !== undefined ? { defaultValue } : {})}
      {...(onValueChange ? { onValueChange } : {})}
      {...(name ? { name } : {})}
      {...(wiring.disabled ? { disabled: true } : {})}
      {...(wiring.required ? { required: true } : {})}
    >
      <RadixSelect.Trigger
        className={clsx('cui-select', className)}
        id={wiring.id}
        aria-label={props['aria-label']}
        aria-describedby={wiring['aria-describedby']}
        aria-invalid={wiring['aria-invalid']}
      >
        <RadixSelect.Value placeholder={placeholder ?? t('ui.select.placeholder')} />
        <RadixSelect.Icon className="cui-select__icon">{chevron}</RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="cui-select__content" position="popper" sideOffset={4}>
          <RadixSelect.Viewport className="cui-select__viewport">
            {options.map((entry) =>
              isGroup(entry) ? (
                // A group is known by its first option (values are unique; its label may be any node).
                <RadixSelect.Group key={`group:${entry.options[0]?.value}`} className="cui-select__group">
                  <RadixSelect.Label className="cui-select__label">{entry.label}</RadixSelect.Label>
                  {entry.options.map((option) => (
                    <Item key={option.value} option={option} />
                  ))}
                </RadixSelect.Group>
              ) : (
                <Item key={entry.value} option={entry} />
              ),
            )}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
