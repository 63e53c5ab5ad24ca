import { lazy, type ComponentType } from 'react';

/**
 * A screen whose code is loaded on its first visit: the route module (and whatever only it imports) becomes its own
 * chunk, so /login does not download the analyzers. `name` is the module's named export, e.g.
 * `lazyPage(() => import('./routes/help.tsx'), 'HelpPage')`.
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}
