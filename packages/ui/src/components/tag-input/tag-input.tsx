import '../form-field/form-field.css';
import './tag-input.css';
import { clsx } from 'clsx';
import { type KeyboardEvent, useId, useState } from 'react';

export interface TagInputTag {
  id: string;
  name: string;
  color?: string | null;
}

export interface TagInputProps {
  tags: readonly TagInputTag[];
  /** Label of the text field. */
  label: string;
  /** Accessible name of the list of chips (defaults to `label`). */
  listLabel?: string;
  /** Called with each new tag name (trimmed, not already present, case-insensitive). */
  onAdd: (names: string[]) => void;
  onRemove: (tag: TagInputTag) => void;
  /** Accessible name of a chip's remove button, e.g. `(name) => \`Remove ${name}\``. */
  removeLabel: (name: string) => string;
  /** Text of the add button. */
  addLabel: string;
  placeholder?: string;
  /** Existing tag names offered while typing (a datalist). */
  suggestions?: readonly string[];
  /** Text shown instead of the chips when there is none. */
  emptyLabel?: string;
  /** Hide the field and remove buttons (read-only view). */
  readOnly?: boolean;
  disabled?: boolean;
  /**
   * Longest tag name, in characters: the app passes its API's limit (the ui kit does not know it).
   * The field itself takes several comma-separated names.
   */
  maxLength: number;
  className?: string;
}

/** Splits typed text on commas into new, unique tag names of at most `maxLength` characters. */
export function parseTagNames(text: string, existing: readonly string[], maxLength: number): string[] {
  const seen = new Set(existing.map((n) => n.toLocaleLowerCase()));
  const out: string[] = [];
  for (const raw of text.split(',')) {
    const name = raw.trim().slice(0, maxLength).trim();
    if (!name || seen.has(name.toLocaleLowerCase())) continue;
    seen.add(name.toLocaleLowerCase());
    out.push(name);
  }
  return out;
}

/** Tags as removable chips plus a field to add more by typing (Enter or comma separates). */
export function TagInput({
  tags,
  label,
  listLabel,
  onAdd,
  onRemove,
  removeLabel,
  addLabel,
  placeholder,
  suggestions,
  emptyLabel,
  readOnly = false,
  disabled = false,
  maxLength,
  className,
}: TagInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const commit = () => {
    const names = parseTagNames(
      text,
      tags.map((t) => t.name),
      maxLength,
    );
    setText('');
    if (names.length) onAdd(names);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commit();
    }
  };
  return (
    <div className={clsx('cui-tag-input', className)} data-disabled={disabled || undefined}>
      {tags.length ? (
        <ul className="cui-tag-input__list" aria-label={listLabel ?? label}>
          {tags.map((tag) => (
            <li key={tag.id} className="cui-tag-input__chip">
              {tag.color ? (
                <span className="cui-tag-input__dot" style={{ background: tag.color }} aria-hidden="true" />
              ) : null}
              <span>{tag.name}</span>
              {readOnly ? null : (
                <button
                  type="button"
                  className="cui-tag-input__remove"
                  aria-label={removeLabel(tag.name)}
                  disabled={disabled}
                  onClick={() => onRemove(tag)}
                >
                  <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
                    <path
                      fill="currentColor"
                      d="M3.72 3.72a.75.75 0 0 1 1.06 0L8 6.94l3.22-3.22a.75.75 0 1 1 1.06 1.06L9.06 8l3.22 3.22a.75.75 0 1 1-1.06 1.06L8 9.06l-3.22 3.22a.75.75 0 0 1-1.06-1.06L6.94 8 3.72 4.78a.75.75 0 0 1 0-1.06Z"
                    />
                  </svg>
                </button>
              )}
            </li>
          ))}
        </ul>
      ) : emptyLabel ? (
        <p className="cui-tag-input__empty">{emptyLabel}</p>
      ) : null}
      {readOnly ? null : (
        <div className="cui-tag-input__field">
          <label className="cui-visually-hidden" htmlFor={`${id}-input`}>
            {label}
          </label>
          <input
            id={`${id}-input`}
            className="cui-input cui-tag-input__input"
            value={text}
            maxLength={maxLength * 5}
            placeholder={placeholder}
            disabled={disabled}
            list={suggestions?.length ? `${id}-list` : undefined}
            onChange={(e) => {
              const value = e.target.value;
              if (value.endsWith(',')) {
                const names = parseTagNames(
                  value,
                  tags.map((t) => t.name),
                  maxLength,
                );
                setText('');
                if (names.length) onAdd(names);
              } else setText(value);
            }}
            onKeyDown={onKeyDown}
          />
          {suggestions?.length ? (
            <datalist id={`${id}-list`}>
              {suggestions.map((s) => (
                <option key={s} value={s} />
              ))}
            </datalist>
          ) : null}
          <button
            type="button"
            className="cui-tag-input__add"
            disabled={disabled || !text.trim()}
            onClick={commit}
          >
            {addLabel}
          </button>
        </div>
      )}
    </div>
  );
}
