import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { I18n } from '@/lib/use-translation';
import { I18nProvider } from '@/lib/use-translation';
import { createTestI18n } from '@/test/render';
import { FormActions, FormError } from './form-actions';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('es');
});

function renderForm(submitting: boolean, props: { submitLabel?: string } = {}) {
  const onCancel = vi.fn();
  const onSubmit = vi.fn((e: React.FormEvent) => e.preventDefault());
  const view = render(
    <I18nProvider i18n={i18n}>
      <form onSubmit={onSubmit}>
        <FormActions onCancel={onCancel} submitting={submitting} {...props} />
      </form>
    </I18nProvider>,
  );
  return { onCancel, onSubmit, ...view };
}

describe('FormActions', () => {
  it('submits the form with Save and calls onCancel with Cancel, which does not submit', () => {
    const { onCancel, onSubmit } = renderForm(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('disables Save while the form submits, not Cancel', () => {
    renderForm(true);
    expect(screen.getByRole('button', { name: 'Guardar' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveProperty('disabled', false);
  });

  it('takes its own submit label, and speaks English', async () => {
    await i18n.changeLanguage('en');
    renderForm(false, { submitLabel: 'Save points' });
    expect(screen.getByRole('button', { name: 'Save points' })).toHaveProperty('type', 'submit');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('type', 'button');
  });
});

describe('FormError', () => {
  it('says nothing without a message, and announces one', () => {
    const { rerender } = render(<FormError message={undefined} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FormError message="No se pudo guardar" />);
    expect(screen.getByRole('alert').textContent).toBe('No se pudo guardar');
  });
});
