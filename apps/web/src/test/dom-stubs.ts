import { onTestFinished } from 'vitest';

/**
 * What Mantine reads from a browser, made the same in every test: `matchMedia` never matches (a wide screen, motion
 * allowed, the light scheme), `ResizeObserver` and `scrollIntoView` (Combobox options) do nothing. jsdom lacks them;
 * happy-dom has its own, which would answer by its window's size. Installed for the running test and taken away when
 * it finishes, so a test file leaves the DOM window its worker shares with other DOM test files as it found it.
 */
export function installDomStubs(): void {
  const saved = {
    matchMedia: Object.getOwnPropertyDescriptor(window, 'matchMedia'),
    resizeObserver: Object.getOwnPropertyDescriptor(window, 'ResizeObserver'),
    scrollIntoView: Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView'),
  };
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
  Object.defineProperty(window, 'ResizeObserver', {
    configurable: true,
    writable: true,
    value: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
  Object.defineProperty(Element.prototype, 'scrollIntoView', { configurable: true, writable: true, value: () => {} });
  onTestFinished(() => {
    restore(window, 'matchMedia', saved.matchMedia);
    restore(window, 'ResizeObserver', saved.resizeObserver);
    restore(Element.prototype, 'scrollIntoView', saved.scrollIntoView);
  });
}

function restore(target: object, key: string, descriptor: PropertyDescriptor | undefined): void {
  if (descriptor) Object.defineProperty(target, key, descriptor);
  else delete (target as Record<string, unknown>)[key];
}
