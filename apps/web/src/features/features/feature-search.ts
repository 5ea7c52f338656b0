import { createExternalStore } from '../../lib/external-store';

/** Text of the top-bar feature search box; the Features page filters its tree with it. */
export const featureSearchStore = createExternalStore<string>(() => '');
