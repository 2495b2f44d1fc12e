import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { FormField } from '../form-field/form-field';
import { Select } from './select';
import * as stories from './select.stories';

describeStories('Select', stories);

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

  it('shows a localised placeholder', () => {
    renderWithIntl(<Select aria-label="Format" options={[]} />, 'fr-FR');
    expect(screen.getByRole('combobox').textContent).toContain('Choisir…');
  });
});
