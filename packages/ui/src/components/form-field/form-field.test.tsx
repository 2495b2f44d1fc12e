import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../test/render';
import { describeStories } from '../../test/stories';
import { FormField, Input, TextArea } from './form-field';
import * as stories from './form-field.stories';

describeStories('FormField', stories);

describe('FormField', () => {
  it('labels the control and links hint and error with aria-describedby', () => {
    renderWithIntl(
      <FormField label="Username" hint="3 to 20 characters" error="Already taken">
        <Input />
      </FormField>,
    );
    const input = screen.getByLabelText('Username');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(ids).toHaveLength(2);
    const texts = ids.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain('3 to 20 characters');
    expect(texts.some((text) => text?.includes('Already taken'))).toBe(true);
  });

  it('is not invalid without an error and keeps the control’s own describedby', () => {
    renderWithIntl(
      <FormField label="Notes" required>
        <TextArea aria-describedby="extra" />
      </FormField>,
    );
    const textarea = screen.getByRole('textbox', { name: /Notes/ });
    expect(textarea.getAttribute('aria-invalid')).toBeNull();
    expect(textarea.getAttribute('aria-describedby')).toBe('extra');
    expect((textarea as HTMLTextAreaElement).required).toBe(true);
  });
});
