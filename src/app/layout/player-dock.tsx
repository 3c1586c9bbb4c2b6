import { useEffect } from 'react';
import { PlayerBar } from '../../features/player/player-bar';
import { PlayerMixButton } from '../../features/mix/player-mix-button';
import { keepLastMix, type LastMixSources } from '../../stores/last-mix';

/**
 * The player bar with the mix feature's button: its own chunk, loaded once something first plays
 * (issue 24's first-load budget), and mounted from then on. So it also starts keeping what plays as
 * the last mix (issue 40): from the first sound, at no cost to the first load.
 */
export default function PlayerDock({ lastMix }: { lastMix: LastMixSources }) {
  useEffect(() => keepLastMix(lastMix), [lastMix]);
  return <PlayerBar mixControls={<PlayerMixButton />} />;
}
