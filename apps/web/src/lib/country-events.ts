/** SPEC §4: after a successful region change the window event 'countryChanged' is broadcast. */
export const COUNTRY_CHANGED_EVENT = 'countryChanged';

export interface CountryChangedDetail {
  country: string;
  currency: string;
  currencySymbol: string;
}

export function broadcastCountryChanged(detail: CountryChangedDetail): void {
  window.dispatchEvent(new CustomEvent<CountryChangedDetail>(COUNTRY_CHANGED_EVENT, { detail }));
}

/** Subscribes to country changes; returns the unsubscribe function (use it as an effect cleanup). */
export function onCountryChanged(handler: (detail: CountryChangedDetail) => void): () => void {
  const listener = (event: Event) => handler((event as CustomEvent<CountryChangedDetail>).detail);
  window.addEventListener(COUNTRY_CHANGED_EVENT, listener);
  return () => window.removeEventListener(COUNTRY_CHANGED_EVENT, listener);
}
