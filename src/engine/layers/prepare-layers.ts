import { loadLoopWindows } from '../soundscape/load-loop-windows';

/**
 * A mix with layers is on offer (a link's card): the layers' code loads now, before the tap, so the
 * tap's track does not share its first moments with loading and compiling it (bench/mix.bench.ts).
 * A failed load here is harmless: the first layer loads it again, and reports it then.
 */
export function prepareLayers(kinds: { noise: boolean; soundscape: boolean }): void {
  const quiet = () => undefined;
  import('./layer-engine').catch(quiet);
  if (kinds.noise) import('../noise/noise-sources').catch(quiet);
  if (kinds.soundscape) loadLoopWindows().catch(quiet);
}
