/** Chart colors (Tailwind's 600 shades), readable on white; kept apart from charts.tsx so importing them does not pull the lazy charts chunk. */
export const palette = {
  indigo: '#4f46e5',
  amber: '#d97706',
  sky: '#0284c7',
  emerald: '#059669',
  rose: '#e11d48',
  violet: '#7c3aed',
} as const;
