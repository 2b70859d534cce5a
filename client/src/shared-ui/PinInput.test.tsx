import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PinInput } from './PinInput.tsx';

function Harness({ onComplete, error }: { onComplete?: (value: string) => void; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <PinInput
      label="Payment password"
      value={value}
      onChange={setValue}
      onComplete={onComplete}
      error={error}
      testId="pin"
    />
  );
}

const dots = (container: HTMLElement) => container.querySelectorAll('.pin__dot').length;

describe('PinInput', () => {
  it('takes digits only, at most six, and shows a dot per digit', async () => {
    const { container } = render(<Harness />);
    const input = screen.getByLabelText<HTMLInputElement>('Payment password');
    await userEvent.type(input, '1a2 3-4');
    expect(input.value).toBe('1234');
    expect(dots(container)).toBe(4);
    await userEvent.type(input, '56789');
    expect(input.value).toBe('123456');
    expect(dots(container)).toBe(6);
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.type).toBe('password');
  });

  it('reports completion once, when the sixth digit arrives', async () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    const input = screen.getByTestId('pin');
    await userEvent.type(input, '12345');
    expect(onComplete).not.toHaveBeenCalled();
    await userEvent.type(input, '67');
    expect(onComplete.mock.calls).toEqual([['123456']]);
  });

  it('announces its error and ties it to the input', () => {
    render(<Harness error="Wrong payment password. Attempts left: 4." />);
    const input = screen.getByTestId('pin');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Wrong payment password. Attempts left: 4.');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
  });
});
