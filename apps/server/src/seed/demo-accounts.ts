/** Demo accounts of docs/architecture.md A7, listed on the bundled sign-in page. */
export const demoAccounts = [
  { email: 'ana@rewards.test', name: 'Ana', lastName: 'García', kind: 'shopper' },
  { email: 'tienda@rewards.test', name: 'Tienda', lastName: 'Centro', kind: 'store' },
  { email: 'admin@rewards.test', name: 'Alberto', lastName: 'Admin', kind: 'admin' },
  { email: 'super@rewards.test', name: 'Sofía', lastName: 'Super', kind: 'super' },
] as const;

/**
 * Employees the bundled identity provider knows who have no store account yet: signing in as one
 * shows the first sign-in path (`new`), as a real employee's first visit would.
 */
export const directoryOnlyAccounts = [
  { email: 'nuevo@rewards.test', name: 'Nicolás', lastName: 'Nuevo' },
  // The profile journey's first sign-in (e2e/profile.spec.ts), untouched by the other journeys.
  { email: 'nueva@rewards.test', name: 'Nora', lastName: 'Nueva' },
  // The places journey's first sign-in (e2e/places.spec.ts), from Madrid; untouched by the other journeys.
  { email: 'viajera@rewards.test', name: 'Valeria', lastName: 'Viajera' },
] as const;
