// The test browser speaks Spanish, as the journeys' browser does by default (e2e/playwright.config.ts,
// es-MX): the app opens in the browser's language on a first visit (docs/architecture.md P9), and jsdom's
// own is en-US. A test of another browser language sets it itself (lib/i18n.test.ts).
Object.defineProperty(navigator, 'languages', { value: ['es-MX', 'es'], configurable: true });
Object.defineProperty(navigator, 'language', { value: 'es-MX', configurable: true });
