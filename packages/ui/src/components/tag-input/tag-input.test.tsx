import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { describeStories } from '../../test/stories';
import { parseTagNames, TagInput } from './tag-input';
import * as stories from './tag-input.stories';

describeStories('TagInput', stories);

const base = {
  label: 'Tags',
  addLabel: 'Add',
  removeLabel: (n: string) => `Remove ${n}`,
  tags: [{ id: 't1', name: 'League' }],
  maxLength: 12,
};

describe('parseTagNames', () => {
  it('splits on commas, trims and drops duplicates and existing names (any case)', () => {
    expect(parseTagNames(' a, b ,league,, A ,c', ['League'], 40)).toEqual(['a', 'b', 'c']);
  });
  it('cuts names at the maximum length', () => {
    expect(parseTagNames('abcdef', [], 3)).toEqual(['abc']);
  });
});

describe('TagInput', () => {
  it('adds typed tags on Enter and clears the field', () => {
    const onAdd = vi.fn();
    render(<TagInput {...base} onAdd={onAdd} onRemove={vi.fn()} />);
    const field = screen.getByRole('textbox', { name: 'Tags' });
    fireEvent.change(field, { target: { value: 'casual, league' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onAdd).toHaveBeenCalledWith(['casual']);
    expect((field as HTMLInputElement).value).toBe('');
  });
  it('adds on a trailing comma and through the button', () => {
    const onAdd = vi.fn();
    render(<TagInput {...base} onAdd={onAdd} onRemove={vi.fn()} />);
    const field = screen.getByRole('textbox', { name: 'Tags' });
    fireEvent.change(field, { target: { value: 'pod 1,' } });
    expect(onAdd).toHaveBeenLastCalledWith(['pod 1']);
    fireEvent.change(field, { target: { value: 'pod 2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(onAdd).toHaveBeenLastCalledWith(['pod 2']);
  });
  it('cuts each typed name at the given maximum length', () => {
    const onAdd = vi.fn();
    render(<TagInput {...base} onAdd={onAdd} onRemove={vi.fn()} />);
    const field = screen.getByRole('textbox', { name: 'Tags' });
    fireEvent.change(field, { target: { value: 'a very long tag name, short' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onAdd).toHaveBeenCalledWith(['a very long', 'short']);
  });
  it('removes a chip through its named button', () => {
    const onRemove = vi.fn();
    render(<TagInput {...base} onAdd={vi.fn()} onRemove={onRemove} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove League' }));
    expect(onRemove).toHaveBeenCalledWith({ id: 't1', name: 'League' });
  });
  it('is read-only when asked', () => {
    render(<TagInput {...base} readOnly onAdd={vi.fn()} onRemove={vi.fn()} />);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
