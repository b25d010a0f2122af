import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { useSchemaForm } from './schema-form';

const schema = z.object({
  name: z.string().trim().min(2, 'Too short!'),
  size: z.string().min(1, 'Required field'),
  news: z.boolean(),
  answers: z.array(z.object({ text: z.string().min(1, 'Required field') })),
});
type In = z.input<typeof schema>;

function Sample({ onValid, load }: { onValid: (v: z.output<typeof schema>) => void; load: () => Promise<typeof schema> }) {
  const form = useSchemaForm<In, z.output<typeof schema>>({
    defaultValues: { name: '', size: '', news: false, answers: [{ text: '' }] },
    schema: load,
  });
  return (
    <form noValidate onFocus={form.onFocus} onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
      <input aria-label="name" {...form.field('name')} />
      {form.errors.name && <p>name: {form.errors.name.message}</p>}
      <label>
        <input type="radio" {...form.radio('size', 's')} />S
      </label>
      <label>
        <input type="radio" {...form.radio('size', 'm')} />M
      </label>
      {form.errors.size && <p>size: {form.errors.size.message}</p>}
      <input type="checkbox" aria-label="news" {...form.checkbox('news')} />
      <textarea aria-label="answer" {...form.field('answers.0.text')} />
      {form.errors['answers.0.text'] && <p>answer: {form.errors['answers.0.text'].message}</p>}
      {form.errors.root && <p role="alert">{form.errors.root.message}</p>}
      <button type="button" onClick={() => form.setError('root', { message: 'server says no' })}>
        fail
      </button>
      <button type="button" onClick={() => form.reset({ name: 'Ana', size: 'm', news: true, answers: [{ text: 'x' }] })}>
        reset
      </button>
      <button type="submit">send</button>
    </form>
  );
}

afterEach(cleanup);

describe('useSchemaForm', () => {
  it('loads the schema on the first focus only, validates at submit, focuses the first invalid field, then follows every change', async () => {
    const load = vi.fn(async () => schema);
    const onValid = vi.fn();
    render(<Sample onValid={onValid} load={load} />);
    expect(load).not.toHaveBeenCalled();
    fireEvent.focus(screen.getByLabelText('name'));
    fireEvent.focus(screen.getByLabelText('answer'));
    expect(load).toHaveBeenCalledTimes(1);

    fireEvent.change(screen.getByLabelText('name'), { target: { value: 'A' } });
    expect(screen.queryByText(/name:/)).toBeNull(); // nothing said before the first submit
    fireEvent.click(screen.getByText('send'));
    expect(await screen.findByText('name: Too short!')).toBeTruthy();
    expect(screen.getByText('size: Required field')).toBeTruthy();
    expect(screen.getByText('answer: Required field')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('name'));
    expect(screen.getByLabelText('name').getAttribute('aria-invalid')).toBe('true');
    expect(onValid).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('name'), { target: { value: ' Ana ' } });
    await waitFor(() => expect(screen.queryByText(/name:/)).toBeNull());
    fireEvent.click(screen.getByLabelText('M'));
    fireEvent.click(screen.getByLabelText('news'));
    fireEvent.change(screen.getByLabelText('answer'), { target: { value: 'yes' } });
    await waitFor(() => expect(screen.queryByText(/answer:/)).toBeNull());
    fireEvent.click(screen.getByText('send'));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    // The parsed output: trimmed as the schema says.
    expect(onValid.mock.calls[0]![0]).toEqual({ name: 'Ana', size: 'm', news: true, answers: [{ text: 'yes' }] });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows errors set from outside (the server) and starts over on reset', async () => {
    const load = vi.fn(async () => schema);
    render(<Sample onValid={vi.fn()} load={load} />);
    fireEvent.click(screen.getByText('fail'));
    expect(screen.getByRole('alert').textContent).toBe('server says no');
    fireEvent.click(screen.getByText('reset'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('name') as HTMLInputElement).value).toBe('Ana');
    expect((screen.getByLabelText('M') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('news') as HTMLInputElement).checked).toBe(true);
    expect(load).not.toHaveBeenCalled();
  });
});
