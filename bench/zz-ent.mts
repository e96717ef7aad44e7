import { Store } from '../loader/store.js';
import { loadFromColumnFile } from './load-engine.js';
const store = await Store.open(process.argv[2], { readOnly: true });
const { dataset } = await loadFromColumnFile(store);
for (const [name, f] of [['people', () => dataset.people()], ['designers', () => dataset.people('designer')], ['artists', () => dataset.people('artist')], ['publishers', () => dataset.publishers()], ['families', () => dataset.families()], ['awards', () => dataset.awards()], ['mechanics', () => dataset.terms('mechanic')]] as const) {
  const t = performance.now(); const n = f().length; console.log(name, n, (performance.now() - t).toFixed(0), 'ms');
}
await store.close();
