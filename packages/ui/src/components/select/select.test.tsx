import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { FormField } from '../form-field/form-field';
import { Select } from './select';
import * as stories from './select.stories';

describeStories('Select', stories);

/** A parent that controls the select and starts with nothing chosen. */
function Picker() {
  const [choice, setChoice] = useState<string | undefined>(undefined);
  return (
    <>
      <Select
        aria-label="Friend"
        value={choice}
        onValueChange={setChoice}
        options={[{ value: 'a', label: 'Ajani' }]}
      />
      <button type="button" onClick={() => setChoice('a')}>
        choose
      </button>
    </>
  );
}

describe('Select', () => {
  it('is labelled by its FormField and shows the chosen value', () => {
    renderWithIntl(
      <FormField label="Format" error="Required">
        <Select options={[{ value: 'modern', label: 'Modern' }]} defaultValue="modern" />
      </FormField>,
    );
    const trigger = screen.getByRole('combobox', { name: 'Format' });
    expect(trigger.textContent).toContain('Modern');
    expect(trigger.getAttribute('aria-invalid')).toBe('true');
  });

  it('controlled with nothing chosen yet: placeholder, and no uncontrolled-to-controlled warning', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warns = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithIntl(<Picker />);
    expect(screen.getByRole('combobox').textContent).toContain('Choose…');
    screen.getByRole('button', { name: 'choose' }).click();
    await screen.findByText('Ajani');
    const warnings = [...errors.mock.calls, ...warns.mock.calls]
      .map((c) => String(c[0]))
      .filter((m) => /uncontrolled|controlled/.test(m));
    errors.mockRestore();
    warns.mockRestore();
    expect(warnings).toEqual([]);
  });

  it('shows a localised placeholder', () => {
    renderWithIntl(<Select aria-label="Format" options={[]} />, 'fr-FR');
    expect(screen.getByRole('combobox').textContent).toContain('Choisir…');
  });
});
