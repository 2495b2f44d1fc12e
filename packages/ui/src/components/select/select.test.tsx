import { fireEvent, screen, within } from '@testing-library/react';
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

  it('shows options in labelled groups', async () => {
    const onValueChange = vi.fn();
    renderWithIntl(
      <Select
        aria-label="Format"
        defaultValue="arena"
        onValueChange={onValueChange}
        options={[
          { value: 'none', label: 'None' },
          { label: 'Collection (CSV)', options: [{ value: 'moxfield', label: 'Moxfield' }] },
          {
            label: 'Decklist',
            options: [
              { value: 'arena', label: 'MTG Arena' },
              { value: 'dek', label: 'MTGO (.dek)' },
            ],
          },
        ]}
      />,
    );
    const trigger = screen.getByRole('combobox', { name: 'Format' });
    expect(trigger.textContent).toContain('MTG Arena');
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const decklist = await screen.findByRole('group', { name: 'Decklist' });
    expect(
      within(decklist)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['MTG Arena', 'MTGO (.dek)']);
    const csv = screen.getByRole('group', { name: 'Collection (CSV)' });
    expect(
      within(csv)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Moxfield']);
    expect(screen.getAllByRole('option')).toHaveLength(4);
    fireEvent.click(within(decklist).getByRole('option', { name: 'MTGO (.dek)' }));
    expect(onValueChange).toHaveBeenCalledWith('dek');
  });

  it('shows a localised placeholder', () => {
    renderWithIntl(<Select aria-label="Format" options={[]} />, 'fr-FR');
    expect(screen.getByRole('combobox').textContent).toContain('Choisir…');
  });
});
