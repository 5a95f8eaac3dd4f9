// @vitest-environment jsdom
/** The form blocks the create, join and matchmaking pages share (ui/FormParts.tsx). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChoiceGroup, NameField } from '../src/ui/FormParts';
import { VisibilityChoice } from '../src/lobby/PublicMatches';

afterEach(() => cleanup());

describe('the shared form blocks', () => {
  it('a choice group checks the value given and reports the one clicked', () => {
    const onChange = vi.fn();
    render(
      <ChoiceGroup
        legend="Pace"
        name="pace"
        options={[
          { value: 'fast', title: 'Fast', hint: 'a move a day' },
          { value: 'slow', title: 'Slow', data: { 'data-pace': 'slow' } },
        ]}
        value="fast"
        onChange={onChange}
      />,
    );
    const fast = screen.getByRole('radio', { name: /Fast/ }) as HTMLInputElement;
    const slow = screen.getByRole('radio', { name: /Slow/ }) as HTMLInputElement;
    expect(screen.getByRole('group', { name: 'Pace' })).toBeTruthy();
    expect([fast.checked, slow.checked]).toEqual([true, false]);
    expect(screen.getByText('a move a day').tagName).toBe('SMALL');
    expect(slow.closest('label')?.getAttribute('data-pace')).toBe('slow');
    fireEvent.click(slow);
    expect(onChange).toHaveBeenCalledWith('slow');
  });

  it('the visibility choice is one of them, private by default', () => {
    const onChange = vi.fn();
    render(<VisibilityChoice value="private" onChange={onChange} />);
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => [r.value, r.checked])).toEqual([
      ['private', true],
      ['public', false],
    ]);
    fireEvent.click(radios[1]!);
    expect(onChange).toHaveBeenCalledWith('public');
  });

  it('the name field is the form field "name", required unless the page says otherwise', () => {
    const onChange = vi.fn();
    const { rerender } = render(<NameField value="Ola" onChange={onChange} />);
    const input = screen.getByRole('textbox') as HTMLInputElement;
    expect([input.name, input.value, input.required, input.maxLength]).toEqual(['name', 'Ola', true, 32]);
    fireEvent.change(input, { target: { value: 'Kari' } });
    expect(onChange).toHaveBeenCalledWith('Kari');
    rerender(<NameField value="" onChange={onChange} required={false} />);
    expect((screen.getByRole('textbox') as HTMLInputElement).required).toBe(false);
  });
});
